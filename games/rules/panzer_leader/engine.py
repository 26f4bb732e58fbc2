"""Apply one command to a Panzer Leader game: the ruleset's single entry point.

`apply(state, seat, command, dice) -> (state, events)` checks the command's shape, who may
send it now and whether the rules allow it, and returns the new state and the events. The
input state is copied first and never changed; a refused command changes nothing.

Most of the time the phasing side acts. While a window is open (`state.pending`) the other
side acts instead: opportunity fire at a mover (windows.py) or anti-aircraft fire at the
planes in the air (antiaircraft.py); when the window closes, the paused action goes on.
"""

from __future__ import annotations

from typing import Any

from ..common.errors import IllegalCommand, InvalidCommand
from .combat import antiaircraft, overrun, windows
from .core import commands, deployment, engineers, sequence, spotting, walk
from .core.state import ENDED, SETUP, GameState


def who_may_act(state: GameState) -> tuple[str, ...]:
    """The seats that may send a command now: the phasing side's, or during a window the
    other side's."""
    if state.phase == ENDED:
        return ()
    side = state.enemy(state.active_side) if state.pending else state.active_side
    return tuple(s["id"] for s in state.seats if s["side"] == side)


def apply(state: GameState, seat: str, command: Any, dice) -> tuple[GameState, list[dict]]:
    """Apply a seat's command (raises InvalidCommand / IllegalCommand, changing nothing)."""
    if not isinstance(command, dict) or not isinstance(command.get("type"), str):
        raise InvalidCommand("a command is an object with a string `type`")
    t = command["type"]
    if state.phase == ENDED:
        raise IllegalCommand("the game is over", code="game/over", rule="3")
    side = state.seat_side(seat)
    if side is None:
        raise IllegalCommand(f"no seat {seat!r} in this game", code="seat/none", rule="3")
    state = state.copy()
    events: list[dict] = []
    if t == "resign":
        state.phase = ENDED
        state.pending = None
        state.result = {"winner": state.enemy(side), "level": "decisive", "reason": "resigned",
                        "resigned": side}
        events.append({"type": "game_over", **state.result})
        return state, events
    if t == "end_agreed":  # the server has checked every seat agreed (D-AGREE-1)
        state = end_agreed(state, command.get("outcome"))
        events.append({"type": "game_over", **state.result})
        return state, events
    if seat not in who_may_act(state):
        raise IllegalCommand(f"{t}: it is not your turn to act (3)",
                             code="command/not_your_activation", rule="3")
    if state.phase == SETUP or t in deployment.COMMANDS:  # the set-up phase (PL-E1)
        return deployment.apply(state, seat, side, t, command)
    if state.pending:
        _window(state, t, command, dice, events)
    else:
        _dispatch(state, side, t, command, dice, events)
    engineers.sweep(state)
    spotting.sweep_markers(state)
    return state, events


def _window(state: GameState, t: str, c: dict, dice, events: list) -> None:
    """A command of the side that may fire while the other side's action waits."""
    kind = state.pending["kind"]
    closed = None
    if kind == "aa" and t == "anti_aircraft":
        planes = c.get("aircraft")
        if not isinstance(planes, str):
            raise InvalidCommand("`aircraft` is an aircraft id")
        closed = antiaircraft.fire(state, commands.units_of(c, "units"), planes, dice, events)
    elif kind != "aa" and t == "opportunity_fire":
        target = c.get("target")
        if target is not None and not isinstance(target, str):
            raise InvalidCommand("`target` is a unit id")
        firers = commands.units_of(c, "units") if "units" in c else []
        closed = windows.fire(state, firers, target, commands.points(c), dice, events)
    elif t == "decline":
        closed = antiaircraft.close(state) if kind == "aa" else windows.decline(state)
    else:
        allowed = "anti_aircraft" if kind == "aa" else "opportunity_fire"
        raise IllegalCommand(f"{t}: only {allowed} or decline now (20.6, 21.2)", rule="21.2")
    if closed is not None:
        go_on(state, closed, dice, events)


def go_on(state: GameState, window: dict, dice, events: list) -> None:
    """The action a closed window paused goes on (21.2, 20.6)."""
    kind = window["kind"]
    if kind == "aa":
        commands.after_aa(state, window["cont"], dice, events)
    elif kind == "move" or kind == "stream":
        walk.resume(state, window, dice, events)
    elif kind == "overrun_in":
        overrun.proceed(state, window["cont"], dice, events)


def _dispatch(state: GameState, side: str, t: str, c: dict, dice, events: list) -> None:
    if t == "end_phase":
        sequence.end_phase(state, dice, events)
        return
    phases, handler = commands.handler_of(t)  # a plug-in's only with its rule installed
    if handler is None:
        raise InvalidCommand(f"unknown command type {t!r}")
    if phases is not None and state.phase not in phases:
        which = {"combat": "combat phase (3)", "air": "air phase (3.2)"}.get(
            phases[0], "movement phase (3)")
        raise IllegalCommand(f"{t}: only in your {which}", rule="3")
    handler(state, side, c, dice, events)


AGREED_REASONS = {"draw": "drawn by agreement", "abort": "aborted before the first move"}


def end_agreed(state: GameState, outcome: Any) -> GameState:
    """End the game with no winner: a draw every seat agreed, or an abort (D-AGREE-1).

    `state` is the engine's own copy. The server sends this only once every seat agreed (a
    draw) or before any move (an abort): the agreement is no rule of the game."""
    if outcome not in AGREED_REASONS:
        raise InvalidCommand("end_agreed: outcome must be draw or abort")
    state.phase = ENDED
    state.pending = None
    state.result = {"winner": None, "level": None, "reason": AGREED_REASONS[outcome],
                    "agreed": outcome}
    return state
