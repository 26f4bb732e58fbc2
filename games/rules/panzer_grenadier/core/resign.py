"""Ends by a player's choice: a seat resigns for its side (the other side wins), or the seats
agree on a draw or an abort (no winner)."""

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


AGREED_REASONS = {"draw": "drawn by agreement", "abort": "aborted before the first move"}


def end_agreed(
    state: st.GameState, me: st.SeatState, outcome: str
) -> tuple[st.GameState, list[Event]]:
    """End the game with no winner: a draw every seat agreed, or an abort (D-AGREE-1).

    The engine does not count the seats' agreement (it is no rule of the game): the server
    sends this command only once every seat has agreed, or for an abort before any move.
    An aborted game keeps no points: it was never played."""
    points = dict(game_result(state).get("points") or {}) if outcome == "draw" else {}
    result = {
        "winner": None,
        "points": points,
        "reason": AGREED_REASONS[outcome],
        "agreed": outcome,
    }
    state = replace(
        state, phase=st.ENDED, activation=None, active_side=None, opfire=None, result=result
    )
    reason = "agreed_draw" if outcome == "draw" else "aborted"
    return state, [Event("game_ended", data={"reason": reason, "result": result})]
