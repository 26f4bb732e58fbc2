"""Panzer Grenadier's random player and the invariants random play checks after every step.

    python -m games.rules.playtest --games N --seed S [--scenario ID] [--max-steps K]

The loop is every ruleset's (`games.rules.randomplay`); what Panzer Grenadier adds: its
player weighs the groups of legal commands (GROUP_WEIGHTS: combat and recovery favoured,
passing rarer with `thorough`), every other game plays with the optional rules the turn
engine implements switched on, and its invariants: stacking, steps, statuses, Moved/Fired.
"""

from __future__ import annotations

from ..randomplay import RandomPlayer, weighted
from .core import state as st
from .core.registry import counter_type
from .core.scenario import bundled_scenarios
from .core.stacking import COMBAT_UNIT_LIMIT, TRANSPORT_LIMIT, stacking_class

DEFAULT_MAX_STEPS = 20000
# How likely each group of legal commands is to be picked (then a command in it, uniformly):
# combat and recovery are favoured when offered, so random games exercise the combat rules.
# Passing is as likely as activating, which keeps 200 games of every scenario in minutes;
# `--thorough` makes it rarer (more activations a turn, so units meet and fight more).
THOROUGH_PASS_WEIGHT = 0.3
GROUP_WEIGHTS = {
    "fire": 6.0,
    "assault": 6.0,
    "bombard": 6.0,
    "recover": 6.0,
    "opportunity_fire": 3.0,
    "exit": 4.0,
    "load": 2.0,
    "unload": 2.0,
}
# Optional rules the turn engine implements: every other game plays with them on, so random
# play covers them too (the scenario's own defaults stay on).
EXTRA_OPTIONS = frozenset(
    {"excess_initiative", "fog_of_war", "logistics", "drumfire", "hidden_units",
     "formation_activation", "consolidation", "efficient_move_fire", "mire", "extended_assault"}
)



def player(thorough: bool = False) -> RandomPlayer:
    """The random player: GROUP_WEIGHTS (passing rarer when `thorough`), every other game with
    EXTRA_OPTIONS on top of the scenario's own, every third game a seat resigns after 120
    steps (D-RESIGN-1: any seat, in or out of turn)."""
    weights = {**GROUP_WEIGHTS, "pass": THOROUGH_PASS_WEIGHT if thorough else 1.0}

    def option_sets(scenario_id: str, game: int) -> list[list[str] | None]:
        if game % 2 == 0:
            return [None]
        return [sorted(bundled_scenarios()[scenario_id].default_options | EXTRA_OPTIONS)]

    return RandomPlayer(choose=weighted(weights, default=1.0), option_sets=option_sets,
                        resign_every=3, resign_at=120)



def invariant_problems(state: st.GameState, previous: st.GameState | None = None) -> list[str]:
    """Everything wrong with a state: stacking (4.1), steps (7.6), statuses (14.0), Moved/Fired."""
    out: list[str] = []
    counts: dict[tuple, list[int]] = {}
    for u in state.units.values():
        t = counter_type(state, u.type_id)
        if u.status not in st.STATUSES:
            out.append(f"{u.id}: unknown status {u.status!r}")
        if u.eliminated:
            if u.hex is not None and u.steps > 0:
                out.append(f"{u.id}: eliminated but still on the map with {u.steps} steps")
            continue
        if not 1 <= u.steps <= t.steps:
            out.append(f"{u.id}: {u.steps} steps (the counter has {t.steps})")
        if u.carried_by is not None:
            carrier = state.units.get(u.carried_by)
            if carrier is None or carrier.eliminated or carrier.hex != u.hex:
                out.append(f"{u.id}: carried by {u.carried_by}, which is not with it")
        if u.on_map:
            kind = stacking_class(t)
            if kind is not None:
                c = counts.setdefault((u.hex, u.side), [0, 0])
                c[0 if kind == "combat" else 1] += 1
    for (h, side), (combat, transport) in counts.items():
        if combat > COMBAT_UNIT_LIMIT or transport > TRANSPORT_LIMIT:
            out.append(f"{side} overstacked at {h!r}: {combat} combat, {transport} transport")
    if state.phase == st.ACTION and not state.turn_segments and state.activation is None:
        marked = [u.id for u in state.units.values() if u.moved_fired]
        if marked:
            out.append(f"turn {state.turn} starts with Moved/Fired markers on {marked[:5]}")
    if state.activation is not None:
        a = state.activation
        for uid in a.units:
            # Firers are marked as they fire (D15, combat.fire.mark_fired); nobody else is.
            if state.units[uid].moved_fired and uid not in a.acted:
                out.append(f"{uid}: marked Moved/Fired in the activation without acting")
        if not a.acted <= a.units:
            out.append("activation: units acted that were not activated")
    if state.phase == st.ENDED and state.result is None:
        out.append("the game ended without a result")
    if state.opfire is not None and state.activation is None:
        out.append("an opportunity-fire window is open outside an activation")
    return out
