"""A draw offer's notification: the players asked to answer it hear of it (the offering
side's partners while it agrees, every other player once it stands), on every channel their
settings switch on, as a "your move" notice saying who offers (games/services/endings.py)."""

from __future__ import annotations

from typing import Any

from games.models import Seat
from games.notifications import bulk
from games.notifications.clock_notices import send
from games.notifications.kinds import YOUR_MOVE


def on_draw_offered(game_id: Any, side_id: str, seat_ids: set, key: str) -> list[int]:
    """services.hooks.DRAW_OFFERED: tell the seats asked to answer the offer, once per key."""
    name = Seat.objects.filter(game_id=game_id, side__side_id=side_id).values_list(
        "side__name", flat=True
    ).first() or side_id
    return send([bulk.Notice(
        game_id=game_id, kind=YOUR_MOVE, seat_ids=frozenset(seat_ids), key=key,
        draw_offered_by=name,
    )])  # fmt: skip
