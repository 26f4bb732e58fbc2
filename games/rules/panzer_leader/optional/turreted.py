"""Turreted AFVs, an experimental rule (22.1): a turreted AFV that fired may then move up to
half its MA (core/movement.py halves it); armoured cars count as turreted only in Panzer
Leader 1940 (QA P2)."""

from __future__ import annotations

from ..core.hooks import Plugin
from ..core.state import GameState, Unit
from ..core.units import utype


def fires_then_moves(state: GameState, unit: Unit) -> bool:
    t = utype(unit)
    turreted = t.turreted or (t.kind == "armored_car" and "pl1940" in state.options)
    return "turreted_afv" in state.options and turreted and unit.fired


PLUGIN = Plugin("turreted_afv", fires_then_moves=fires_then_moves)
