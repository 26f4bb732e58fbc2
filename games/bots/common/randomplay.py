"""Uniform random legal play: a kind of command at random, then one of that kind (the yardstick
the Recruit is measured against)."""

from __future__ import annotations

from .public import PublicScenario
from .seat import Decision

NAME = "random"


def choose(d: Decision, facts: PublicScenario | None = None) -> dict:
    rng = d.rng()
    group = rng.choice(sorted(d.legal))
    return rng.choice(d.legal[group])
