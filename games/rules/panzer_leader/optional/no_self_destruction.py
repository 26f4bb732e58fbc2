"""Nobody fires on his own units, a player-derived rule on by default (8.6; QA C4, Note 1):
without it the rules let a player fire into a hex of his own units."""

from __future__ import annotations

from ..core.hooks import Plugin
from ..core.state import GameState


def in_play(state: GameState) -> bool:
    return "no_self_destruction" in state.options


PLUGIN = Plugin("no_self_destruction", spares_own_units=in_play)
