"""Register the games app with Django, and tune the garbage collector for a game server."""

from __future__ import annotations

import gc

from django.apps import AppConfig

# Generation-0 collections run every 700 allocations by default; building views allocates
# many short-lived dicts, so a command would pay for several collections that find nothing.
# Raised thresholds make them rarer, and freezing what was loaded at start-up (modules,
# scenarios, the unit catalogue) keeps the older generations' collections short, so the
# slow tail of command latency stays close to the median.
GC_THRESHOLDS = (50_000, 50, 100)


def tune_gc() -> None:
    """Collect once, freeze the survivors out of future collections, raise the thresholds."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


class GamesConfig(AppConfig):
    """The games app: lobby, games, seats, the command log and the rules engine."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        """Register the spectator delay option and the sweeps of dead presence rows and of
        absent seekers, then tune the GC. The scenarios are loaded by the server before it
        serves (pgweb/asgi.py), not here: a management command or a shell that never plays
        a game does not pay their checks."""
        from games import models, spectating
        from games.clocks import sweep
        from games.lobby import signals  # noqa: F401  (the lobby hears games change)
        from games.services import hooks, matchmaking, presence, spectators

        sweep.register("games.presence", presence.presence_sweep)
        sweep.register("games.seeks", matchmaking.expire_absent_seeks)
        hooks.OPTION_CHECKS["spectator_delay"] = spectators.normalize_delay
        models.SPECTATOR_DELAY_DEFAULTS.append(spectating.rated_delay)
        tune_gc()
