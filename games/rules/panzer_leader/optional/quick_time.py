"""Infantry Quick-Time, an optional rule on by default (21.1): foot infantry may move faster
but not into rough terrain off the road (core/movement.py reads where it may go)."""

from __future__ import annotations

from ..core.hooks import Plugin
from ..core.state import GameState, Unit
from ..core.units import utype


def may_quick_time(state: GameState, unit: Unit) -> bool:
    t = utype(unit)
    return ("quick_time" in state.options and t.infantry and not t.mg and not t.vehicle
            and not t.cavalry and unit.hex is not None
            and unit.landed != state.turn)  # not on landing (QA QT1), not cavalry (QT4)


PLUGIN = Plugin("quick_time", quick_time=may_quick_time)
