"""Smoke: a bombardment-capable unit fires smoke instead of an attack; removal rolls (16, D18).

A smoke mission is a `bombard` with `"smoke": true`: the same firers, spotting, range and
combination as a bombardment (9.1-9.3), but no attack: a Smoke marker goes into the target
hex, where it blocks line of sight (los.py, D18). It is no bombardment for drumfire (17.2).
In every Marker Removal Phase each Smoke marker is rolled for: 1d6 of 1-3 removes it
(D-SMOKE-1).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...common.errors import IllegalCommand
from ..combat.bombardment import validate_bombardment
from ..combat.fire import BOMBARDMENT, mark_fired
from . import hooks
from . import state as st
from .acting import in_activation, may_fire, note
from .attacks import fire_attack
from .commands import Command, Event, as_event
from .registry import catalogue_for, game_map, hex_label

SMOKE = "smoke"
REMOVED_AT_MOST = 3  # 1d6 <= 3 removes a Smoke marker in the Marker Removal Phase (D-SMOKE-1)


def smoke_hexes(state: st.GameState) -> frozenset:
    """Hexes holding a Smoke marker (what LOS and spotting are given, D18)."""
    return frozenset(h for h, m in state.markers.items() if SMOKE in m)


def fire_smoke(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """Fire a smoke mission (D18): place a Smoke marker in the target hex instead of attacking."""
    try:
        decl = fire_attack(state, cmd).decl  # a bombardment's declaration, no attack (D18)
    except ValueError as exc:
        raise IllegalCommand(f"bombard: target: {exc}", rule="9.1") from None
    m, cat = game_map(state), catalogue_for(state)
    firers, target = decl.firers, decl.target_hex
    for uid in firers:
        u = in_activation(state, uid, "bombard")
        if not may_fire(state, u, BOMBARDMENT, cat):
            raise IllegalCommand(
                f"bombard: {uid} has already moved or fired in this activation (3.1)", rule="3.1"
            )
    problems = validate_bombardment(m, state, decl, cat)
    if problems:
        raise IllegalCommand(f"bombard (smoke): {'; '.join(problems)} (D18)", rule="D18")
    state = state.with_units(
        {x: replace(state.units[x], hidden=False) for x in firers if state.units[x].hidden}
    )
    state = mark_fired(state, decl)
    markers = {**state.markers, target: state.markers_at(target) | {SMOKE}}
    state = replace(state, markers=markers)
    events = [
        Event(
            "smoke_placed",
            side=state.units[firers[0]].side,
            units=firers,
            data={"hex": hex_label(state, target), "spotter": cmd.get("spotter")},
        )
    ]
    state, dry = hooks.thread("after_firing", state, m, firers, dice, cat)  # shortfall 17.10
    state = note(state, acted=firers, done=firers)
    return state, events + [as_event(e) for e in dry]


def remove_smoke(state: st.GameState, dice: Any) -> tuple[st.GameState, list[Event]]:
    """Marker Removal Phase: roll 1d6 for each Smoke marker; 1-3 removes it (3.0, D-SMOKE-1)."""
    events: list[Event] = []
    markers = dict(state.markers)
    for h in sorted(smoke_hexes(state)):
        where = hex_label(state, h)
        (r,) = dice.roll(1, f"smoke removal {where}")
        gone = r <= REMOVED_AT_MOST
        events.append(Event("smoke_removal", data={"hex": where, "roll": r, "removed": gone}))
        if gone:
            rest = markers[h] - {SMOKE}
            if rest:
                markers[h] = rest
            else:
                del markers[h]
    if not events:
        return state, events
    return replace(state, markers=markers), events
