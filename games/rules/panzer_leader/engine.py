"""Apply one command to a Panzer Leader game: the ruleset's single entry point.

`apply(state, seat, command, dice) -> Step` checks the command's shape, who may send it now
and whether the rules allow it, and returns the new state, the events and the rolls used.
The input state is copied first and never changed.
"""

from __future__ import annotations

from typing import Any

from ..common.errors import IllegalCommand, InvalidCommand
from . import (
    air,
    assault,
    engineers,
    forts,
    indirect,
    landing,
    overrun,
    sequence,
    spotting,
    transport,
    walk,
)
from .combat import resolve
from .direct_fire import direct_attack
from .movement import exit_board, plan
from .opfire import opportunity_attack
from .state import ENDED, GameState

COMBAT = frozenset({"fire", "order_indirect", "cancel_order", "resolve_indirect"})
MOVEMENT = frozenset({"move", "exit", "land", "load", "unload", "overrun", "reposition",
                      "engineer"})


def who_may_act(state: GameState) -> tuple[str, ...]:
    """The seats that may send a command now: the phasing side's, or during an
    opportunity-fire window the other side's."""
    if state.phase == ENDED:
        return ()
    side = state.enemy(state.active) if state.pending else state.active
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
        state.result = {"winner": state.enemy(side), "level": "decisive", "reason": "resigned",
                        "resigned": side}
        events.append({"type": "game_over", **state.result})
        return state, events
    if seat not in who_may_act(state):
        raise IllegalCommand(f"{t}: it is not your turn to act (3)",
                             code="command/not_your_activation", rule="3")
    _dispatch(state, side, t, command, dice, events)
    spotting.sweep_markers(state)
    return state, events


def _units(command: dict, key: str) -> list[str]:
    value = command.get(key)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InvalidCommand(f"`{key}` is a list of unit ids")
    return value


def _text(command: dict, key: str) -> str:
    value = command.get(key)
    if not isinstance(value, str):
        raise InvalidCommand(f"`{key}` is a string")
    return value


def _dispatch(state: GameState, side: str, t: str, c: dict, dice, events: list) -> None:
    if state.pending:
        if t == "opportunity_fire":
            mover = state.units[state.pending["mover"]]
            firers = _units(c, "units")
            if not set(firers) <= set(state.pending["eligible"]):
                raise IllegalCommand("opportunity_fire: only units offered this window may fire "
                                     "(21.2)", rule="21.2")
            attack = opportunity_attack(state, firers, mover)
            for f in firers:
                state.units[f].opfired = True  # a marker, not inversion (RB XV.B.3)
                spotting.mark_fired(state, state.units[f])
            resolve(state, attack, dice, events, f"opportunity fire at {mover.id}")
            state.pending["eligible"] = firers  # the others may still be asked later
        elif t != "decline":
            raise IllegalCommand(f"{t}: only opportunity_fire or decline now (21.2)", rule="21.2")
        walk.resume(state, dice, events)
        return
    if t == "end_phase":
        sequence.end_phase(state, dice, events)
        return
    if t in COMBAT and state.phase != "combat":
        raise IllegalCommand(f"{t}: only in your combat phase (3)", rule="3")
    if t in MOVEMENT and state.phase not in ("move_vehicles", "move_foot"):
        raise IllegalCommand(f"{t}: only in your movement phase (3)", rule="3")
    if t == "fire":
        if not state.indirect_done:
            raise IllegalCommand("fire: resolve the ordered indirect fire first (3.1.c)",
                                 rule="3")
        attack = direct_attack(state, side, _units(c, "units"), _units(c, "targets"))
        for f in attack.lines:
            state.units[f["unit"]].fired = True
            engineers.interrupt(state.units[f["unit"]])
            spotting.mark_fired(state, state.units[f["unit"]])
        resolve(state, attack, dice, events, f"direct fire at {attack.hex}")
    elif t == "air_strike":
        if state.phase != "air":
            raise IllegalCommand("air_strike: only in your air phase (3.2)", rule="3")
        planes = c.get("aircraft")
        if not isinstance(planes, dict) or not all(isinstance(v, str) for v in planes.values()):
            raise InvalidCommand("`aircraft` maps aircraft ids to mg or ordnance")
        air.strike(state, side, planes, _units(c, "targets"), dice, events)
    elif t == "order_indirect":
        o = indirect.order(state, side, _text(c, "unit"), _text(c, "hex"))
        events.append({"type": "indirect_ordered", "side": side, "private": side,
                       "units": [c["unit"]], "hex": o["hex"]})
    elif t == "cancel_order":
        u = state.units.get(_text(c, "unit"))
        if u is None or u.side != side or u.order is None or u.order["turn"] != state.turn \
                or state.indirect_done:
            raise IllegalCommand("cancel_order: no order of yours due now (13.4)", rule="13.4")
        u.order = None  # it holds fire and may move (QA IF6)
        events.append({"type": "order_cancelled", "side": side, "private": side,
                       "units": [u.id]})
    elif t == "resolve_indirect":
        if state.indirect_done:
            raise IllegalCommand("resolve_indirect: nothing ordered is due (13.4)", rule="13.4")
        indirect.resolve_all(state, dice, events)
        state.indirect_done = True
    elif t == "move":
        u = state.units.get(_text(c, "unit"))
        if u is None or u.side != side:
            raise IllegalCommand(f"move: you have no unit {c.get('unit')!r} (4.1)", rule="4.1")
        mode = c.get("mode", "normal")
        if mode not in ("normal", "quick_time"):
            raise InvalidCommand("`mode` is normal or quick_time")
        path = plan(state, u, _text(c, "to"), mode)
        engineers.interrupt(u)
        walk.start(state, u, path, mode, dice, events)
    elif t == "exit":
        u = state.units.get(_text(c, "unit"))
        if u is None or u.side != side:
            raise IllegalCommand(f"exit: you have no unit {c.get('unit')!r} (4.6)", rule="4.6")
        exit_board(state, u, events)
    elif t == "engineer":
        u = state.units.get(_text(c, "unit"))
        if u is None or u.side != side:
            raise IllegalCommand(f"engineer: you have no unit {c.get('unit')!r}", rule="18")
        to = c.get("to")
        if to is not None and not isinstance(to, str):
            raise InvalidCommand("`to` is a hex label")
        engineers.work(state, u, _text(c, "task"), _text(c, "hex"), dice, events, to=to)
    elif t == "land":
        u = state.units.get(_text(c, "unit"))
        if u is None or u.side != side:
            raise IllegalCommand(f"land: you have no unit {c.get('unit')!r}", rule="19.2")
        landing.land(state, u, _text(c, "to"), events)
    elif t == "reposition":
        u = state.units.get(_text(c, "unit"))
        if u is None or u.side != side:
            raise IllegalCommand(f"reposition: you have no unit {c.get('unit')!r}", rule="17.3")
        forts.reposition(state, u, events)
    elif t == "load":
        transport.load(state, side, _text(c, "carrier"), _text(c, "passenger"), events)
    elif t == "unload":
        transport.unload(state, side, _text(c, "carrier"), events)
    elif t == "overrun":
        overrun.overrun(state, side, _units(c, "units"), _text(c, "target"), dice, events,
                        drop=bool(c.get("drop")))
    elif t == "assault":
        assault.assault(state, side, _units(c, "units"), _text(c, "target"), dice, events)
    else:
        raise InvalidCommand(f"unknown command type {t!r}")
