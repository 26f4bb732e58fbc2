"""Recruit: random among the legal commands, weighted the way a new player plays: advance on
the objectives (or to the exit edge where the side scores by leaving), shoot when the
preview's odds are good, rally when possible, rarely pass.

Its weights are the Veteran's scores (judge.py) with what a new player overlooks left out:
cover, the enemy's fields of fire, keeping near a leader. It then draws a command with
probability growing with its score (a softmax at TEMPERATURE), so it often plays a lesser
move and walks into fire a Veteran would avoid.
"""

from __future__ import annotations

import math

from ..common.public import PublicScenario
from ..common.seat import Decision
from .board import Board, Counter
from .judge import Judge

NAME = "recruit"
TEMPERATURE = 0.3  # in the judge's currency (enemy steps): higher plays more at random


class RecruitJudge(Judge):
    """The Judge of a player who sees objectives and targets, but not danger or command."""

    minds_command = False

    def hex_value(self, c: Counter, h) -> float:
        key = (c.id, h)
        v = self._hex_value.get(key)
        if v is None:
            b = self.b
            mc = b.movement_class(c)
            pull = b.objective_pull(h, mc) + b.exit_pull(h, mc)
            if c.leader or not b.is_combat(c):
                v = 0.3 * pull
            else:
                v = pull
                if h in b.held and self._garrisoned(c, h):
                    v -= 1.5 * b.points_at(h)
            self._hex_value[key] = v
        return v

    def move_score(self, cmd: dict) -> float:
        return self.move_gain(cmd)[0]  # the gain alone: no fields of fire on the way


def choose(d: Decision, facts: PublicScenario) -> dict:
    rng = d.rng()
    judge = RecruitJudge(Board.from_view(d.view, d.side, facts), d.previews)
    cmds = d.commands()
    scores = [judge.score(c) for c in cmds]
    top = max(scores)
    weights = [math.exp((s - top) / TEMPERATURE) for s in scores]
    return rng.choices(cmds, weights=weights)[0]
