"""A side's stored standing orders and the log lines of the windows they answered."""

from __future__ import annotations

from typing import Any

from .models import OrderAnswer, StandingOrders


def orders_of(game_id: Any, side_id: str) -> list[dict]:
    """The side's standing orders, top to bottom (none set: an empty list)."""
    row = StandingOrders.objects.filter(game_id=game_id, side_id=side_id).first()
    return list(row.orders) if row is not None else []


def answers_of(game_id: Any, side_id: str) -> list[dict]:
    """The side's log lines of windows its orders answered, oldest first."""
    rows = OrderAnswer.objects.filter(game_id=game_id, side_id=side_id)
    return [answer_json(a) for a in rows]


def answer_json(a: OrderAnswer) -> dict:
    return {"v": a.version, "seat": a.seat_id, "command": a.command, "text": a.text,
            "said": a.said, "at": a.at.isoformat() if a.at else None}
