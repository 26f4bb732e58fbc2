"""Set-up areas in Panzer Grenadier: hexes where a side's player places some of its units
before turn 1 (D-SETUP-1).

The areas, their packing and the document's problems with them are one implementation for
both rulesets (games/rules/common/setup_areas.py); this module gives it what Panzer
Grenadier's rules say: a counter's stacking counts (combat, transport: 4.1, 4.2, D6), the
terrain it may enter (5.1), the sides' set-up order (`sets_up`), and the rules to cite. The
set-up phase itself is deployment.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...common import setup_areas as common
from ...common.hexgrid import Hex
from ...common.setup_areas import Citations, Piece
from .stacking import stacking_class, stacking_problem_counts

_POSITION_KEYS = ("hex", "entry_turn", "entry_edge", "carried_by")
CITE = Citations(areas="D-SETUP-1", room="D-SETUP-2", sharing="4.0", stacking="4.1",
                 terrain="5.1", team="D-SETUP-4")


def piece_of(uid: str, type_id: str, passenger_types: Iterable[str], cat: Any) -> Piece:
    """The piece a counter makes with the passengers it carries (they stack where it stands)."""
    combat = transport = 0
    for t in (type_id, *passenger_types):
        kind = stacking_class(cat[t])
        combat += kind == "combat"
        transport += kind == "transport"
    return Piece(uid, (combat, transport), cat[type_id].movement_class)


def fits(present: tuple[int, ...], adding: tuple[int, ...]) -> bool:
    """Whether the stacking limit (4.1, 4.2, D6) lets these counts into the hex."""
    return stacking_problem_counts((present[0], present[1]), (adding[0], adding[1])) is None


def may_enter(m: Any) -> Any:
    """The terrain test of a map: may units of a movement class stand in a hex (5.1)?"""
    return lambda movement_class, h: not m.terrain(h).is_prohibited(movement_class)


# -- the scenario check -----------------------------------------------------------------------


class _Rules:
    """What the shared check of areas asks of a Panzer Grenadier document (its Checker)."""

    cite = CITE

    def __init__(self, checker: Any, units: Mapping[Any, tuple[int, dict]]):
        self.checker = checker
        self.units = units
        self.may_enter = may_enter(checker.map) if checker.map is not None else None
        self.fits = fits

    def hex(self, where: str, label: Any) -> Hex | None:
        return self.checker.hex(where, label)

    def fixed_counts(self, side: str, hexes: set[Any]) -> dict[Any, tuple[int, ...]]:
        """The side's stacking counts in the area's hexes from counters the scenario places."""
        cat, checker = self.checker.cat, self.checker
        counts: dict[Any, tuple[int, ...]] = {}
        for _i, u in self.units.values():
            home = self.units.get(u.get("carried_by"), (0, u))[1]
            label = home.get("hex")
            h = checker.hexes.get(label) if isinstance(label, str) else None
            if h not in hexes or u.get("side") != side or u.get("type") not in cat:
                continue
            kind = stacking_class(cat[u["type"]])
            c, t = counts.get(h, (0, 0))
            counts[h] = (c + (kind == "combat"), t + (kind == "transport"))
        return counts


def area_problems(raw: Mapping[str, Any], checker: Any) -> list[str]:
    """The document's problems with its set-up areas, as `path: message` lines (the shared
    check, common/setup_areas.py, with 4.0, 4.1 and 5.1), and units with no place at all.
    `checker` is the scenario Checker (its map, catalogue and hex parser, which notes hexes
    off the map)."""
    units = {u.get("id"): (i, u) for i, u in common.dict_entries(raw.get("units"))}
    cat = checker.cat
    passengers: dict[str, list[str]] = {}
    for _i, u in units.values():
        if isinstance(u.get("carried_by"), str) and u.get("type") in cat:
            passengers.setdefault(u["carried_by"], []).append(u["type"])
    fixed_side: dict[Hex, Any] = {}  # hexes holding counters the scenario places
    for _i, u in units.values():
        h = checker.hexes.get(u.get("hex")) if isinstance(u.get("hex"), str) else None
        if h is not None:
            fixed_side.setdefault(h, u.get("side"))
    doc_units = []
    for uid, (i, u) in units.items():
        if not isinstance(uid, str):
            continue
        placed = next((k for k in _POSITION_KEYS if k in u), None)
        piece = (piece_of(uid, u["type"], passengers.get(uid, ()), cat)
                 if u.get("type") in cat else None)
        doc_units.append(common.DocUnit(uid, u.get("side"), f"units[{i}]", placed, piece))
    rules = _Rules(checker, units)
    out = common.area_problems(raw.get("sides"), doc_units, fixed_side, rules,
                               has_map=checker.map is not None)
    out += [f"{u.at}: needs a hex, an entry turn and edge, a carrier, or a place in a set-up "
            f"area of its side ({CITE.areas})" for u in common.unplaced(doc_units, raw.get("sides"))]
    return out


# -- who sets up when -------------------------------------------------------------------------

_RANK = {"first": 0, "second": 2}


def setup_order(scenario: Any) -> tuple[str, ...]:
    """The sides that place units, in the order they do (D-SETUP-1): the side the scenario
    says sets up first, then any it says nothing of (in the scenario's order), then the one
    that sets up second."""
    return common.setup_order(((s.id, _RANK.get(s.sets_up, 1)) for s in scenario.sides),
                              scenario.setup_areas)


def area_units(scenario: Any) -> dict[str, Any]:
    """Every unit of a set-up area -> its area."""
    return common.area_units(scenario.setup_areas)
