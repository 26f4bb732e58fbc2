"""Set-up areas of a scenario document, for every ruleset: hexes drawn on the map where a
side's player places the units listed with them before turn 1.

The data shape is one for both games: `sides[].setup_areas`, each a `name`, its `hexes` (map
labels) and the `units` (ids) its player places there; a unit of an area has no set-up hex,
entry or carrier of its own. What is the same whatever the rules is here: reading the areas,
the order sides set up in, packing a set of counters into an area (first fit), and the
document's problems with its areas. What each game's rules say (its stacking counts and
limit, the terrain a unit may enter, the rule numbers to cite) comes in through `AreaRules`.
The set-up phase itself is setup_phase.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from .scenario_problems import value_at


@dataclass(frozen=True, slots=True)
class SetupArea:
    """Hexes where a side's player places the listed units before turn 1."""

    side: str
    name: str
    hexes: tuple[Any, ...]  # in the document's order: a bot's ties go to the first
    units: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Piece:
    """A counter to place with what it carries: what it adds to a hex's stacking counts
    (one number per thing the ruleset counts) and its movement class."""

    id: str
    counts: tuple[int, ...]
    movement_class: str  # the key the ruleset's terrain test reads
    what: str = ""  # how a problem names it ("M4 Sherman units"); its movement class's units


@dataclass(frozen=True, slots=True)
class Citations:
    """The rules a ruleset's problems and refusals cite: its decision on set-up areas, the
    one on leaving room for the rest, one side a hex, stacking, and terrain."""

    areas: str
    room: str
    sharing: str
    stacking: str
    terrain: str
    team: str = ""  # which seat of a side places a unit, where a side may have several


def areas_of(sides: Iterable[Mapping[str, Any]], hex_of: Callable[[str], Any]
             ) -> tuple[SetupArea, ...]:
    """The areas of a checked document's sides, hexes parsed by `hex_of`."""
    return tuple(SetupArea(s["id"], a["name"], tuple(hex_of(h) for h in a["hexes"]),
                           tuple(a["units"]))
                 for s in sides for a in s.get("setup_areas", []))


def area_units(areas: Iterable[SetupArea]) -> dict[str, SetupArea]:
    """Every unit of a set-up area -> its area."""
    return {uid: a for a in areas for uid in a.units}


def setup_order(sides: Iterable[tuple[str, int]], areas: Iterable[SetupArea]) -> tuple[str, ...]:
    """The sides that place units, in the order they do: `sides` gives each side id with its
    rank (lower sets up earlier; equal ranks keep the scenario's order). A side whose areas
    list no unit (a designer's area still empty) has nothing to place. () when no side does:
    the scenario places everything."""
    placing = {a.side for a in areas if a.units}
    ranked = [(rank, i, sid) for i, (sid, rank) in enumerate(sides) if sid in placing]
    return tuple(sid for _, _, sid in sorted(ranked))


