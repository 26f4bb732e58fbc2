"""The bot levels by name, and the one entry point: a Decision (view, legal commands, optional
previews, seed) and the game's public facts in, a command out.

Each ruleset has its own strategies under the same level names.
"""

from __future__ import annotations

from collections.abc import Callable

from .common import randomplay
from .common.public import PublicScenario
from .common.seat import Decision
from .panzer_grenadier import elite as pg_elite
from .panzer_grenadier import recruit as pg_recruit
from .panzer_grenadier import veteran as pg_veteran
from .panzer_leader import elite as pl_elite
from .panzer_leader import recruit as pl_recruit
from .panzer_leader import veteran as pl_veteran

Strategy = Callable[[Decision, PublicScenario], dict]
STRATEGIES: dict[str, dict[str, Strategy]] = {
    "panzer_grenadier": {
        randomplay.NAME: randomplay.choose,
        pg_recruit.NAME: pg_recruit.choose,
        pg_veteran.NAME: pg_veteran.choose,
        pg_elite.NAME: pg_elite.choose,
    },
    "panzer_leader": {
        randomplay.NAME: randomplay.choose,
        pg_recruit.NAME: pl_recruit.choose,
        pg_veteran.NAME: pl_veteran.choose,
        pg_elite.NAME: pl_elite.choose,
    },
}
LEVELS = tuple(STRATEGIES["panzer_grenadier"])
# Levels a person may pick to play against (random is the benchmark's yardstick only).
PLAYABLE = (pg_recruit.NAME, pg_veteran.NAME, pg_elite.NAME)
NEEDS_PREVIEWS = frozenset(PLAYABLE)


def decide(level: str, decision: Decision, facts: PublicScenario) -> dict:
    """The command the level sends, given only what its seat may know."""
    try:
        strategy = STRATEGIES[facts.ruleset][level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (one of {', '.join(LEVELS)})") from None
    return strategy(decision, facts)
