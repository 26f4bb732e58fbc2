"""Panzerblitz Assault, an optional rule on by default (21.4): infantry riding German armour
may jump off before an overrun and assault the hex it overran (combat/overrun.py)."""

from __future__ import annotations

from ..core.hooks import Plugin
from ..core.state import GameState


def in_play(state: GameState) -> bool:
    return "panzerblitz_assault" in state.options


PLUGIN = Plugin("panzerblitz_assault", riders_jump_off=in_play)
