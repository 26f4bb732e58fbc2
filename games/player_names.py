"""How a player is named to others: by their name, or "deleted player" once their account is
deleted (the account's row stays, renamed "deleted player <tag>", so that the games it sat
in stay whole; the tag only keeps user names unique and is shown nowhere)."""

from __future__ import annotations

import re
from typing import Any

DELETED_NAME = "deleted player"


def is_deleted(user: Any) -> bool:
    """Whether the account was deleted (services.account_life renames it so)."""
    return (getattr(user, "username", "") or "").startswith(DELETED_NAME + " ")


def player_name(user: Any) -> str | None:
    """The name others see for `user` (None for no user): "deleted player" for a deleted
    account, on every page, list, export and replay."""
    if user is None:
        return None
    return DELETED_NAME if is_deleted(user) else user.get_username()


def seat_player(seat: Any) -> str:
    """How the game log and messages name a seat's player ("deleted player" once the account
    is deleted); the seat id only for a seat nobody holds."""
    return player_name(seat.user) if seat.user_id else seat.seat_id


def without_name(text: str, name: str) -> str:
    """`text` with every whole-word mention of the player `name` made "deleted player" (the
    log lines and records written with a name before its account was deleted)."""
    if not name:
        return text
    return re.sub(rf"(?<![\w.@+-]){re.escape(name)}(?![\w.@+-])", DELETED_NAME, text)
