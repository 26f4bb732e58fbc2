"""Lock a game row for a service's transaction (one writer at a time per game)."""

from __future__ import annotations

from typing import Any

from games.models import Game
from games.services.errors import ServiceError


def locked_game(game: Game | Any) -> Game:
    """The game row, locked until the transaction ends; ServiceError 404 when there is none."""
    try:
        return Game.objects.select_for_update().get(pk=getattr(game, "pk", game))
    except Game.DoesNotExist:
        raise ServiceError("game/none", "no such game", 404) from None
