"""When a game ends: rate it, and give its result to its tournament (after the commit)."""

from __future__ import annotations

from datetime import datetime
from functools import partial
from typing import Any

from games import engine_adapter as engine
from games.services import aftercommit
from games.services.errors import ServiceError
from games.services.hooks import StepDone

from . import ratings
from .models.tournaments import Pairing
from .tournaments import service as tournaments


def on_step(done: StepDone) -> None:
    """hooks.AFTER_STEP: a step that ended the game schedules `game_over` for its commit."""
    if done.after is not None and engine.is_over(done.after):
        aftercommit.on_commit(partial(game_over, done.game_id))


def check_abort(game: Any) -> None:
    """hooks.ABORT_CHECKS: a tournament pairing's game is played out, drawn or resigned."""
    if Pairing.objects.filter(game_id=game.pk).exists():
        raise ServiceError(
            "game/tournament", "a tournament game cannot be aborted: offer a draw or resign", 409
        )


def game_over(game_id: Any) -> None:
    ratings.on_game_over(game_id)
    tournaments.on_game_over(game_id)


def sweep(now: datetime) -> int:
    """The worker's share: ratings and tournament results whose on-commit step was lost."""
    return ratings.rate_missed() + tournaments.sweep(now)
