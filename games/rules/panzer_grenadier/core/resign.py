"""Resignation: a seat concedes for its side; the game ends with the other side the winner."""

from __future__ import annotations

from dataclasses import replace

from . import state as st
from .commands import Event
from .sequence import game_result


def resign(state: st.GameState, me: st.SeatState) -> tuple[st.GameState, list[Event]]:
    """End the game at once: the other side wins; the game_ended reason is "resigned"
    (D-RESIGN-1).

    Any seat of a side may resign at any moment of a game not yet over, in or out of turn;
    the points are the scenario's victory points as they stand, for the record."""
    points = dict(game_result(state).get("points") or {})
    result = {
        "winner": state.enemy_of(me.side),
        "points": points,
        "reason": f"{state.side(me.side).name} resigned",  # shown, as victory reasons are
        "resigned": me.side,
    }
    state = replace(
        state, phase=st.ENDED, activation=None, active_side=None, opfire=None, result=result
    )
    events = [
        Event("resigned", side=me.side, data={"seat": me.id}),
        Event("game_ended", data={"reason": "resigned", "result": result}),
    ]
    return state, events
