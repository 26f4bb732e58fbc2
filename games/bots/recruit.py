"""Recruit: random among the legal commands, but weighted the way a new player plays: advance
on the objectives, shoot when the odds are good, rally when possible, rarely pass."""

from __future__ import annotations

from . import odds as od
from .board import Board
from .judge import command_key, preview_index
from .public import PublicScenario
from .seat import Decision

NAME = "recruit"
GROUP_WEIGHT = {
    "activate": 6.0, "move": 4.0, "recover": 8.0, "fire": 3.0, "bombard": 2.0, "assault": 2.0,
    "opportunity_fire": 2.0, "decline": 2.0, "end_activation": 1.0, "exit": 4.0,
    "dig_in": 0.5, "load": 0.5, "unload": 0.5, "pass": 0.1,
}


def _move_weight(b: Board, cmd: dict) -> float:
    """Moves that end nearer an objective (or the exit edge) are likelier."""
    c = b.by_id(cmd.get("unit", ""))
    dest = b.scen.hex((cmd.get("path") or [None])[-1])
    if c is None or dest is None:
        return 0.2
    if c.hex is None:  # entering the map (16.5)
        return 2.0
    before, _ = b.scen.nearest_objective(c.hex)
    after, _ = b.scen.nearest_objective(dest)
    closer = before - after + 10.0 * (b.exit_pull(dest) - b.exit_pull(c.hex))
    return max(0.1, 1.0 + closer) ** 2


def _good_odds(effect: float | None) -> bool:
    return effect is None or effect >= 0.3


def choose(d: Decision, facts: PublicScenario) -> dict:
    rng = d.rng()
    b = Board.from_view(d.view, d.side, facts)
    odds = preview_index(d.previews)
    weights = {}
    for g in d.legal:
        w = GROUP_WEIGHT.get(g, 0.3)
        if g in ("fire", "bombard", "opportunity_fire"):
            good = [c for c in d.legal[g] if _good_odds(od.fire_effect(odds.get(command_key(c))))]
            w = w * 3 if good else w * 0.1
        if g == "pass" and "activate" not in d.legal:
            w = 1.0
        weights[g] = w
    groups = sorted(weights)
    group = rng.choices(groups, weights=[weights[g] for g in groups])[0]
    cmds = d.legal[group]
    if group == "move":
        return rng.choices(cmds, weights=[_move_weight(b, c) for c in cmds])[0]
    if group in ("fire", "bombard", "opportunity_fire"):
        ws = [max(0.05, od.fire_effect(odds.get(command_key(c))) or 0.3) for c in cmds]
        return rng.choices(cmds, weights=ws)[0]
    return rng.choice(cmds)
