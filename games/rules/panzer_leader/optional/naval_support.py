"""Naval support fire, an optional rule on by default (19.4, 21.3): the navy fires the points
a situation grants a side (combat/naval.py keeps the account)."""

from __future__ import annotations

from ..core.hooks import Plugin
from ..core.state import GameState


def in_play(state: GameState) -> bool:
    return "naval_support" in state.options


PLUGIN = Plugin("naval_support", naval_support=in_play)
