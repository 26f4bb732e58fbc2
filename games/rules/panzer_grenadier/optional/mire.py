"""Mire, the optional rule (17 Part II, case 35): vehicles bog down in mire terrain.

A vehicle entering a hex with mire potential rolls 1d6 (move_step.mire_roll_needed,
is_mired). Mired, it stops there and carries three Moved/Fired markers (`UnitState.mired`):
one is removed in each Marker Removal Phase until one remains; in the third phase it
re-rolls: free, it moves normally next turn; mired again, it takes three more (D-MIRE-2).
While mired it may not move, but may be activated to fire or try to recover (and is marked
Moved/Fired as any activated counter); its armor is 1 less and an assault against a side with a mired unit in the hex gets +1
(combat reads `mired`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...common.hexgrid import Hex
from ..core import state as st
from ..core.commands import Event
from ..core.hooks import Plugin
from ..core.move_step import MIRE_OPTION, is_mired, mire_roll_needed, movement_class
from ..core.registry import catalogue_for, game_map, hex_label

MARKERS = 3


def on_entering(state: st.GameState, movers, frm: Hex | None, dice: Any):
    """Roll for every vehicle that entered mire terrain; the mired stop (17 Part II)."""
    if MIRE_OPTION not in state.options:
        return state, [], []
    m, cat = game_map(state), catalogue_for(state)
    events: list[Event] = []
    stuck: list[str] = []
    for x in movers:
        u = state.units[x]
        if not u.on_map or not mire_roll_needed(m, state, x, frm, u.hex, catalogue=cat):
            continue
        (die,) = dice.roll(1, f"mire {x}")
        t = cat[u.type_id]
        bogged = is_mired(
            die, movement_class(u, catalogue=cat), terrain_key=m.terrain_key(u.hex),
            amphibious=bool(getattr(t, "amphibious", False)),
        )
        events.append(Event("mire_roll", side=u.side, units=(x,),
                            data={"hex": hex_label(state, u.hex), "roll": die, "mired": bogged}))
        if bogged:
            state = state.with_unit(replace(u, mired=MARKERS))
            stuck.append(x)
    return state, events, stuck


def marker_removal(state: st.GameState, dice: Any) -> tuple[st.GameState, list[Event]]:
    """Marker Removal Phase: one mire marker off each mired unit; at the last, re-roll
    (17 Part II, D-MIRE-2)."""
    m, cat = game_map(state), catalogue_for(state)
    events: list[Event] = []
    changed = {}
    for uid in sorted(state.units):
        u = state.units[uid]
        if not u.mired or not u.on_map:
            continue
        if u.mired > 1:
            changed[uid] = replace(u, mired=u.mired - 1)
            continue
        (die,) = dice.roll(1, f"mire {uid}")
        t = cat[u.type_id]
        again = is_mired(
            die, movement_class(u, catalogue=cat), terrain_key=m.terrain_key(u.hex),
            amphibious=bool(getattr(t, "amphibious", False)),
        )
        changed[uid] = replace(u, mired=MARKERS if again else 0)
        events.append(Event("mire_roll", side=u.side, units=(uid,),
                            data={"hex": hex_label(state, u.hex), "roll": die, "mired": again}))
    return (state.with_units(changed) if changed else state), events


def _on_entering(state, movers, stopped, dice, first, frm):
    return on_entering(state, [x for x in movers if x not in stopped], frm, dice)


def _marker_removal(state, dice):
    if MIRE_OPTION not in state.options:
        return state, []
    return marker_removal(state, dice)


PLUGIN = Plugin("mire", on_entering=_on_entering, marker_removal=_marker_removal)
