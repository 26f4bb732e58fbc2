"""The daily digest: a player who wants one gets their "your move" mails gathered into one
mail a day, at the hour they picked in their time zone (08:00 UTC unless they say otherwise).

Held moves wait as Delivery rows in DIGEST. When the hour comes, the sweep claims the
player's digest by moving `next_digest_at` on (a compare-and-swap, so two workers send one
digest), lists the games where it is still the player's move and marks the rest dropped.
When the player changes their mind, held moves are never lost silently:

- digest switched off, address kept and "your move" mails on: the held moves go out at once
  as one last digest;
- the address removed, or "your move" mails switched off: the held moves are dropped (the
  settings page's "recent problems" list says why);
- the address changed: the next digest goes to the new address;
- the hour or time zone changed: the next digest is due at the new hour.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import engine_adapter as engine
from games.models import ACTIVE, Game, Seat
from games.notifications import outbox
from games.notifications.kinds import EMAIL, YOUR_MOVE
from games.notifications.models import (
    DIGEST,
    DIGESTED,
    DROPPED,
    Delivery,
    NotificationSettings,
)

DEFAULT_HOUR = 8


@cache
def time_zones() -> tuple[str, ...]:
    """The time zones a player may pick (IANA names), sorted."""
    return tuple(sorted(available_timezones()))


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def next_digest_at(prefs: NotificationSettings, after: datetime) -> datetime:
    """The first moment strictly after `after` when the player's clock shows their hour."""
    tz = zone(prefs.digest_timezone)
    local = after.astimezone(tz)
    for days in range(3):  # a DST change can skip an hour of one day, never of two
        day = (local + timedelta(days=days)).date()
        wanted = datetime(day.year, day.month, day.day, prefs.digest_hour, tzinfo=tz)
        # Round-trip through UTC: a wall time skipped by a DST change moves to a real one.
        moment = wanted.astimezone(UTC)
        if moment > after:
            return moment
    raise AssertionError("unreachable: a day always has the hour")


def digest_message(rows: list[Delivery]) -> dict:
    """One mail for the held "your move" notifications: a line per game."""
    per_game: dict[str, dict] = {}
    for row in rows:
        per_game[row.message.get("game", "")] = row.message
    games = list(per_game.values())
    return {
        "kind": YOUR_MOVE,
        "title": f"Your move in {len(games)} game{'s' if len(games) != 1 else ''}",
        "text": "Your daily pgweb digest: it is your move in these games.",
        "lines": [f"{m['text']} {m['url']}" for m in games],
        "url": settings.SITE_URL + "/",
        "game": "",
        "turn": None,
    }


def still_my_move(user_id: Any, game_ids: set[Any]) -> set[str]:
    """Of these games, those still running where one of the player's seats may act now."""
    out = set()
    seats: dict[Any, set[str]] = {}
    for game_id, seat_id in Seat.objects.filter(
        game_id__in=game_ids, user_id=user_id
    ).values_list("game_id", "seat_id"):
        seats.setdefault(game_id, set()).add(seat_id)
    for game in Game.objects.filter(pk__in=seats, status=ACTIVE).only("pk", "version", "state"):
        state = engine.cached_state(game.pk, game.version) or engine.decode_state(
            game.pk, game.version, game.state
        )
        if seats[game.pk] & set(engine.who_may_act(state)):
            out.add(str(game.pk))
    return out


def _send_held(prefs: NotificationSettings, key: str, now: datetime) -> list[int]:
    """Gather the player's held moves into one digest delivery (inside a transaction)."""
    rows = list(
        Delivery.objects.select_for_update()
        .filter(user_id=prefs.user_id, status=DIGEST)
        .order_by("created_at")
    )
    if not rows:
        return []
    current = still_my_move(prefs.user_id, {r.game_id for r in rows if r.game_id})
    fresh = [r for r in rows if str(r.game_id) in current]
    stale = [r.pk for r in rows if str(r.game_id) not in current]
    Delivery.objects.filter(pk__in=stale).update(
        status=DROPPED, last_error="no longer your move when the digest went out"
    )
    if not fresh or not prefs.mail_address:
        return []
    ids = outbox.make(
        prefs=prefs, kind=YOUR_MOVE, message=digest_message(fresh), channels=(EMAIL,),
        key=key, hold_for_digest=False,
    )  # fmt: skip
    Delivery.objects.filter(pk__in=[r.pk for r in fresh]).update(status=DIGESTED, sent_at=now)
    return ids


def send_due(now: datetime) -> list[int]:
    """Make each due player's digest delivery; return the ids to send.

    A player whose digest has no time yet (it was switched on elsewhere) gets one first.
    """
    unscheduled = NotificationSettings.objects.filter(email_digest=True, next_digest_at__isnull=True)
    for prefs in unscheduled[:500]:
        NotificationSettings.objects.filter(pk=prefs.pk, next_digest_at__isnull=True).update(
            next_digest_at=next_digest_at(prefs, now)
        )
    waiting = Delivery.objects.filter(status=DIGEST).values("user_id")
    due = NotificationSettings.objects.filter(
        user_id__in=waiting, email_digest=True, next_digest_at__lte=now
    )
    ids: list[int] = []
    for prefs in due[:500]:
        with transaction.atomic():
            claimed = NotificationSettings.objects.filter(
                pk=prefs.pk, next_digest_at=prefs.next_digest_at
            ).update(next_digest_at=next_digest_at(prefs, now), last_digest_at=now)
            if not claimed:
                continue  # another worker sent it, or the player changed the hour meanwhile
            ids += _send_held(prefs, f"digest:{prefs.next_digest_at.isoformat()}", now)
    return ids


def settings_changed(before: dict, prefs: NotificationSettings) -> list[int]:
    """After a player saved their settings (`before`: `snapshot` of the old ones): schedule
    the digest, and send or drop what it held. Returns the ids the caller queues for
    sending once its transaction has committed."""
    now = timezone.now()
    ids: list[int] = []
    with transaction.atomic():
        if prefs.email_digest:
            if not before["email_digest"] or before["when"] != (
                prefs.digest_hour, prefs.digest_timezone
            ):
                prefs.next_digest_at = next_digest_at(prefs, now)
                NotificationSettings.objects.filter(pk=prefs.pk).update(
                    next_digest_at=prefs.next_digest_at
                )
        elif before["email_digest"] or prefs.next_digest_at is not None:
            NotificationSettings.objects.filter(pk=prefs.pk).update(next_digest_at=None)
            prefs.next_digest_at = None
        if not prefs.email or not prefs.wants(EMAIL, YOUR_MOVE):
            why = "the e-mail address was removed" if not prefs.email else (
                "“your move” mails were switched off"
            )
            Delivery.objects.filter(user_id=prefs.user_id, status=DIGEST).update(
                status=DROPPED, last_error=f"held for the digest, dropped: {why}"
            )
        elif not prefs.email_digest:
            ids = _send_held(prefs, f"digest:last:{now.isoformat()}", now)
    return ids


def snapshot(prefs: NotificationSettings) -> dict:
    """What `settings_changed` compares with."""
    return {
        "email_digest": prefs.email_digest,
        "when": (prefs.digest_hour, prefs.digest_timezone),
    }
