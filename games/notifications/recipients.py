"""Who a step concerns: the seats it made to act (their move), or every seat (game over)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.utils import timezone

from games import engine_adapter as engine
from games.models import Presence, Seat, Side
from games.notifications.kinds import GAME_OVER, YOUR_MOVE
from games.notifications.models import NotificationSettings, PushSubscription
from games.selectors import PRESENCE_TTL
from games.sqlnames import column, game_key, table


@dataclass(frozen=True)
class Recipient:
    user_id: Any
    seat_id: str
    side_id: str
    reachable: bool = True  # has an address or a subscription outside the browser


def step_kind(before: engine.GameState | None, after: engine.GameState) -> tuple[str, set[str]]:
    """What a step tells whom: GAME_OVER to everyone, or YOUR_MOVE to the seats that may act
    now and could not before (a seat still acting hears nothing new; when the phase or the
    turn changed, every seat that may act is told, as at the initiative roll); ("", set())
    for nobody.

    Pure and cheap: the on-commit hook calls it for every command.
    """
    if engine.is_over(after):
        if before is not None and engine.is_over(before):
            return "", set()
        return GAME_OVER, set(engine.seat_sides(after))
    acting = set(engine.who_may_act(after))
    if before is not None and engine.stage(before) == engine.stage(after):
        acting -= set(engine.who_may_act(before))
    return (YOUR_MOVE, acting) if acting else ("", set())


def seated(game_id: Any, seat_ids: set[str]) -> list[Recipient]:
    """The players in those seats (empty seats and bots without a user are skipped), each
    with whether any channel outside the browser could reach them.

    One query in plain SQL: it runs in the command's thread after the commit, and the ORM
    spends ten times longer building this query than the database running it.
    """
    if not seat_ids:
        return []
    marks = ", ".join(["%s"] * len(seat_ids))
    with connection.cursor() as cursor:
        cursor.execute(_SEATED.format(marks=marks), [True, game_key(game_id), *sorted(seat_ids)])
        rows = cursor.fetchall()
    return [Recipient(u, s, side, bool(r)) for u, s, side, r in rows]


_SEATED = (
    f"SELECT s.{column(Seat, 'user')}, s.{column(Seat, 'seat_id')}, d.{column(Side, 'side_id')}, "
    f"(EXISTS (SELECT 1 FROM {table(NotificationSettings)} n "
    f"WHERE n.{column(NotificationSettings, 'user')} = s.{column(Seat, 'user')} "
    f"AND ((n.{column(NotificationSettings, 'email')} <> '' "
    f"AND n.{column(NotificationSettings, 'email_verified')} = %s) "
    f"OR n.{column(NotificationSettings, 'webhook_url')} <> '')) "
    f"OR EXISTS (SELECT 1 FROM {table(PushSubscription)} p "
    f"WHERE p.{column(PushSubscription, 'user')} = s.{column(Seat, 'user')})) "
    f"FROM {table(Seat)} s JOIN {table(Side)} d ON d.id = s.{column(Seat, 'side')} "
    f"WHERE s.{column(Seat, 'game')} = %s AND s.{column(Seat, 'user')} IS NOT NULL "
    f"AND s.{column(Seat, 'seat_id')} IN ({{marks}}) ORDER BY s.{column(Seat, 'seat_id')}"
)


def is_watching(game_id: Any, user_id: Any) -> bool:
    """Whether the player has the game open right now (then only the page tells them)."""
    return Presence.objects.filter(
        game_id=game_id, user_id=user_id, seen_at__gte=timezone.now() - PRESENCE_TTL
    ).exists()
