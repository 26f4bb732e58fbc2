"""The rules in play: every Panzer Leader optional rule, plugged into the core's hooks in one
explicit order (core/hooks.py), as Panzer Grenadier's rulebook.py does.

Each plug-in checks whether its rule is switched on for the game (optional/options.py lists
them and their defaults); installing it costs nothing when off. Where two plug-ins answer
the same question the first answer counts, so the order is part of the rules. The package
imports this module (__init__.py), so every way into the engine meets the same rules.
"""

from __future__ import annotations

from .core import hooks
from .optional import (
    bell,
    dispersed,
    emplacing,
    field_of_fire,
    naval_support,
    no_self_destruction,
    opportunity_fire,
    panzerblitz_assault,
    pl1940,
    quick_time,
    smoke,
    turreted,
)

PLUGINS = (
    opportunity_fire.PLUGIN,  # 21.2
    quick_time.PLUGIN,  # 21.1
    panzerblitz_assault.PLUGIN,  # 21.4
    naval_support.PLUGIN,  # 19.4, 21.3
    no_self_destruction.PLUGIN,  # 8.6; QA C4
    dispersed.PLUGIN,  # PL-D3, PL-D4
    pl1940.PLUGIN,  # 24
    bell.PLUGIN,  # 24, Bell
    turreted.PLUGIN,  # 22.1
    field_of_fire.PLUGIN,  # 22.2
    smoke.PLUGIN,  # 22.3
    emplacing.PLUGIN,  # 18.9; QA EM, TB
)

hooks.install(PLUGINS)
