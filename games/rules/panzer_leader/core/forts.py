"""Fortifications (17.3): moving between inside and on top."""

from __future__ import annotations

from ...common.errors import IllegalCommand
from .stacking import has_room, room_inside
from .state import OK, GameState, Unit


def may_reposition(state: GameState, unit: Unit) -> str | None:
    """Why the unit may not move in or out of its hex's fortification now, or None."""
    if state.phase not in ("move_vehicles", "move_foot") or state.active_side != unit.side:
        return "only in your movement phase (17.3)"
    if not unit.on_map or unit.hex not in state.forts or unit.carried_by:
        return "no fortification here (17.3)"
    if unit.status != OK or unit.stopped:
        return "dispersed or done moving"
    occupants = state.inside(unit.hex)
    if occupants and occupants[0].side != unit.side:
        return "the enemy holds this fortification (RB IX.C.10)"
    enemies_on_top = [u for u in state.units_at(unit.hex) if u.side != unit.side]
    if unit.in_fort:
        if enemies_on_top:
            return "occupants may not leave while enemies are on top (RB IX.C.10.a)"
        if not has_room(state, unit.hex):
            return "no room on top (5)"
    elif not room_inside(state, unit.hex):
        return "four units are inside already (QA S2)"
    return None


def reposition(state: GameState, unit: Unit, events: list) -> None:
    """In or out for 0 MP, even with MA 0; no opportunity fire; no fire this turn (QA F2, F3)."""
    why = may_reposition(state, unit)
    if why:
        raise IllegalCommand(f"reposition: {unit.id}: {why}", rule="17.3")
    unit.in_fort = not unit.in_fort
    unit.repositioned = state.turn
    events.append({"type": "repositioned", "units": [unit.id], "side": unit.side,
                   "hex": unit.hex, "inside": unit.in_fort})
