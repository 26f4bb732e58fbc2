"""Recovery: a disrupted or demoralized activated unit tries to recover, helped by an
activated leader (14.4)."""

from __future__ import annotations

from typing import Any

from ...common.errors import IllegalCommand
from ..combat.morale import recovery_problems, resolve_recovery
from . import state as st
from .acting import as_events, in_activation, note
from .commands import Command
from .registry import catalogue_for, game_map


def recover(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """A disrupted or demoralized unit tries to recover, helped by an activated leader (14.4)."""
    m, cat = game_map(state), catalogue_for(state)
    uid, leader = cmd.get("unit"), cmd.get("leader")
    for x in (uid, leader):
        if x is None:
            continue
        in_activation(state, x, "recover")
        if x in state.activation.acted:
            raise IllegalCommand(
                f"recover: {x} has already acted in this activation; units "
                "trying to recover and the leader helping do nothing else "
                "(14.4)",
                rule="14.4",
            )
    state, evs = resolve_recovery(m, state, uid, dice, cat, leader=leader)
    helpers = [x for x in (uid, leader) if x is not None]
    return note(state, acted=helpers, done=helpers), as_events(evs)


def recover_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    cat = catalogue_for(state)
    a = state.activation
    fresh = [x for x in sorted(a.units) if x not in a.acted and state.units[x].on_map]
    leaders = [x for x in fresh if cat[state.units[x].type_id].is_leader]
    out = []
    for uid in fresh:
        if state.units[uid].status == st.GOOD:
            continue
        for ldr in [None, *leaders]:
            if ldr == uid or recovery_problems(state, uid, cat, ldr):
                continue
            cmd = {"type": "recover", "unit": uid}
            if ldr:
                cmd["leader"] = ldr
            out.append(cmd)
    return out

