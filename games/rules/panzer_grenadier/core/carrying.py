"""Carrying: activated units load onto and unload from activated transports (5.6)."""

from __future__ import annotations

from typing import Any

from ...common.errors import IllegalCommand
from . import hooks, transport
from . import state as st
from .acting import in_activation, note
from .commands import Command, Event
from .registry import catalogue_for, hex_label


def load(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """Load an activated unit onto an activated transport in its hex (5.6)."""
    cat = catalogue_for(state)
    p = in_activation(state, cmd.get("unit"), "load")
    c = in_activation(state, cmd.get("transport"), "load")
    if p.id in state.activation.acted:
        raise IllegalCommand(f"load: {p.id} has already acted in this activation (3.1)", rule="3.1")
    if not (p.on_map and c.on_map):
        raise IllegalCommand("load: both units must be on the map (5.6, 16.5)", rule="5.6")
    if c.id in state.activation.done:
        raise IllegalCommand(f"load: {c.id} has finished for this activation (3.1)", rule="3.1")
    tr = transport.load(state, p.id, c.id, catalogue=cat, mp_spent=state.activation.mp_spent)
    state = note(tr.state, acted=[p.id, c.id], done=[p.id, *tr.done], spent_now=tr.mp_spent)
    return state, [
        Event("loaded", side=p.side, units=(p.id, c.id), data={"hex": hex_label(state, c.hex)})
    ]


def unload(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """Unload a passenger into its transport's hex; the passenger stops there (5.6)."""
    cat = catalogue_for(state)
    p = in_activation(state, cmd.get("unit"), "unload")
    if p.carried_by is None or p.carried_by not in state.activation.units:
        raise IllegalCommand(
            f"unload: {p.id} is not carried by a transport in this activation (5.6)", rule="5.6"
        )
    c = state.units[p.carried_by]
    problem = unload_problem(state, p.id)
    if problem:
        reason, rule = problem
        raise IllegalCommand(f"unload: {reason}", rule=rule)
    if c.id in state.activation.done:
        raise IllegalCommand(f"unload: {c.id} has finished for this activation (3.1)", rule="3.1")
    if not c.on_map:
        raise IllegalCommand(f"unload: {c.id} is not on the map yet (5.6, 16.5)", rule="5.6")
    tr = transport.unload(state, p.id, catalogue=cat, mp_spent=state.activation.mp_spent)
    state = note(tr.state, acted=[p.id, c.id], done=[p.id, *tr.done], spent_now=tr.mp_spent)
    return state, [
        Event("unloaded", side=p.side, units=(p.id, c.id), data={"hex": hex_label(state, c.hex)})
    ]


def load_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    cat = catalogue_for(state)
    a = state.activation
    out = []
    for pid in sorted(a.units):
        p = state.units[pid]
        if pid in a.acted or not p.on_map or p.carried_by is not None:
            continue
        for cid in sorted(a.units):
            c = state.units[cid]
            if (
                cid == pid
                or cid in a.done
                or c.hex != p.hex
                or c.carried_by is not None
                or not c.on_map
            ):
                continue
            if transport.carry_problem(state, pid, cid, catalogue=cat) is not None:
                continue
            try:
                transport.load(state, pid, cid, catalogue=cat, mp_spent=a.mp_spent)
            except IllegalCommand:
                continue
            out.append({"type": "load", "unit": pid, "transport": cid})
    return out


def unload_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    cat = catalogue_for(state)
    a = state.activation
    out = []
    for pid in sorted(a.units):
        p = state.units[pid]
        if p.carried_by is None or p.carried_by not in a.units or p.carried_by in a.done:
            continue
        if unload_problem(state, pid):  # e.g. rode an Extended Assault (17.5)
            continue
        if not state.units[p.carried_by].on_map:
            continue
        try:
            transport.unload(state, pid, catalogue=cat, mp_spent=a.mp_spent)
        except IllegalCommand:
            continue
        out.append({"type": "unload", "unit": pid})
    return out


def unload_problem(state: st.GameState, passenger_id: str) -> tuple[str, str] | None:
    """Why an optional rule keeps a passenger aboard now, with its rule number, or None."""
    for hook in hooks.each("unload_problem"):
        problem = hook(state, passenger_id)
        if problem:
            return problem
    return None
