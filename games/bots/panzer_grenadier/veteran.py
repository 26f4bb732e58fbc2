"""Veteran: greedy heuristic play. Every legal command gets the Judge's score (objectives,
cover, command, fields of fire, expected effect from the preview's probabilities) and the best
one is sent; ties go to the seeded die."""

from __future__ import annotations

from ..common.public import PublicScenario
from ..common.seat import Decision
from .board import Board
from .judge import Judge

NAME = "veteran"


def ranked(d: Decision, facts: PublicScenario, judge: Judge | None = None
           ) -> list[tuple[float, dict]]:
    """Every legal command with its score, best first (deterministic for a seed)."""
    judge = judge or Judge(Board.from_view(d.view, d.side, facts), d.previews)
    rng = d.rng()
    scored = [(judge.score(c) + rng.random() * 1e-6, c) for c in d.commands()]
    scored.sort(key=lambda sc: -sc[0])
    return scored


def choose(d: Decision, facts: PublicScenario) -> dict:
    return ranked(d, facts)[0][1]
