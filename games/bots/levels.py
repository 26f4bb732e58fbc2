"""The bot levels by name, and the one entry point: a Decision (view, legal commands, optional
previews, seed) in, a command out."""

from __future__ import annotations

from collections.abc import Callable

from . import elite, randomplay, recruit, veteran
from .seat import Decision

LEVELS: dict[str, Callable[[Decision], dict]] = {
    randomplay.NAME: randomplay.choose,
    recruit.NAME: recruit.choose,
    veteran.NAME: veteran.choose,
    elite.NAME: elite.choose,
}
# Levels a person may pick to play against (random is the benchmark's yardstick only).
PLAYABLE = (recruit.NAME, veteran.NAME, elite.NAME)
NEEDS_PREVIEWS = frozenset({recruit.NAME, veteran.NAME, elite.NAME})


def decide(level: str, decision: Decision) -> dict:
    """The command the level sends, given only what its seat may know."""
    try:
        strategy = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (one of {', '.join(LEVELS)})") from None
    return strategy(decision)
