"""A bot takes over a seat whose player left or ran out of time, and hands it back when the
player returns (their socket opens again on the game)."""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

from django.db import transaction

from games.models import ACTIVE, Game, Seat

from . import runner
from .models import BotStandIn

logger = logging.getLogger(__name__)
TAKE_OVER_LEVEL = "veteran"


@transaction.atomic
def take_over(game_id: Any, seat_id: str, level: str = TAKE_OVER_LEVEL) -> bool:
    """Let a bot play the seat until its player returns; False if the game is not running."""
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    seat = Seat.objects.filter(game_id=game_id, seat_id=seat_id).first()
    if game is None or seat is None or game.status != ACTIVE:
        return False
    BotStandIn.objects.update_or_create(seat=seat, defaults={"level": level})
    transaction.on_commit(partial(runner.kick, game.pk))
    return True


def hand_back(seat: Seat) -> bool:
    """The player is back: the bot leaves the seat. True if a bot was standing in."""
    deleted, _ = BotStandIn.objects.filter(seat=seat).delete()
    return bool(deleted)


def register_with_clocks() -> None:
    """Offer the clocks' "a bot takes over" outcome, where the clocks app has that hook."""
    try:
        from games.clocks import absence
    except ImportError:
        return
    hooks = getattr(absence, "BOT_TAKEOVER_HOOKS", None)
    if hooks is not None and take_over not in hooks:
        hooks.append(take_over)
