"""Bot accounts: one user per level (and more when one game needs two bots of a level)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from games.bots.levels import PLAYABLE
from games.services.errors import ServiceError

from .models import BotAccount, BotPlayed


def check_level(level: Any) -> str:
    if level not in PLAYABLE:
        raise ServiceError("bot/level", f"level must be one of {', '.join(PLAYABLE)}")
    return level


def bot_name(level: str, n: int = 1) -> str:
    return f"{level.capitalize()}Bot" + (f"-{n}" if n > 1 else "")


@transaction.atomic
def bot_user(level: str, not_in_game: Any = None) -> Any:
    """A bot user of the level with no seat in `not_in_game` (made on first use)."""
    check_level(level)
    User = get_user_model()
    n = 1
    while True:
        user, made = User.objects.get_or_create(username=bot_name(level, n))
        if made:
            user.set_unusable_password()
            user.save(update_fields=["password"])
        BotAccount.objects.get_or_create(user=user, defaults={"level": level})
        if not_in_game is None or not user.seats.filter(game=not_in_game).exists():
            return user
        n += 1


def is_bot(user: Any) -> bool:
    return bool(getattr(user, "pk", None)) and BotAccount.objects.filter(user=user).exists()


def record_bot(game_id: Any, level: str) -> None:
    """Mark the game as one a bot played in (the people's balance leaves it out)."""
    played, _ = BotPlayed.objects.get_or_create(game_id=game_id)
    if level not in played.levels:
        played.levels = [*played.levels, level]
        played.save(update_fields=["levels"])
