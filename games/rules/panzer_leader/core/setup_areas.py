"""Set-up areas in Panzer Leader (23.1; PL-E1): hexes where a side's player places some of
its units before turn 1, instead of the situation naming a hex for each.

The areas, their packing and the document's problems with them are one implementation for
both rulesets (games/rules/common/setup_areas.py); this module gives it what Panzer Leader's
rules say: every counter counts one towards four a hex, both sides, a carrier with its
passenger one counter, forts, wrecks and blocks one each (5); one side a hex (4.5); no unit
sets up where it could not enter in play (QA G8, setup.py). The units of an area are those
of forces with neither set-up hexes nor an entry turn, named by the ids the game gives them
(`<side>-<type>-<n>`, as `loaded` names them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...common import setup_areas as common
from ...common.setup_areas import Citations, Piece
from .scenario import Scenario
from .setup import unenterable
from .stacking import LIMIT, counters_in
from .state import GameState, Unit
from .units import catalogue

CITE = Citations(areas="PL-E1", room="PL-E1", sharing="4.5", stacking="5", terrain="QA G8")


def piece_of(uid: str, type_id: str) -> Piece:
    """A counter as stacking counts it: one, with or without a passenger (5). Its terrain
    test reads its type (a vehicle, a cavalry unit, infantry under a bridge: QA G8)."""
    return Piece(uid, (1,), type_id, f"{catalogue()[type_id].name} units")


def fits(present: tuple[int, ...], adding: tuple[int, ...]) -> bool:
    """Four counters a hex (5)."""
    return present[0] + adding[0] <= LIMIT


def may_enter(state: GameState) -> Callable[[str, Any], bool]:
    """May a unit of this type set up in the hex (QA G8; setup.py's test of a situation)?"""
    return lambda type_id, label: unenterable(
        state, Unit(id="", type_id=type_id, side="", hex=label)) is None


def area_counts(state: GameState, hexes: set[Any]) -> dict[Any, tuple[int, ...]]:
    """The counters in these hexes as stacking counts them (5)."""
    return {label: (counters_in(state, label),) for label in hexes}


# -- the scenario check -----------------------------------------------------------------------


class _Rules:
    """What the shared check of areas asks of a situation document, read from its opening
    state (the units the situation places, its forts, blocks and bridges)."""

    cite = CITE
    fits = staticmethod(fits)

    def __init__(self, sit: Scenario, state: GameState):
        self.map = sit.map
        self.state = state
        self.may_enter = may_enter(state)
        self.off_map: list[str] = []

    def hex(self, where: str, label: Any) -> str | None:
        try:
            return self.map.label(self.map.hex(label))
        except (ValueError, TypeError):
            self.off_map.append(f"{where}: {label!r} is off the map")
            return None

    def fixed_counts(self, side: str, hexes: set[Any]) -> dict[Any, tuple[int, ...]]:
        return area_counts(self.state, hexes)


def _placed_by(force: Mapping[str, Any], uid: str, carried: set[str]) -> str | None:
    if force.get("entry_turn"):
        return "an entry turn"
    if force.get("at"):
        return "set-up hexes"
    if uid in carried:
        return "a carrier (loaded)"
    return None


def area_problems(doc: Mapping[str, Any], sit: Scenario, state: GameState,
                  force_of: Mapping[str, int]) -> list[str]:
    """The document's problems with its set-up areas, as `path: message` lines, and the
    forces with no place: neither set-up hexes, an entry turn nor an area for each unit.
    `state` is the situation's opening state; `force_of` maps its unit ids to the index of
    the force each came from."""
    forces = doc["forces"]
    carried = {p.get("passenger") for p in doc.get("loaded", ()) if isinstance(p, Mapping)}
    units = []
    for uid, u in state.units.items():
        i = force_of[uid]
        placed = _placed_by(forces[i], uid, carried)  # type: ignore[arg-type]
        units.append(common.DocUnit(uid, u.side, f"forces[{i}]", placed,
                                    piece_of(uid, u.type_id)))
    fixed_side = {u.hex: u.side for u in state.units.values() if u.hex is not None}
    rules = _Rules(sit, state)
    out = common.area_problems(doc["sides"], units, fixed_side, rules)
    out = rules.off_map + out
    no_place = sorted({u.at for u in common.unplaced(units, doc["sides"])},
                      key=lambda at: int(at[7:-1]))
    out += [f"{at}.at: off the map: no set-up hex, no entry turn and no place in a set-up area "
            f"of its side ({CITE.areas})" for at in no_place]
    return out


def area_units(sit: Scenario) -> dict[str, Any]:
    """Every unit of a set-up area -> its area."""
    return common.area_units(sit.setup_areas)
