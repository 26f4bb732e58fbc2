"""Who a step concerns: the seats it made to act (their move), or every seat (game over)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.utils import timezone

from games import engine_adapter as engine
from games.models import Game, Presence, Seat, Side
from games.notifications.kinds import GAME_OVER, YOUR_MOVE
from games.notifications.models import NotificationSettings, PushSubscription
from games.selectors import PRESENCE_TTL


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
        cursor.execute(
            _SEATED.format(marks=marks), [True, _game_key(game_id), *sorted(seat_ids)]
        )
        rows = cursor.fetchall()
    return [Recipient(u, s, side, bool(r)) for u, s, side, r in rows]


def _game_key(game_id: Any) -> Any:
    return Game._meta.pk.get_db_prep_value(
        game_id if isinstance(game_id, uuid.UUID) else uuid.UUID(str(game_id)), connection
    )


def _table(model: Any) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _col(model: Any, name: str) -> str:
    return connection.ops.quote_name(model._meta.get_field(name).column)


_SEATED = (
    f"SELECT s.{_col(Seat, 'user')}, s.{_col(Seat, 'seat_id')}, d.{_col(Side, 'side_id')}, "
    f"(EXISTS (SELECT 1 FROM {_table(NotificationSettings)} n "
    f"WHERE n.{_col(NotificationSettings, 'user')} = s.{_col(Seat, 'user')} "
    f"AND ((n.{_col(NotificationSettings, 'email')} <> '' "
    f"AND n.{_col(NotificationSettings, 'email_verified')} = %s) "
    f"OR n.{_col(NotificationSettings, 'webhook_url')} <> '')) "
    f"OR EXISTS (SELECT 1 FROM {_table(PushSubscription)} p "
    f"WHERE p.{_col(PushSubscription, 'user')} = s.{_col(Seat, 'user')})) "
    f"FROM {_table(Seat)} s JOIN {_table(Side)} d ON d.id = s.{_col(Seat, 'side')} "
    f"WHERE s.{_col(Seat, 'game')} = %s AND s.{_col(Seat, 'user')} IS NOT NULL "
    f"AND s.{_col(Seat, 'seat_id')} IN ({{marks}}) ORDER BY s.{_col(Seat, 'seat_id')}"
)


def is_watching(game_id: Any, user_id: Any) -> bool:
    """Whether the player has the game open right now (then only the page tells them)."""
    return Presence.objects.filter(
        game_id=game_id, user_id=user_id, seen_at__gte=timezone.now() - PRESENCE_TTL
    ).exists()
