"""The clocks' notifications: "your time is running out" when a side's clock gets short, and
when it runs out, "out of time" to its players and "your move" (claim the win, give more
time or wait) to everyone else in the game.

The clocks send their signals once per sweep with everything the sweep found
(games.clocks.signals), and these receivers make every delivery of the batch in a handful of
queries (games.notifications.bulk), so a sweep stays quick however many sides it reminds.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction

from games.models import Seat
from games.notifications import bulk, tasks
from games.notifications.kinds import TIME_RUNNING_OUT, YOUR_MOVE


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


def _moment(value: Any) -> str:
    return value.isoformat() if hasattr(value, "isoformat") else str(value)


def send(notices: list[bulk.Notice]) -> list[int]:
    """Store the notices' deliveries, queue their sending and tell the open pages."""
    facts = bulk.Facts(notices)
    with transaction.atomic():
        ids = bulk.make(notices, facts=facts)
        transaction.on_commit(lambda: tasks.enqueue_sends(ids))
        bulk.tell_pages(notices, facts=facts)
    return ids


def on_time_running_out(sender: Any, *, reminders: list[dict], **kwargs: Any) -> list[int]:
    """Receiver of games.clocks.signals.time_running_out: warn each side's players once."""
    return send([
        bulk.Notice(
            game_id=r["game_id"], kind=TIME_RUNNING_OUT, seat_ids=frozenset(r["seat_ids"]),
            key=f"{r['game_id']}:clock:{r['side_id']}:{_moment(r['deadline'])}",
            remaining=remaining_words(r["remaining"]),
        )
        for r in reminders
    ])  # fmt: skip


def on_clock_flagged(sender: Any, *, flags: list[dict], **kwargs: Any) -> list[int]:
    """Receiver of games.clocks.signals.clock_flagged: the side's players hear they ran out,
    everyone else that the decision is theirs."""
    games = {str(f["game_id"]) for f in flags}
    seats: dict[str, dict[str, str]] = {}  # game -> seat -> side
    names: dict[tuple[str, str], str] = {}
    for game_id, seat_id, side_id, name in Seat.objects.filter(game_id__in=games).values_list(
        "game_id", "seat_id", "side__side_id", "side__name"
    ):
        seats.setdefault(str(game_id), {})[seat_id] = side_id
        names[(str(game_id), side_id)] = name
    notices = []
    for flag in flags:
        game, side = str(flag["game_id"]), flag["side_id"]
        key = f"{game}:flag:{side}:{_moment(flag['at'])}"
        name = names.get((game, side), side)
        mine = {s for s, sd in seats.get(game, {}).items() if sd == side}
        others = set(seats.get(game, {})) - mine
        notices.append(bulk.Notice(
            game_id=flag["game_id"], kind=TIME_RUNNING_OUT, seat_ids=frozenset(mine),
            key=key, flagged=name,
        ))  # fmt: skip
        notices.append(bulk.Notice(
            game_id=flag["game_id"], kind=YOUR_MOVE, seat_ids=frozenset(others),
            key=key, flagged=name,
        ))  # fmt: skip
    return send(notices)
