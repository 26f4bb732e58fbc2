"""The notifications' share of the worker's periodic sweep: send what is due again (retries,
and sends whose task was lost), the daily digests, and "your time is running out".

`run(now)` is what the sweep calls; `time_running_out(...)` is the hook the clocks call when
a side's time gets short. Both only make rows and queue tasks: nothing here talks to a
mail server or a push service."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.models import Game
from games.notifications import outbox, tasks, trigger
from games.notifications.kinds import EMAIL, TIME_RUNNING_OUT, YOUR_MOVE
from games.notifications.models import DIGEST, DIGESTED, Delivery, NotificationSettings

DIGEST_EVERY = timedelta(days=1)


def digest_message(rows: list[Delivery]) -> dict:
    """One mail for the day's "your move" notifications: a line per game."""
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


def send_digests(now: datetime) -> list[int]:
    """Make each due player's digest delivery (at most one a day); return the ids to send."""
    waiting = Delivery.objects.filter(status=DIGEST).values("user_id")
    due = NotificationSettings.objects.filter(user_id__in=waiting, email_digest=True).filter(
        Q(last_digest_at__isnull=True) | Q(last_digest_at__lte=now - DIGEST_EVERY)
    )
    ids: list[int] = []
    for prefs in due:
        with transaction.atomic():
            rows = list(
                Delivery.objects.select_for_update()
                .filter(user_id=prefs.user_id, status=DIGEST)
                .order_by("created_at")
            )
            if not rows or not prefs.email:
                continue
            ids += outbox.make(
                prefs=prefs, kind=YOUR_MOVE, message=digest_message(rows), channels=(EMAIL,),
                key=f"digest:{now:%Y-%m-%d}", hold_for_digest=False,
            )  # fmt: skip
            Delivery.objects.filter(pk__in=[r.pk for r in rows]).update(status=DIGESTED)
            NotificationSettings.objects.filter(pk=prefs.pk).update(last_digest_at=now)
    return ids


def run(now: datetime | None = None) -> dict[str, int]:
    """One sweep: queue what is due, make the digests. Returns counts for the worker's log."""
    now = now or timezone.now()
    due = outbox.due(now)
    digests = send_digests(now)
    tasks.enqueue_sends(due + digests)
    return {"retried": len(due), "digests": len(digests)}


def remaining_words(remaining: Any) -> str:
    """A clock's time left in words: "2 days", "3 hours", "12 minutes" (seconds or a timedelta)."""
    seconds = (
        remaining.total_seconds() if isinstance(remaining, timedelta) else float(remaining or 0)
    )
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            n = int(seconds // size)
            return f"{n} {unit}{'s' if n != 1 else ''}"
    n = max(int(seconds), 0)
    return f"{n} second{'s' if n != 1 else ''}"


def on_time_running_out(
    sender: Any, *, game_id: Any, side_id: str, seat_ids: Any, deadline: Any, remaining: Any,
    **kwargs: Any,
) -> None:  # fmt: skip
    """Receiver of games.clocks.signals.time_running_out (sent once per warning)."""
    key = f"{side_id}:{deadline.isoformat() if hasattr(deadline, 'isoformat') else deadline}"
    time_running_out(
        game_id=game_id, seat_ids=set(seat_ids), remaining=remaining_words(remaining), key=key
    )


def time_running_out(*, game_id: Any, seat_ids: set[str], remaining: str, key: str) -> list[int]:
    """Tell the players in `seat_ids` that their time runs short (`remaining` in words, e.g.
    "2 hours"); `key` names the warning so that a sweep seeing it twice warns once."""
    game = Game.objects.filter(pk=game_id).values("scenario").first()
    if game is None:
        return []
    with transaction.atomic():
        ids = tasks.notify(
            game_id=game_id, scenario_id=game["scenario"], version=0, kind=TIME_RUNNING_OUT,
            seat_ids=seat_ids, after=None, events=[], remaining=remaining,
            key=f"{game_id}:clock:{key}",
        )  # fmt: skip
        transaction.on_commit(lambda: tasks.enqueue_sends(ids))
    trigger.tell_pages(game_id, TIME_RUNNING_OUT, seat_ids, None, remaining=remaining)
    return ids
