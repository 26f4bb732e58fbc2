"""What an activated unit does: move, fire, bombard, assault, recover, load, unload (3.1).

Each handler checks the turn-level rules (the unit is in the activation, has not acted,
moves or fires but not both) and hands the rule itself to the helper module that owns it
(movement, combat, transport). Where that module is not present, the command is refused
with a message saying so, and `legal_commands` does not offer it: no rule is faked here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from . import state as st
from .commands import Command, Event
from .errors import IllegalCommand


def _helper(name: str):
    """The helper module, or None where it has not landed."""
    import importlib

    try:
        return importlib.import_module(f"games.rules.{name}")
    except ImportError:
        return None


def not_wired(what: str, rule: str) -> IllegalCommand:
    return IllegalCommand(f"{what} is not available in this engine yet ({rule})", rule=rule)


def acting_unit(state: st.GameState, uid: str, verb: str) -> st.UnitState:
    """An activated unit that has not yet moved, fired or tried to recover (3.1)."""
    a = state.activation
    assert a is not None
    u = state.units.get(uid)
    if u is None or uid not in a.units:
        raise IllegalCommand(f"{verb}: {uid!r} is not in this activation (3.1)", rule="3.1")
    if u.eliminated:
        raise IllegalCommand(f"{verb}: {uid} has been eliminated", rule="7.6")
    if uid in a.acted:
        raise IllegalCommand(f"{verb}: {uid} has already acted in this activation; a unit "
                             "moves or fires, not both (3.1)", rule="3.1")
    return u


def mark_acted(state: st.GameState, *uids: str) -> st.GameState:
    a = state.activation
    return replace(state, activation=replace(a, acted=a.acted | frozenset(uids)))


def move(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    raise not_wired("movement", "5.0")


def fire(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    raise not_wired("direct and anti-tank fire", "10.0")


def bombard(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    raise not_wired("bombardment", "9.0")


def assault(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    raise not_wired("assault", "12.0")


def recover(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    raise not_wired("recovery", "14.4")


def load(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    raise not_wired("loading", "5.6")


def unload(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    raise not_wired("unloading", "5.6")


def opportunity_fire(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    raise not_wired("opportunity fire", "13.0")


ACTIONS = {
    "move": move,
    "fire": fire,
    "bombard": bombard,
    "assault": assault,
    "recover": recover,
    "load": load,
    "unload": unload,
}

_ = Event  # events are built by the handlers as they are wired


# -- what the board may offer (legal.py) ---------------------------------------------------


def _no_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    return []


def opportunity_fire_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    return []


OPTIONS = {
    "move": _no_options,
    "fire": _no_options,
    "bombard": _no_options,
    "assault": _no_options,
    "recover": _no_options,
    "load": _no_options,
    "unload": _no_options,
}
