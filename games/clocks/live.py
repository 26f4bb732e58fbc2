"""Tell the open pages at once when the clocks change outside a step: a flag, more time, a
take-over, a vacation pausing or restarting a clock.

A step already carries its clock readings in every audience's view; these changes make no
version, so each sends a `clock` frame to every socket of the game (every audience may see
the clocks and their log lines) and nudges the lobby sockets of the game's players, whose
*my games* show the time left. Sent after the commit, from whichever process made the change
(the worker's sweep included: the frames cross the channel layer like any other).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import broadcast, protocol, selectors
from games.clocks.models import ClockEvent, GameClock
from games.clocks.readings import readings_of
from games.lobby import notify as lobby_notify
from games.models import Seat

CLOCK_FRAME = protocol.CLOCK  # server to browser: {"t": "clock", "d": {"now", "v", "clocks", "events"}}


def event_json(event: ClockEvent) -> dict:
    """A clock log line as pages and the API show it."""
    return {
        "id": event.pk, "v": event.version, "at": event.at.isoformat(), "kind": event.kind,
        "side": event.side_id, "text": event.text,
    }  # fmt: skip


def clock_frame(game_id: Any, events: list[ClockEvent]) -> dict | None:
    """The frame telling a game's pages the clocks now and the new log lines (None: untimed)."""
    clock = GameClock.objects.filter(pk=game_id).first()
    if clock is None:
        return None
    now = timezone.now()
    version = events[-1].version if events else None
    return {
        "t": CLOCK_FRAME,
        "d": {
            "now": now.isoformat(), "v": version, "clocks": readings_of(clock, now),
            "events": [event_json(e) for e in events],
        },
    }  # fmt: skip


def push(game_id: Any, event_ids: tuple[int, ...]) -> None:
    """Send the clock frame to the game's sockets and nudge its players' lobbies (after the
    commit; a failure here never undoes what was committed)."""
    events = list(ClockEvent.objects.filter(pk__in=event_ids).order_by("at", "id"))
    frame = clock_frame(game_id, events)
    if frame is None:
        return
    message = broadcast.text_message(protocol.encode(frame))
    users = set(
        Seat.objects.filter(game_id=game_id, user__isnull=False).values_list("user_id", flat=True)
    )
    broadcast.send(
        [(group, message) for group in selectors.groups_of(game_id)]
        + [(lobby_notify.user_group(u), lobby_notify.changed_message()) for u in sorted(users)]
    )


def after_commit(game_id: Any, event: ClockEvent) -> None:
    """Push this log line (and the clocks with it) once the transaction commits."""
    transaction.on_commit(partial(push, game_id, (event.pk,)))
