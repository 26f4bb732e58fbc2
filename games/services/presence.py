"""Count who has a socket open on a game: one row per socket, in the database, so every
daphne process counts the same."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone

from games import selectors
from games.models import LobbyPresence, Presence

# A live socket refreshes its row at least every consumers.TOUCH_EVERY (20 s; the browser
# pings every 10 s), and a row older than selectors.PRESENCE_TTL no longer counts; a row
# twice that old belongs to a socket whose consumer crashed or whose process died.
STALE_AFTER = selectors.PRESENCE_TTL * 2


def presence_enter(*, channel_name: str, game_id: Any, user: Any, seat_pk: int | None) -> dict:
    """Record an open socket; return the game's presence frame."""
    Presence.objects.update_or_create(
        channel_name=channel_name,
        defaults={"game_id": game_id, "user": user if user.is_authenticated else None,
                  "seat_id": seat_pk},
    )  # fmt: skip
    return selectors.presence(game_id)


def presence_leave(*, channel_name: str, game_id: Any) -> dict:
    """Forget a closed socket; return the game's presence frame."""
    Presence.objects.filter(channel_name=channel_name).delete()
    return selectors.presence(game_id)


def presence_touch(*, channel_name: str) -> None:
    """Mark a socket as still there (its browser pinged)."""
    presence_touch_many(channel_names=[channel_name])


TOUCH_BATCH = 500  # channel names per statement, well inside every database's limit


def presence_touch_many(*, channel_names: list[str]) -> None:
    """Mark many sockets as still there in one statement per TOUCH_BATCH (a process's
    refreshes of a few seconds, games.upkeep)."""
    now = timezone.now()
    for start in range(0, len(channel_names), TOUCH_BATCH):
        batch = channel_names[start : start + TOUCH_BATCH]
        Presence.objects.filter(channel_name__in=batch).update(seen_at=now)


def presence_sweep(now: datetime) -> int:
    """Delete the presence rows (game and lobby) of sockets gone without saying goodbye; the
    number deleted. A job of the worker's periodic sweep (games/clocks/sweep.py)."""
    cutoff = now - STALE_AFTER
    games, _ = Presence.objects.filter(seen_at__lt=cutoff).delete()
    lobby, _ = LobbyPresence.objects.filter(seen_at__lt=cutoff).delete()
    return games + lobby
