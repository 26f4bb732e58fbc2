"""Digging in (16.2, D19): an activated unit spends its activation digging in.

Who (D-DIG-1): a good-order personnel or weapons unit on the map, not carried, not already dug
in, that has done nothing yet in this activation, in a hex holding no enemy counter and whose
terrain can be dug (not town, swamp or river). It neither moves nor fires in that activation;
its dug-in marker is lost as soon as it moves (move_step.move_units, morale's flight). The
effects are combat's: direct fire -1 column, anti-tank -1 DRM, dug-in defenders fire first in
an assault.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...common.errors import IllegalCommand
from . import state as st
from .acting import note
from .commands import Command, Event
from .registry import catalogue_for, game_map, hex_label

NO_DIGGING = frozenset({"town", "swamp", "river", "major_river"})


def problems(state: st.GameState, uid: str) -> list[str]:
    """Why this activated unit may not dig in now (empty: it may) (16.2, D-DIG-1)."""
    a = state.activation
    u = state.units.get(uid)
    if u is None or a is None or uid not in a.units:
        return [f"{uid!r} is not in this activation (3.1)"]
    t = catalogue_for(state)[u.type_id]
    if not u.on_map or u.carried_by is not None:
        return [f"{uid} is not on the map on its own feet"]
    if getattr(t, "is_leader", False) or not (t.is_personnel or t.is_weapon):
        return [f"{uid} is neither a personnel nor a weapons unit"]
    out = []
    if u.dug_in:
        out.append(f"{uid} is already dug in")
    if u.status != st.GOOD:
        out.append(f"{uid} is not in good order")
    if uid in a.acted or uid in a.done or a.mp_spent.get(uid):
        out.append(f"{uid} has already acted in this activation")
    key = game_map(state).terrain_key(u.hex)
    if key in NO_DIGGING:
        out.append(f"{key.replace('_', ' ')} cannot be dug in")
    if any(x.side != u.side for x in state.units_at(u.hex)):
        out.append("an enemy counter shares the hex")
    return out


def dig_in(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """Spend the unit's activation digging in: it is dug in, and done (16.2, D-DIG-1)."""
    uid = cmd.get("unit")
    why = problems(state, uid)
    if why:
        raise IllegalCommand(f"dig_in: {'; '.join(why)} (16.2, D-DIG-1)", rule="16.2")
    u = state.units[uid]
    state = state.with_unit(replace(u, dug_in=True))
    state = note(state, acted=(uid,), done=(uid,))
    ev = Event("dug_in", side=u.side, units=(uid,), data={"hex": hex_label(state, u.hex)})
    return state, [ev]


def dig_in_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """Every activated unit that may dig in now."""
    a = state.activation
    return [
        {"type": "dig_in", "unit": uid}
        for uid in sorted(a.units)
        if not problems(state, uid)
    ]
