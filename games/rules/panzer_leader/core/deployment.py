"""The set-up phase of a situation with set-up areas (23.1; PL-E1).

Such a situation opens in the `setup` phase: the side that sets up first (the one that does
not set up last, 23.2) places each unit of its areas in a hex of the unit's area (`deploy`
{unit, hex}), may take one back (`undeploy` {unit}), and ends with `setup_done` once every one
is placed; then the side that sets up last does the same, and turn 1's first segment opens.
A hex is refused where the unit could not enter in play (QA G8), where the other side
stands (4.5), beyond four counters (5), on a board the situation closes to the side (QA G7),
and where the side's other units could not all be placed after it.

The phase is one implementation for both rulesets (games/rules/common/setup_phase.py); this
module is Panzer Leader's side of it. While a side places, its area units are off the map
for every other audience (views.py asks `as_seen_by`), and its placements are its own
events.
"""

from __future__ import annotations

from typing import Any

from ...common import setup_phase as phase
from ...common.errors import IllegalCommand
from .scenario import face_guns, game_map, off_limits, scenario_for
from .setup import seen_at_setup, unenterable
from .setup_areas import CITE, area_counts, area_units, fits, may_enter, piece_of
from .stacking import has_room
from .state import SETUP, GameState, Unit

RULE = CITE.areas
COMMANDS = phase.COMMANDS


class _Play:
    """Panzer Leader's state, as the shared set-up phase reads and changes it (a copy each
    time: `apply`'s own copy is never changed under a caller)."""

    cite = CITE
    fits = staticmethod(fits)

    def in_setup(self, state: GameState) -> bool:
        return state.phase == SETUP

    def active_side(self, state: GameState) -> str | None:
        return state.active_side

    def areas(self, state: GameState) -> tuple:
        return scenario_for(state.scenario_id).setup_areas

    def order(self, state: GameState) -> tuple[str, ...]:
        return scenario_for(state.scenario_id).setup_order

    def unit(self, state: GameState, uid: str) -> Unit | None:
        return state.units.get(uid)

    def passengers(self, state: GameState, uid: str) -> list[str]:
        return sorted(u.id for u in state.units.values() if u.carried_by == uid)

    def label(self, state: GameState, h: Any) -> str:
        return str(h)

    def parse(self, state: GameState, label: Any) -> str:
        if not isinstance(label, str):
            raise ValueError(f"{label!r} is no hex label")
        m = game_map(state)
        return m.label(m.hex(label))

    def refusal(self, state: GameState, unit: Unit, h: Any) -> str | None:
        why = _placeable(state, unit, h)
        if why or not _out_of_sight_due(state, unit):
            return why
        seen = seen_at_setup(state, _at(unit, h))
        if seen is None:
            return None
        hidden = [x for x in area_units(scenario_for(state.scenario_id))[unit.id].hexes
                  if _placeable(state, unit, x) is None
                  and seen_at_setup(state, _at(unit, x)) is None]
        if hidden:
            return f"{h}: {seen}; {hidden[0]} of its area is out of sight (23.2)"
        return None  # nowhere out of sight is left: as many as possible were (QA G9)

    def piece(self, state: GameState, uid: str) -> Any:
        return piece_of(uid, state.units[uid].type_id)

    def side_counts(self, state: GameState, side: str) -> dict:
        hexes = {h for a in self.areas(state) if a.side == side for h in a.hexes}
        return area_counts(state, hexes)

    def may_enter(self, state: GameState) -> Any:
        return may_enter(state)

    def not_yours(self, state: GameState, seat: str, unit: Unit) -> str | None:
        return None  # every seat of a side commands all its units (no team deal in PL)

    def at(self, state: GameState, uids: list[str], h: Any) -> GameState:
        state = state.copy()
        for uid in uids:
            state.units[uid].hex = h
        return state

    def finish(self, state: GameState, next_side: str | None) -> GameState:
        state = state.copy()
        if next_side is not None:
            state.active_side = next_side
            return state
        state.phase = "combat"  # turn 1's first segment, as a situation without areas opens
        state.active_side = state.sides[0]
        face_guns(state)
        return state

    def event(self, kind: str, side: str, units: tuple[str, ...] = (), **data: Any) -> dict:
        if kind == "setup_done":
            return {"type": "setup_done", "side": side}
        # Where a side puts a counter is its own until its whole set-up is done (PL-E1).
        return {"type": kind, "side": side, "units": list(units), **data, "private": side}


PLAY = _Play()


def _at(unit: Unit, h: Any) -> Unit:
    """The unit as it would stand in hex h (a detached copy: the state is not changed)."""
    return Unit(id=unit.id, type_id=unit.type_id, side=unit.side, hex=h)


def _placeable(state: GameState, unit: Unit, h: Any) -> str | None:
    """Why the unit may not be set up in hex h whoever sees it, or None."""
    why = unenterable(state, _at(unit, h))
    if why:
        return f"{h}: {why}"
    if any(u.side != unit.side for u in state.units_at(h)):
        return f"{h} holds the other side's units (4.5)"
    if not has_room(state, h):
        return f"{h} holds four counters already (5)"
    return off_limits(state, unit, h)


def _out_of_sight_due(state: GameState, unit: Unit) -> bool:
    """Must the unit set up out of the enemy's sight? The side that sets up last must,
    unless the situation is an invasion (23.2; QA G10)."""
    sit = scenario_for(state.scenario_id)
    return unit.side == sit.sets_up_last and not sit.raw.get("invasion")


def apply(state: GameState, seat: str, side: str, t: str, command: dict
          ) -> tuple[GameState, list[dict]]:
    """A set-up command, or any other command sent while the sides set up (refused)."""
    if state.phase != SETUP:
        raise IllegalCommand(f"{t}: the set-up is over ({RULE})", rule=RULE)
    if t not in COMMANDS:
        raise IllegalCommand(f"{t}: the battle starts with the set-up ({RULE})", rule=RULE)
    return phase.apply(PLAY, state, seat, side, t, command.get)


def offers(state: GameState, seat: str) -> dict[str, list[dict]]:
    side = state.seat_side(seat)
    return phase.offers(PLAY, state, seat, side) if side else {}


def as_seen_by(state: GameState, side: str | None) -> GameState:
    """The state as an audience may know it during set-up: the counters another side is
    still placing are off the map (PL-E1). `side` None: the spectators' public view."""
    hide = phase.hidden_placements(PLAY, state, side)
    return PLAY.at(state, hide, None) if hide else state


def areas_view(state: GameState, side: str | None) -> list[dict] | None:
    """The set-up areas of the side placing now, for its own board."""
    return phase.areas_view(PLAY, state, side)


def to_place(state: GameState, side: str) -> list[str]:
    return phase.to_place(PLAY, state, side)
