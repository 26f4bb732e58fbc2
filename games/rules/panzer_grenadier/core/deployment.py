"""The set-up phase: sides place the units of their set-up areas before turn 1 (D-SETUP-1).

A scenario with set-up areas (setup_areas.py) starts in the `setup` phase. The side that sets
up first places each unit of its areas in a hex of the unit's area (`deploy` {unit, hex}), may
take one back (`undeploy` {unit}), and ends with `setup_done` once every one is placed; then
the next side does the same, and turn 1's initiative phase begins. Only hexes of the unit's
area are legal, with the stacking limit (4.1, D6) and terrain (5.1) honoured, and a placement
is offered only if the side's other units can all still be placed after it (D-SETUP-2).

In a team game each area unit is placed, and taken back, by the seat its deal gives it off
the map, wherever it was put: under Sector Command a unit set up in a partner's band becomes
his only when the set-up is over (D-SETUP-4).

While a side places, its area units are hidden from every other audience (views.py asks
`placing`); once it is done they are seen as normal visibility allows (D-SETUP-3).

The phase is one implementation for both rulesets (games/rules/common/setup_phase.py); this
module is Panzer Grenadier's side of it: its state, its stacking and terrain refusals, and
which seat places a unit in a team game (D-SETUP-4).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...common import setup_phase as phase
from . import state as st
from .commands import Command, Event
from .registry import catalogue_for, game_map, hex_label, parse_hex, scenario_for
from .setup_areas import CITE, fits, may_enter, piece_of, setup_order
from .stacking import side_counts_by_hex, stacking_problem

RULE = CITE.areas
TEAM_RULE = CITE.team
COMMANDS = phase.COMMANDS


def placer_of(state: st.GameState, unit: st.UnitState) -> str | None:
    """The seat that places an area unit and may take it back: the one commanding it off the
    map (its deal, D21), even once it stands in another player's sector (D-SETUP-4). Asking
    where it stands would hand a unit put in a partner's band to him mid-set-up, leaving its
    placer unable to undo a misplacement and the partner able to undo his."""
    return st.seat_of_unit(state, replace(unit, hex=None))


def _passengers(state: st.GameState, uid: str) -> list[str]:
    return sorted(u.id for u in state.units.values() if u.carried_by == uid)


class _Play:
    """Panzer Grenadier's state, as the shared set-up phase reads and changes it."""

    cite = CITE
    fits = staticmethod(fits)

    def in_setup(self, state: st.GameState) -> bool:
        return state.phase == st.SETUP

    def active_side(self, state: st.GameState) -> str | None:
        return state.active_side

    def areas(self, state: st.GameState) -> tuple:
        return scenario_for(state).setup_areas

    def order(self, state: st.GameState) -> tuple[str, ...]:
        return setup_order(scenario_for(state))

    def unit(self, state: st.GameState, uid: str) -> st.UnitState | None:
        return state.units.get(uid)

    def passengers(self, state: st.GameState, uid: str) -> list[str]:
        return _passengers(state, uid)

    def label(self, state: st.GameState, h: Any) -> str:
        return hex_label(state, h) or ""

    def parse(self, state: st.GameState, label: Any) -> Any:
        return parse_hex(state, label)

    def refusal(self, state: st.GameState, unit: st.UnitState, h: Any) -> str | None:
        label = hex_label(state, h)
        cat = catalogue_for(state)
        mc = cat[unit.type_id].movement_class
        m = game_map(state)
        if m.terrain(h).is_prohibited(mc):
            # The terrain by its chart name ("major river"), never its key ("major_river").
            name = m.terrain(h).name.lower()
            return f"{label} is {name}, which {mc} units may not enter (5.1)"
        if state.occupied_by(h) - {unit.side}:
            return f"{label} holds the other side's units (4.0)"
        moving = [unit.id, *_passengers(state, unit.id)]
        problem = stacking_problem(state, h, moving, catalogue=cat)
        return f"{label}: {problem}" if problem else None

    def piece(self, state: st.GameState, uid: str) -> Any:
        cat = catalogue_for(state)
        return piece_of(uid, state.units[uid].type_id,
                        [state.units[p].type_id for p in _passengers(state, uid)], cat)

    def side_counts(self, state: st.GameState, side: str) -> dict:
        return dict(side_counts_by_hex(state, side, catalogue=catalogue_for(state)))

    def may_enter(self, state: st.GameState) -> Any:
        return may_enter(game_map(state))

    def not_yours(self, state: st.GameState, seat: str, unit: st.UnitState) -> str | None:
        placer = placer_of(state, unit)
        if placer == seat:
            return None
        return f"{placer} places {unit.id} and alone takes it back until the set-up is over"

    def at(self, state: st.GameState, uids: list[str], h: Any) -> st.GameState:
        return state.with_units({x: replace(state.units[x], hex=h) for x in uids})

    def finish(self, state: st.GameState, next_side: str | None) -> st.GameState:
        if next_side is not None:
            return replace(state, active_side=next_side)
        return replace(state, phase=st.INITIATIVE, active_side=None)

    def event(self, kind: str, side: str, units: tuple[str, ...] = (), **data: Any) -> Event:
        if kind == "setup_done":
            return Event("setup_done", data={"side": side})
        return Event(kind, side=side, units=units, data=data or None)


PLAY = _Play()


def placing(state: st.GameState) -> frozenset[str]:
    """The counters of the side placing now and of the sides still to place (and what they
    carry): no other audience may see where they go (D-SETUP-3)."""
    return phase.placing(PLAY, state)


def as_seen_by(state: st.GameState, side: str | None) -> st.GameState:
    """The state as an audience may know it during set-up: the counters another side is
    still placing are off the map, so no view, spotting or observation can find them
    (D-SETUP-3). `side` None: the spectators' public view."""
    hide = phase.hidden_placements(PLAY, state, side)
    return PLAY.at(state, hide, None) if hide else state


def to_place(state: st.GameState, side: str) -> list[str]:
    """The side's area units not yet placed, in id order."""
    return phase.to_place(PLAY, state, side)


def why_not_here(state: st.GameState, unit: st.UnitState, h: Any) -> str | None:
    """Why the unit may not be placed in hex h now, or None when it may."""
    return phase.why_not_here(PLAY, state, unit, h)


def apply(state: st.GameState, me: st.SeatState, cmd: Command) -> tuple[st.GameState, list]:
    """One set-up command of a seat of the side placing now."""
    return phase.apply(PLAY, state, me.id, me.side, cmd.type, cmd.get)


def offers(state: st.GameState, me: st.SeatState) -> dict[str, list[dict]]:
    """The seat's legal set-up commands: each hex each of its unplaced units may go to, each
    placed unit to take back, and `setup_done` once the side has placed everything."""
    return phase.offers(PLAY, state, me.id, me.side)


def areas_view(state: st.GameState, side: str | None) -> list[dict] | None:
    """The set-up areas of the side placing now, for its own board (None for every other
    audience, and once set-up is over)."""
    return phase.areas_view(PLAY, state, side)
