"""Recruit for Panzer Leader: random among the legal commands, weighted as a new player
plays: bring on (or ashore) the units whose turn it is, move towards the objectives over the
ground, keep what it holds, fire when the Combat Results Table chances are good, and end a
phase only when nothing useful is left.

Units left off the map (or afloat) when their phase ends are lost, so a Recruit never ends
such a phase while one of them can still come on; that is the first thing anyone learns.
"""

from __future__ import annotations

from ..common.public import PublicScenario
from ..common.seat import Decision
from .board import ATTACKS, LeaderBoard

GROUP_WEIGHT = {
    "move": 6.0, "land": 6.0, "fire": 5.0, "opportunity_fire": 3.0, "assault": 2.0,
    "overrun": 2.0, "order_indirect": 2.0, "resolve_indirect": 4.0, "decline": 1.0,
    "end_phase": 0.6, "load": 0.4, "unload": 0.6, "assign_vehicle": 0.3, "cancel_order": 0.05,
}
GOOD = 0.3  # expected worth per target above which a shot is "good odds"
USEFUL = 0.05  # a move gaining less than this is not worth making
CARE = 0.5  # a new player heeds the enemy's guns a little
IDLE_END = 0.02  # the end-phase weight while a useful move or a good shot is left


def useful_moves(b: LeaderBoard, cmds: list[dict]) -> list[tuple[dict, float]]:
    """Moves worth making, with their gain: a unit that has not moved yet gaining ground
    (a unit that has moved only for a real gain: it does not dither)."""
    out = []
    for c in cmds:
        gain = b.move_gain(c, CARE)
        p = b.by_id.get(c.get("unit", ""))
        floor = USEFUL if p is None or not p.moved else 4 * USEFUL
        if gain > floor:
            out.append((c, gain))
    return out


def choose(d: Decision, facts: PublicScenario) -> dict:
    rng = d.rng()
    b = LeaderBoard(d.view, d.side, facts, d.previews)
    # Units lost unless they come on now come on first.
    due = [c for g in ("move", "land") for c in d.legal.get(g, ())
           if (p := b.by_id.get(c.get("unit", ""))) is not None and b.due(p)]
    if due:
        return rng.choices(due, weights=[max(0.02, 1 + b.move_gain(c, CARE)) ** 2 for c in due])[0]
    weights: dict[str, float] = {}
    useful: dict[str, list[tuple[dict, float]]] = {}
    for g, cmds in d.legal.items():
        w = GROUP_WEIGHT.get(g, 0.3)
        if g in ATTACKS:
            w = w * 3 if any(b.attack_value(c) >= GOOD for c in cmds) else w * 0.05
        if g in ("move", "land"):
            useful[g] = useful_moves(b, cmds)
            if not useful[g]:
                w *= 0.01
        weights[g] = w
    if "end_phase" in weights and (any(useful.values()) or any(
            weights[g] > GROUP_WEIGHT[g] for g in ATTACKS if g in weights)):
        weights["end_phase"] = IDLE_END
    groups = sorted(weights)
    group = rng.choices(groups, weights=[weights[g] for g in groups])[0]
    cmds = d.legal[group]
    if group in useful and useful[group]:
        pool = useful[group]
        return rng.choices([c for c, _ in pool], weights=[(1 + 4 * g) ** 2 for _, g in pool])[0]
    if group in ("move", "land"):
        return rng.choices(cmds, weights=[max(0.02, 1 + 4 * b.move_gain(c, CARE)) ** 2
                                          for c in cmds])[0]
    if group in ATTACKS:
        return rng.choices(cmds, weights=[max(0.02, b.attack_value(c)) for c in cmds])[0]
    return rng.choice(cmds)
