"""The rules in play: every optional rule and scenario feature, plugged into the core's hooks
in one explicit order (core/hooks.py).

The order is part of the rules: where two plug-ins take part in the same moment (a mover
entering a hex: drumfire, then a critical shortfall, then mire), they act, and roll, in
this order, so a game's dice always fall the same way and replays stay exact. Each plug-in
checks whether its rule is switched on for the game; installing it costs nothing when off.
Take-backs are here too: no rule of the game but the players' agreement, kept out of the core
the same way. Importing this module installs them (the engine, legal commands and previews import it).
"""

from __future__ import annotations

from .core import hooks
from .optional import (
    air_support,
    consolidation,
    drumfire,
    efficient,
    extended_assault,
    fog_of_war,
    formation,
    logistics,
    mire,
    takeback,
)

PLUGINS = (
    fog_of_war.PLUGIN,  # 17.6
    drumfire.PLUGIN,  # 17.2
    logistics.PLUGIN,  # 17.10
    mire.PLUGIN,  # 17 Part II
    efficient.PLUGIN,  # 17.3
    extended_assault.PLUGIN,  # 17.5
    consolidation.PLUGIN,  # 17.1
    formation.PLUGIN,  # 17.7
    air_support.PLUGIN,  # 15.1, 18.9
    takeback.PLUGIN,  # the players' agreement, not a rule (D-TAKEBACK-1)
)

hooks.install(PLUGINS)
