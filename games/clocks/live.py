"""Tell the open pages at once when the clocks change outside a step: a flag, more time, a
take-over, a vacation pausing or restarting a clock.

A step already carries its clock readings in every audience's view; these changes make no
version, so each sends a `clock` frame to every socket of the game (every audience may see
the clocks and their log lines) and nudges the lobby sockets of the game's players, whose
*my games* show the time left. Sent after the commit, from whichever process made the change
(the worker's sweep included: the frames cross the channel layer like any other).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from games import broadcast, protocol, spectating
from games.clocks.models import ClockEvent, GameClock, SideClock
from games.clocks.readings import readings_of
from games.lobby import notify as lobby_notify
from games.models import Seat, Side

CLOCK_FRAME = protocol.CLOCK  # server to browser: {"t": "clock", "d": {"now", "v", "clocks", "events"}}


def event_json(event: ClockEvent) -> dict:
    """A clock log line as pages and the API show it."""
    return {
        "id": event.pk, "v": event.version, "at": event.at.isoformat(), "kind": event.kind,
        "side": event.side_id, "text": event.text,
    }  # fmt: skip


def _frames(batch: dict[str, tuple[int, ...]]) -> list[tuple[str, dict]]:
    """The messages telling the pages and lobbies of these games about their new log lines
    (a handful of queries for the whole batch: a sweep may flag dozens of clocks at once)."""
    games = list(batch)
    now = timezone.now()
    events: dict[str, list[ClockEvent]] = {}
    ids = [pk for pks in batch.values() for pk in pks]
    for event in ClockEvent.objects.filter(pk__in=ids).order_by("at", "id"):
        events.setdefault(str(event.game_id), []).append(event)
    rows: dict[str, list[SideClock]] = {}
    for row in SideClock.objects.filter(game_id__in=games):
        rows.setdefault(str(row.game_id), []).append(row)
    groups: dict[str, list[str]] = {}
    for game_id, side_id in Side.objects.filter(game_id__in=games).values_list("game_id", "side_id"):
        groups.setdefault(str(game_id), []).append(broadcast.side_group(game_id, side_id))
    users: dict[str, set] = {}
    for game_id, user_id in Seat.objects.filter(game_id__in=games, user__isnull=False).values_list(
        "game_id", "user_id"
    ):
        users.setdefault(str(game_id), set()).add(user_id)
    messages: list[tuple[str, dict]] = []
    for clock in GameClock.objects.filter(pk__in=games):
        game = str(clock.game_id)
        mine = events.get(game, [])
        if not mine:
            continue  # its lines were rolled back
        frame = {
            "t": CLOCK_FRAME,
            "d": {
                "now": now.isoformat(), "v": mine[-1].version,
                "clocks": readings_of(clock, now, rows.get(game, [])),
                "events": [event_json(e) for e in mine],
            },
        }  # fmt: skip
        message = broadcast.text_message(protocol.encode(frame))
        audiences = groups.get(game, [])
        if not spectating.delay_of(clock.game_id):
            # A delayed public reads the clocks in the views it is shown (readings.view_extra),
            # as each version left them: a live frame would tell it who is on the move now.
            audiences = [*audiences, broadcast.spectators_group(clock.game_id)]
        messages += [(group, message) for group in audiences]
        messages += [
            (lobby_notify.user_group(u), lobby_notify.changed_message())
            for u in sorted(users.get(game, ()))
        ]
    return messages


def push(batch: dict[str, tuple[int, ...]]) -> None:
    """Send the clock frames of these games' new log lines to their sockets and nudge their
    players' lobbies (after the commit; a failure here never undoes what was committed)."""
    if batch:
        broadcast.send(_frames(batch))


class _Push:
    """The push waiting for one transaction's commit: the log lines it wrote, by game. It is
    dropped with the transaction's other on-commit work if the transaction rolls back."""

    def __init__(self) -> None:
        self.batch: dict[str, list[int]] = {}
        self.done = False

    def __call__(self) -> None:
        self.done = True
        push({game: tuple(ids) for game, ids in self.batch.items()})


def after_commit(game_id: Any, event: ClockEvent) -> None:
    """Push this log line (and the clocks with it) once the transaction commits, together
    with the other lines the transaction wrote (one push for a sweep's dozens of flags)."""
    connection = transaction.get_connection()
    waiting = None
    if connection.in_atomic_block:
        waiting = next(
            (e[1] for e in connection.run_on_commit if isinstance(e[1], _Push) and not e[1].done),
            None,
        )
    if waiting is None:
        waiting = _Push()
        waiting.batch.setdefault(str(game_id), []).append(event.pk)
        transaction.on_commit(waiting)  # outside a transaction: pushed at once
        return
    waiting.batch.setdefault(str(game_id), []).append(event.pk)
