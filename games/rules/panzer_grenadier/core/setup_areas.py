"""Set-up areas: hexes where a side's player places some of its units before turn 1 (D-SETUP-1).

A scenario may give a side `setup_areas` (a name, the hexes, the units to go there) instead of
a hex for each of those units. This module holds what both the scenario check and the game's
set-up phase need to know of them: whether a set of counters can still all be placed in an
area under the stacking limit (4.1, D6) and the terrain each may enter (5.1), and the
document's problems with its areas. The set-up phase itself is deployment.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ...common.hexgrid import Hex
from .stacking import stacking_class, stacking_problem_counts

_POSITION_KEYS = ("hex", "entry_turn", "entry_edge", "carried_by")


@dataclass(frozen=True, slots=True)
class Piece:
    """A counter to place with what it carries: its stacking counts and movement class."""

    id: str
    counts: tuple[int, int]  # (combat, transport) as stacking counts them, passengers included
    movement_class: str


def piece_of(uid: str, type_id: str, passenger_types: Iterable[str], cat: Any) -> Piece:
    """The piece a counter makes with the passengers it carries (they stack where it stands)."""
    combat = transport = 0
    for t in (type_id, *passenger_types):
        kind = stacking_class(cat[t])
        combat += kind == "combat"
        transport += kind == "transport"
    return Piece(uid, (combat, transport), cat[type_id].movement_class)


def first_fit(
    pieces: Iterable[Piece],
    hexes: Iterable[Hex],
    present: Mapping[Hex, tuple[int, int]],
    may_enter: Callable[[str, Hex], bool],
) -> dict[str, Hex] | None:
    """A hex for every piece, or None when this way finds none: the biggest pieces first, each
    in the first hex (in the area's order) its terrain and the stacking limit let it into.
    `present` holds the side's counts already in each hex. The check of a scenario and the
    offer of a placement both ask this, so a side is never offered a placement after which
    the rest of its units cannot be placed (D-SETUP-2)."""
    order = sorted(pieces, key=lambda p: (-(p.counts[0] + p.counts[1]), p.id))
    hexes = list(hexes)
    counts = dict(present)
    out: dict[str, Hex] = {}
    for p in order:
        for h in hexes:
            before = counts.get(h, (0, 0))
            if not may_enter(p.movement_class, h) or stacking_problem_counts(before, p.counts):
                continue
            counts[h] = (before[0] + p.counts[0], before[1] + p.counts[1])
            out[p.id] = h
            break
        else:
            return None
    return out


# -- the scenario check -----------------------------------------------------------------------


def area_problems(raw: Mapping[str, Any], checker: Any) -> list[str]:
    """The document's problems with its set-up areas, as `path: message` lines: units in two
    areas or of the other side, area hexes off the map or shared with the other side, units
    that could enter no hex of their area (5.1), areas that cannot hold their units (4.1, D6),
    and units with no place at all. `checker` is the scenario Checker (its map, catalogue and
    hex parser, which notes hexes off the map)."""
    out: list[str] = []
    units = {u.get("id"): (i, u) for i, u in _items(raw.get("units"))}
    cat, m = checker.cat, checker.map
    passengers: dict[str, list[str]] = {}
    for _i, u in units.values():
        if isinstance(u.get("carried_by"), str) and u.get("type") in cat:
            passengers.setdefault(u["carried_by"], []).append(u["type"])
    fixed_side: dict[Hex, str] = {}  # hexes holding counters the scenario places
    for _i, u in units.values():
        h = checker.hexes.get(u.get("hex")) if isinstance(u.get("hex"), str) else None
        if h is not None:
            fixed_side.setdefault(h, u.get("side"))
    in_area: dict[str, str] = {}
    area_side: dict[Hex, tuple[str, str]] = {}
    for si, side in _items(raw.get("sides")):
        names: set[str] = set()
        for ai, area in _items(side.get("setup_areas")):
            where = f"sides[{si}].setup_areas[{ai}]"
            name = area.get("name")
            if name in names:
                out.append(f"{where}.name: side {side.get('id')!r} already has an area {name!r}")
            names.add(name)
            hexes = []
            for hi, label in enumerate(area.get("hexes") or []):
                h = checker.hex(f"{where}.hexes[{hi}]", label)
                if h is None:
                    continue
                hexes.append(h)
                other = area_side.setdefault(h, (side.get("id"), name))
                if other[0] != side.get("id"):
                    out.append(f"{where}.hexes[{hi}]: {label} is also in side {other[0]!r}'s "
                               f"set-up area {other[1]!r} (4.0, D-SETUP-1)")
                elif fixed_side.get(h, side.get("id")) != side.get("id"):
                    out.append(f"{where}.hexes[{hi}]: {label} holds units of side "
                               f"{fixed_side[h]!r} set up by the scenario (4.0)")
            pieces = []
            for ui, uid in enumerate(area.get("units") or []):
                at = f"{where}.units[{ui}]"
                if uid not in units:
                    out.append(f"{at}: no unit {uid!r}")
                    continue
                i, u = units[uid]
                if uid in in_area:
                    out.append(f"{at}: unit {uid!r} is already in set-up area {in_area[uid]!r}"
                               " (D-SETUP-1)")
                    continue
                in_area[uid] = str(name)
                if u.get("side") != side.get("id"):
                    out.append(f"{at}: unit {uid!r} belongs to side {u.get('side')!r}")
                    continue
                placed = [k for k in _POSITION_KEYS if k in u]
                if placed:
                    out.append(f"{at}: unit {uid!r} has {placed[0]} at units[{i}]: a unit of a "
                               "set-up area is placed by its player (D-SETUP-1)")
                    continue
                if u.get("type") not in cat:
                    continue
                piece = piece_of(uid, u["type"], passengers.get(uid, ()), cat)
                if m is not None and hexes and not any(
                        _may_enter(m, piece.movement_class, h) for h in hexes):
                    out.append(f"{at}: no hex of area {name!r} is terrain "
                               f"{piece.movement_class} units may enter (5.1)")
                    continue
                pieces.append(piece)
            if m is None or not hexes or len(hexes) != len(area.get("hexes") or []):
                continue
            present = _fixed_counts(units, side.get("id"), hexes, checker)
            if first_fit(pieces, hexes, present, lambda mc, h: _may_enter(m, mc, h)) is None:
                out.append(f"{where}: area {name!r} cannot hold its units under the stacking "
                           "limit (4.1)")
    for i, u in units.values():
        if not any(k in u for k in _POSITION_KEYS) and u.get("id") not in in_area:
            out.append(f"units[{i}]: needs a hex, an entry turn and edge, a carrier, or a place "
                       "in a set-up area of its side (D-SETUP-1)")
    return out


def _may_enter(m: Any, movement_class: str, h: Hex) -> bool:
    return not m.terrain(h).is_prohibited(movement_class)


def _fixed_counts(units, side, hexes, checker) -> dict[Hex, tuple[int, int]]:
    """The side's stacking counts in the area's hexes from counters the scenario places."""
    wanted, cat = set(hexes), checker.cat
    counts: dict[Hex, tuple[int, int]] = {}
    for _i, u in units.values():
        home = units.get(u.get("carried_by"), (0, u))[1]
        h = checker.hexes.get(home.get("hex")) if isinstance(home.get("hex"), str) else None
        if h not in wanted or u.get("side") != side or u.get("type") not in cat:
            continue
        kind = stacking_class(cat[u["type"]])
        c, t = counts.get(h, (0, 0))  # type: ignore[arg-type]
        counts[h] = (c + (kind == "combat"), t + (kind == "transport"))  # type: ignore[index]
    return counts


def _items(value: Any) -> list[tuple[int, dict]]:
    if not isinstance(value, list):
        return []
    return [(i, v) for i, v in enumerate(value) if isinstance(v, dict)]


# -- who sets up when -------------------------------------------------------------------------


def setup_order(scenario: Any) -> tuple[str, ...]:
    """The sides that place units, in the order they do (D-SETUP-1): the side the scenario
    says sets up first, then any it says nothing of (in the scenario's order), then the one
    that sets up second. A side whose areas list no unit (a designer's area still empty) has
    nothing to place. () when no side does: the scenario places everything."""
    with_areas = [s for s in scenario.sides
                  if any(a.side == s.id and a.units for a in scenario.setup_areas)]
    rank = {"first": 0, "second": 2}
    return tuple(s.id for s in sorted(with_areas, key=lambda s: rank.get(s.sets_up, 1)))


def area_units(scenario: Any) -> dict[str, Any]:
    """Every unit of a set-up area -> its area."""
    return {uid: a for a in scenario.setup_areas for uid in a.units}
