"""Opportunity fire, an optional rule on by default (21.2): the enemy may fire at units that
move, land or overrun in its sight. The windows it opens and how they are answered are the
core's (combat/windows.py, combat/opfire.py); this rule says only whether they open."""

from __future__ import annotations

from ..core.hooks import Plugin
from ..core.state import GameState


def in_play(state: GameState) -> bool:
    return "opportunity_fire" in state.options


PLUGIN = Plugin("opportunity_fire", opportunity_fire=in_play)
