"""The bot levels by name, and the one entry point: a Decision (view, legal commands, optional
previews, seed) and the game's public facts in, a command out.

Each ruleset has its own strategies under the same level names.
"""

from __future__ import annotations

from collections.abc import Callable

from . import elite, leader_elite, leader_recruit, leader_veteran, randomplay, recruit, veteran
from .public import PublicScenario
from .seat import Decision

Strategy = Callable[[Decision, PublicScenario], dict]
STRATEGIES: dict[str, dict[str, Strategy]] = {
    "panzer_grenadier": {
        randomplay.NAME: randomplay.choose,
        recruit.NAME: recruit.choose,
        veteran.NAME: veteran.choose,
        elite.NAME: elite.choose,
    },
    "panzer_leader": {
        randomplay.NAME: randomplay.choose,
        recruit.NAME: leader_recruit.choose,
        veteran.NAME: leader_veteran.choose,
        leader_elite.NAME: leader_elite.choose,
    },
}
LEVELS = tuple(STRATEGIES["panzer_grenadier"])
# Levels a person may pick to play against (random is the benchmark's yardstick only).
PLAYABLE = (recruit.NAME, veteran.NAME, elite.NAME)
NEEDS_PREVIEWS = frozenset({recruit.NAME, veteran.NAME, elite.NAME})


def decide(level: str, decision: Decision, facts: PublicScenario) -> dict:
    """The command the level sends, given only what its seat may know."""
    try:
        strategy = STRATEGIES[facts.ruleset][level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (one of {', '.join(LEVELS)})") from None
    return strategy(decision, facts)
