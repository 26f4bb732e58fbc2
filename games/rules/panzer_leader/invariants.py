"""What must hold in every state (random play checks it after every step)."""

from __future__ import annotations

from .core.scenario import game_map
from .core.stacking import LIMIT, WRECK_CAP, counters_in
from .core.state import ENDED, OK, PHASES, SETUP, GameState


def problems(state: GameState) -> list[str]:
    out = []
    m = game_map(state)
    hexes = {u.hex for u in state.units.values() if u.on_map}
    for label in hexes:
        if counters_in(state, label) > LIMIT and label not in state.overrun_hexes:
            out.append(f"{label}: {counters_in(state, label)} counters, over the limit of "
                       f"{LIMIT} a hex (5)")
        here = state.units_at(label)
        sides = {u.side for u in here}
        inside = {u.side for u in here if u.in_fort}
        under = {u.side for u in here if u.under_bridge}
        fort_ok = len(inside) == 1 and all(u.side not in inside for u in here if not u.in_fort)
        bridge_ok = len(under) == 1 and all(u.side not in under for u in here
                                            if not u.under_bridge)
        if len(sides) > 1 and not (fort_ok or bridge_ok):  # 4.5; RB IX.C.10; QA B4
            out.append(f"{label}: both sides in one hex (4.5)")
        m.hex(label)
    for label, n in state.wrecks.items():
        if n > WRECK_CAP:
            out.append(f"{label}: {n} wrecks (16)")
    for u in state.units.values():
        if u.carried_by and not u.eliminated and not u.exited:
            c = state.units[u.carried_by]
            if c.eliminated or c.exited or c.hex != u.hex:
                out.append(f"{u.id}: carried by {c.id}, which is not with it (6)")
        if u.status not in (OK, "dispersed"):
            out.append(f"{u.id}: status {u.status!r}")
    if state.phase == ENDED and state.result is None:
        out.append("ended without a result")
    if state.phase not in (*PHASES, SETUP, ENDED):
        out.append(f"unknown phase {state.phase!r}")
    return out
