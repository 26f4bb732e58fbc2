"""Consolidation, the optional rule (17.1): two reduced units become one full-strength unit.

Two reduced units of the same counter type (so the same type and nationality) and the same
morale condition, both in the activation of a leader of rank Major or above, both still in
the hex they started the activation in and having done nothing yet, spend all their MPs: one
is removed from play, the other flips to its full-strength side (D-CONS-1).

The removed counter is not eliminated: it is listed in `state.consolidated`, so it counts
neither against the initiative (D2) nor toward Formation Activation's +1 per unit eliminated
(17.7); it is stored off the map as eliminated only so every "in play" check drops it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...common.errors import IllegalCommand
from ..core import state as st
from ..core.acting import note
from ..core.commands import Command, Event
from ..core.hooks import Plugin
from ..core.registry import counter_type, hex_label
from ..core.units import RANKS

OPTION = "consolidation"
MAJOR = RANKS.index("major")


def _fresh(a: st.Activation, uid: str) -> bool:
    return uid not in a.acted and uid not in a.done and not a.mp_spent.get(uid)


def problems(state: st.GameState, keep: str, absorb: str) -> list[str]:
    """Why these two activated units may not consolidate now (empty: they may) (17.1)."""
    if OPTION not in state.options:
        return ["Consolidation (17.1) is not in use in this game"]
    a = state.activation
    if a is None or keep not in a.units or absorb not in a.units or keep == absorb:
        return ["name two different units of this activation"]
    ldr = state.units.get(a.leader) if a.leader else None
    if ldr is None or counter_type(state, ldr.type_id).rank_order < MAJOR:  # type: ignore[union-attr]
        return ["only an activation by a leader of rank Major or above may consolidate"]
    u, v = state.units[keep], state.units[absorb]
    t = counter_type(state, u.type_id)
    out = []
    if u.type_id != v.type_id:
        out.append("the units are not of the same type and nationality")
    if t.is_leader or t.steps < 2 or u.steps != 1 or v.steps != 1:
        out.append("both units must be reduced two-step units")
    if u.status != v.status:
        out.append("the units are not in the same morale condition")
    if not (u.on_map and v.on_map) or u.hex != v.hex or u.carried_by or v.carried_by:
        out.append("the units must be in the same hex, not carried")
    if not (_fresh(a, keep) and _fresh(a, absorb)):
        out.append("both units must not have moved or acted in this activation")
    return out


def consolidate(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """Merge two reduced units (17.1): the second is removed, the first flips to full strength."""
    if len(cmd.get("units")) != 2:
        raise IllegalCommand("consolidate: name exactly two units (17.1)", rule="17.1")
    keep, absorb = cmd.get("units")
    why = problems(state, keep, absorb)
    if why:
        raise IllegalCommand(f"consolidate: {'; '.join(why)} (17.1)", rule="17.1")
    u, v = state.units[keep], state.units[absorb]
    where = hex_label(state, u.hex)
    state = state.with_units(
        {
            keep: replace(u, steps=2),
            absorb: replace(v, steps=0, eliminated=True, hex=None, dug_in=False),
        }
    )
    # Removed, not lost (17.1 says "remove one of the units"; D-CONS-1).
    state = replace(state, consolidated=state.consolidated | {absorb})
    state = note(state, acted=(keep, absorb), done=(keep, absorb))
    ev = Event(
        "consolidated", side=u.side, units=(keep, absorb),
        data={"hex": where, "kept": keep, "removed": absorb},
    )
    return state, [ev]


def consolidate_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """Every pair of activated units that may consolidate (17.1)."""
    if OPTION not in state.options or state.activation is None:
        return []
    ids = sorted(state.activation.units)
    return [
        {"type": "consolidate", "units": [x, y]}
        for i, x in enumerate(ids)
        for y in ids[i + 1:]
        if state.units[x].steps == 1 and state.units[y].steps == 1 and not problems(state, x, y)
    ]


PLUGIN = Plugin(
    "consolidation",
    commands={"consolidate": consolidate},
    offers={"consolidate": consolidate_options},
)
