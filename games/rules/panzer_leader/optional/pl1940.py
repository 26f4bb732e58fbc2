"""Panzer Leader 1940 (24): no Panzerblitz Assault and no infantry riding armour (QA P5);
armoured cars use the turreted rule (turreted.py). Bell's close assault and overrun rules,
for 1940 only, are bell.py."""

from __future__ import annotations

from ..core.hooks import Plugin
from ..core.state import GameState


def rider_problem(state: GameState) -> str | None:
    if "pl1940" in state.options:
        return "German infantry do not ride armour in 1940 (24; QA P5)"
    return None


PLUGIN = Plugin("pl1940", rider_problem=rider_problem)
