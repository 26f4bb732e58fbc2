"""Hidden set-up: which counters a side may hide before play (optional rule 17.8).

17.8: positions of hidden units are written down; if a scenario lets a side dig in at the
start but names no hidden units, up to a third of its forces and leaders (rounded up) may
start hidden. Scenario-named hidden units (`hidden` placements, `hidden_at_start`) are set
by `scenario.initial_state`; this module checks and applies the player's choice for the
one-third case, before the first initiative roll (D-DB-HIDE-THIRD).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ...common.errors import IllegalCommand
from ..core import state as st

OPTIONS = frozenset({"hidden_units", "double_blind"})


def hiding_allowance(scenario, side: str) -> int:
    """How many of the side's counters may start hidden by its own choice (17.8)."""
    named = any(p.hidden for p in scenario.units if p.side == side) or any(
        r.side == side for r in scenario.rules("hidden_at_start"))
    if named or side not in {r.side for r in scenario.rules("dig_in_at_start")}:
        return 0
    on_map = sum(1 for p in scenario.units if p.side == side and p.hex is not None)
    return -(-on_map // 3)


def hide_at_start(state: st.GameState, scenario, side: str, unit_ids: Iterable[str]):
    """The state with the chosen counters hidden; IllegalCommand naming the rule if not allowed."""
    ids = sorted(set(unit_ids))
    if not state.options & OPTIONS:
        raise IllegalCommand("hide: hidden units (17.8) are not in use", rule="17.8")
    if state.phase != st.INITIATIVE or state.turn != 1 or state.segment:
        raise IllegalCommand("hide: only at set-up, before the first initiative roll (17.8)",
                             rule="17.8")
    allowed = hiding_allowance(scenario, side)
    if len(ids) > allowed:
        raise IllegalCommand(f"hide: {side} may hide {allowed} counters at the start, not "
                             f"{len(ids)} (17.8)", rule="17.8")
    for uid in ids:
        u = state.units.get(uid)
        if u is None or u.side != side or not u.on_map:
            raise IllegalCommand(f"hide: you have no counter {uid!r} on the map (17.8)",
                                 rule="17.8")
    return state.with_units({uid: replace(state.units[uid], hidden=True) for uid in ids})
