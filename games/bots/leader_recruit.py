"""Recruit for Panzer Leader: random among the legal commands, weighted as a new player
plays: move towards the objectives, fire when the Combat Results Table chances are good,
end a phase when nothing useful is left."""

from __future__ import annotations

from .leader_board import LeaderBoard
from .public import PublicScenario
from .seat import Decision

GROUP_WEIGHT = {
    "move": 6.0, "fire": 5.0, "opportunity_fire": 3.0, "assault": 2.0, "overrun": 2.0,
    "order_indirect": 2.0, "resolve_indirect": 4.0, "decline": 1.0, "end_phase": 0.6,
    "load": 0.4, "unload": 0.6, "assign_vehicle": 0.3, "cancel_order": 0.05,
}
GOOD = 0.3  # expected worth per target above which a shot is "good odds"


def choose(d: Decision, facts: PublicScenario) -> dict:
    rng = d.rng()
    b = LeaderBoard(d.view, d.side, facts, d.previews)
    weights: dict[str, float] = {}
    for g, cmds in d.legal.items():
        w = GROUP_WEIGHT.get(g, 0.3)
        if g in ("fire", "opportunity_fire", "assault", "overrun"):
            w = w * 3 if any(b.attack_value(c) >= GOOD for c in cmds) else w * 0.05
        if g == "move" and not any(b.move_gain(c) > 0.05 for c in cmds):
            w *= 0.1
        weights[g] = w
    groups = sorted(weights)
    group = rng.choices(groups, weights=[weights[g] for g in groups])[0]
    cmds = d.legal[group]
    if group == "move":
        return rng.choices(cmds, weights=[max(0.02, 1 + 4 * b.move_gain(c)) ** 2
                                          for c in cmds])[0]
    if group in ("fire", "opportunity_fire", "assault", "overrun"):
        return rng.choices(cmds, weights=[max(0.02, b.attack_value(c)) for c in cmds])[0]
    return rng.choice(cmds)
