"""Opportunity fire: the inactive side answers a mover in the hex it entered, or declines
(13.0, 13.21, D21).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...common.errors import IllegalCommand
from ..combat.opportunity_fire import opportunity_fire_candidates, resolve_opportunity_fire
from . import state as st
from .acting import as_events, note
from .activation import commands_unit
from .attacks import fire_attack
from .commands import Command, Event
from .moving import arrive, walk
from .registry import catalogue_for, game_map, hex_label


def opportunity_fire(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """The inactive side fires at a mover in the hex it entered, or declines (13.0, 13.21)."""
    m, cat = game_map(state), catalogue_for(state)
    w = state.opfire
    events: list[Event] = []
    movers = w.movers
    if cmd.type == "decline":
        events.append(Event("opportunity_fire_declined", data={"side": w.side}))
    else:
        target = cmd.get("target")
        if target not in movers or state.units[target].hex != w.hex:
            raise IllegalCommand(
                f"opportunity_fire: {target!r} is not a unit moving into "
                f"{hex_label(state, w.hex)} (13.0)",
                rule="13.0",
            )
        for uid in cmd.get("firers"):
            u = state.units.get(uid)
            if u is None or u.side != seat.side or not commands_unit(state, seat.id, u):
                raise IllegalCommand(
                    f"opportunity_fire: you command no unit {uid!r} (D21)", rule="D21"
                )
        decl = fire_attack(state, cmd).decl
        shown = {
            x: replace(state.units[x], hidden=False)
            for x in decl.firers
            if x in state.units and state.units[x].hidden
        }
        state = state.with_units(shown) if shown else state  # firing reveals (17.8)
        out = resolve_opportunity_fire(m, state, decl, target, dice, cat, already_fired=w.fired)
        state = out.state
        events += as_events(out.events)
        w = replace(w, fired=frozenset(out.already_fired))
        if out.stops:
            movers = tuple(x for x in movers if x != target)
            state = note(replace(state, opfire=None), done=[target])
            if state.units[target].on_map and not w.path_left and not w.exit_after:
                st2, more = arrive(state, (target,), dice)
                state, events = st2, events + more
        movers = tuple(x for x in movers if state.units[x].on_map and state.units[x].hex == w.hex)
        still = [
            x
            for x in movers
            if opportunity_fire_candidates(m, state, x, cat, already_fired=w.fired)
        ]
        if still:
            return replace(state, opfire=replace(w, movers=movers, mover=still[0])), events
    state = replace(state, opfire=None)
    if not movers:
        return state, events
    return walk(state, movers, w.path_left, dice, events, exit_after=w.exit_after)


def opportunity_fire_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """Single-unit opportunity attacks the seat may make now, one per firer, target and kind."""
    m, cat = game_map(state), catalogue_for(state)
    w = state.opfire
    out = []
    for target in w.movers:
        if not state.units[target].on_map:
            continue
        for c in opportunity_fire_candidates(m, state, target, cat, already_fired=w.fired):
            if not commands_unit(state, seat.id, state.units[c["unit"]]):
                continue
            for kind in c["kinds"]:
                out.append(
                    {
                        "type": "opportunity_fire",
                        "firers": [c["unit"]],
                        "target": target,
                        "fire_type": kind,
                    }
                )
    return out