def add_counts(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def first_fit(
    pieces: Iterable[Piece],
    hexes: Iterable[Any],
    present: Mapping[Any, tuple[int, ...]],
    may_enter: Callable[[str, Any], bool],
    fits: Callable[[tuple[int, ...], tuple[int, ...]], bool],
) -> dict[str, Any] | None:
    """A hex for every piece, or None when this way finds none: the biggest pieces first, each
    in the first hex (in the area's order) its terrain (`may_enter(movement_class, hex)`) and
    the stacking limit (`fits(counts there, counts added)`) let it into. `present` holds the
    side's counts already in each hex. The check of a scenario and the offer of a placement
    both ask this, so a side is never offered a placement after which the rest of its units
    cannot be placed."""
    order = sorted(pieces, key=lambda p: (-sum(p.counts), p.id))
    hexes = list(hexes)
    counts = dict(present)
    out: dict[str, Any] = {}
    for p in order:
        for h in hexes:
            before = counts.get(h) or (0,) * len(p.counts)
            if not may_enter(p.movement_class, h) or not fits(before, p.counts):
                continue
            counts[h] = add_counts(before, p.counts)
            out[p.id] = h
            break
        else:
            return None
    return out


# -- the scenario check -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DocUnit:
    """A unit as a document gives it: its id, side, where it is written (`units[3]`,
    `forces[2]`), the key that already places it (`hex`, `entry_turn`...: None when nothing
    does) and its piece (None when its type is unknown: the ruleset's check says so)."""

    id: str
    side: Any
    at: str
    placed_by: str | None
    piece: Piece | None


class AreaRules(Protocol):
    """What a ruleset tells the check of set-up areas."""

    cite: Citations

    def hex(self, where: str, label: Any) -> Any | None:
        """The hex of a label, or None (after noting the problem when it is off the map)."""

    def may_enter(self, movement_class: str, h: Any) -> bool: ...

    def fits(self, present: tuple[int, ...], adding: tuple[int, ...]) -> bool: ...

    def fixed_counts(self, side: str, hexes: set[Any]) -> dict[Any, tuple[int, ...]]:
        """The side's stacking counts in these hexes from what the scenario places there."""


def area_problems(sides: Any, units: Iterable[DocUnit], fixed_side: Mapping[Any, Any],
                  rules: AreaRules, *, has_map: bool = True) -> list[str]:
    """The document's problems with its set-up areas, as `path: message` lines: units in two
    areas or of the other side, area hexes off the map or shared with the other side, units
    that could enter no hex of their area, areas that cannot hold their units under the
    stacking limit, and units with no place at all. `fixed_side` maps the hexes holding
    counters the scenario places to their side."""
    cite = rules.cite
    out: list[str] = []
    by_id = {u.id: u for u in units}
    in_area: dict[str, str] = {}
    area_side: dict[Any, tuple[Any, Any]] = {}
    for si, side in dict_entries(sides):
        sid = side.get("id")
        names: set[Any] = set()
        for ai, area in dict_entries(side.get("setup_areas")):
            where = f"sides[{si}].setup_areas[{ai}]"
            name = area.get("name")
            if name in names:
                out.append(f"{where}.name: side {sid!r} already has an area {name!r}")
            names.add(name)
            labels = area.get("hexes") if isinstance(area.get("hexes"), list) else []
            hexes = []
            for hi, label in enumerate(labels):
                h = rules.hex(f"{where}.hexes[{hi}]", label)
                if h is None:
                    continue
                hexes.append(h)
                other = area_side.setdefault(h, (sid, name))
                if other[0] != sid:
                    out.append(f"{where}.hexes[{hi}]: {label} is also in side {other[0]!r}'s "
                               f"set-up area {other[1]!r} ({cite.sharing}, {cite.areas})")
                elif fixed_side.get(h, sid) != sid:
                    out.append(f"{where}.hexes[{hi}]: {label} holds units of side "
                               f"{fixed_side[h]!r} set up by the scenario ({cite.sharing})")
            pieces = []
            listed = area.get("units") if isinstance(area.get("units"), list) else []
            for ui, uid in enumerate(listed):
                at = f"{where}.units[{ui}]"
                u = by_id.get(uid) if isinstance(uid, str) else None
                if u is None:
                    out.append(f"{at}: no unit {uid!r}")
                    continue
                if uid in in_area:
                    out.append(f"{at}: unit {uid!r} is already in set-up area {in_area[uid]!r}"
                               f" ({cite.areas})")
                    continue
                in_area[uid] = str(name)
                if u.side != sid:
                    out.append(f"{at}: unit {uid!r} belongs to side {u.side!r}")
                    continue
                if u.placed_by:
                    out.append(f"{at}: unit {uid!r} has {u.placed_by} at {u.at}: a unit of a "
                               f"set-up area is placed by its player ({cite.areas})")
                    continue
                if u.piece is None:
                    continue
                if has_map and hexes and not any(
                        rules.may_enter(u.piece.movement_class, h) for h in hexes):
                    what = u.piece.what or f"{u.piece.movement_class} units"
                    out.append(f"{at}: no hex of area {name!r} is terrain {what} may enter "
                               f"({cite.terrain})")
                    continue
                pieces.append(u.piece)
            if not has_map or not hexes or len(hexes) != len(labels):
                continue
            present = rules.fixed_counts(sid, set(hexes))
            if first_fit(pieces, hexes, present, rules.may_enter, rules.fits) is None:
                out.append(f"{where}: area {name!r} cannot hold its units under the stacking "
                           f"limit ({cite.stacking})")
    return out


def unplaced(units: Iterable[DocUnit], sides: Any) -> list[DocUnit]:
    """The units with no place of their own and in no set-up area of the document."""
    listed = {uid for _, s in dict_entries(sides) for _, a in dict_entries(s.get("setup_areas"))
              for uid in (a.get("units") if isinstance(a.get("units"), list) else [])
              if isinstance(uid, str)}
    return [u for u in units if not u.placed_by and u.id not in listed]


def dict_entries(value: Any) -> list[tuple[int, dict]]:
    """The objects of a document's list with their indexes (anything else skipped)."""
    if not isinstance(value, list):
        return []
    return [(i, v) for i, v in enumerate(value) if isinstance(v, dict)]


def area_hex(found: dict, doc: Any) -> dict:
    """A problem of one hex of a set-up area (`sides[0].setup_areas[1].hexes[2]`) stands on
    that hex, for the designer to draw it there."""
    if found["hex"] is None and found["field"].endswith("]") and ".hexes[" in found["field"]:
        label = value_at(doc, found["field"])
        if isinstance(label, str):
            return {**found, "hex": label}
    return found
