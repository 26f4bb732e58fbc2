"""What every action of an activated unit checks and records: is the unit in the activation,
may it still move or fire, what its side can see, and what it has done (3.1).

Within an activation a unit may move in several `move` commands while it has MPs left (a
truck moves, unloads, moves on); once it fires, recovers, or its move ends (assault,
engineer crossing, D7 minimum move, disrupted one-hex move), it is done. The actions
(`moving`, `firing`, `recovery`, `carrying`) and the optional rules build on these.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from ...common.errors import IllegalCommand
from ...common.hexgrid import Hex
from ..combat.fire import attack_limit
from ..double_blind import knowledge
from . import state as st
from .commands import Event, as_event
from .registry import parse_hex


def hex_arg(state: st.GameState, label: str, field: str, verb: str) -> Hex:
    """A hex named in a command, or IllegalCommand naming the field (5.0)."""
    try:
        return parse_hex(state, label)
    except ValueError as exc:
        raise IllegalCommand(f"{verb}: {field}: {exc}", rule="5.0") from None


def in_activation(state: st.GameState, uid: str, verb: str) -> st.UnitState:
    a = state.activation
    u = state.units.get(uid)
    if u is None or a is None or uid not in a.units:
        raise IllegalCommand(f"{verb}: {uid!r} is not in this activation (3.1)", rule="3.1")
    if u.eliminated or u.exited:
        raise IllegalCommand(f"{verb}: {uid} is no longer in play (7.6)", rule="7.6")
    return u


def spent(state: st.GameState, uid: str) -> Fraction:
    return Fraction(state.activation.mp_spent.get(uid, 0))


def has_moved(state: st.GameState, uid: str) -> bool:
    return spent(state, uid) > 0


def may_move(state: st.GameState, uid: str) -> bool:
    """Not done, and has not fired or tried to recover (moved so far, or fresh) (3.1); a unit
    disrupted after it began to move has ended its move (14.2: a disrupted unit moves one
    hex)."""
    a = state.activation
    if uid in a.done or (uid in a.acted and not has_moved(state, uid)):
        return False
    return not (has_moved(state, uid) and state.units[uid].status == st.DISRUPTED)


def may_fire(state: st.GameState, u: st.UnitState, kind: str, cat: Any) -> bool:
    """Has not moved; has not acted, or is an efficient AFV with an attack left (3.1, 11.2)."""
    a = state.activation
    if u.id in a.done or has_moved(state, u.id):
        return False
    if u.id not in a.acted:
        return True
    return 0 < u.attacks_made < attack_limit(cat, u, kind, False)


def note(state: st.GameState, acted=(), done=(), spent_now=None) -> st.GameState:
    """Record in the activation who acted, who is done, and the MPs spent."""
    a = state.activation
    a = replace(
        a,
        acted=a.acted | frozenset(acted),
        done=a.done | frozenset(done),
        mp_spent=dict(spent_now) if spent_now is not None else a.mp_spent,
    )
    return replace(state, activation=a)


_KNOWN: list = [None, None, None]  # the last (state, side, answer): legal asks many times


def known_enemies(state: st.GameState, side: str) -> tuple[frozenset[Hex], tuple[str, ...]]:
    """Enemy counters the side can see in open play (hidden ones excluded, 17.8)."""
    if _KNOWN[0] is state and _KNOWN[1] == side:
        return _KNOWN[2]
    if knowledge.in_force(state):  # double-blind etc.: only what the side is in contact with
        answer = knowledge.known_enemies(state, side)
        _KNOWN[:] = [state, side, answer]
        return answer
    ids = tuple(sorted(u.id for u in state.units_on_map() if u.side != side and not u.hidden))
    answer = (frozenset(state.units[i].hex for i in ids), ids)
    _KNOWN[:] = [state, side, answer]
    return answer



def as_events(raw) -> list[Event]:
    """Combat events (JSON-ready dicts) as the turn's events."""
    return [as_event(e) for e in raw]
