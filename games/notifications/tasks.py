"""The background work of notifications, as django-tasks tasks: turn a committed step into
notifications, send each delivery, and the periodic sweep's share (retries, digests).

A command only enqueues `notify_step` after its commit; everything slow (reading the
recipients' settings, building their redacted messages, talking to SMTP, push services and
webhooks) happens here, in a worker, so no command waits on it.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from django.db import transaction
from django_tasks import task

from games import selectors
from games.models import Game, GameStep, Side
from games.notifications import bulk, outbox, recipients
from games.notifications.kinds import GAME_OVER, YOUR_MOVE

logger = logging.getLogger(__name__)

BATCH = 20  # deliveries one send task takes: a sweep's hundreds queue a few dozen tasks


def enqueue_sends(ids: list[int], run_after: datetime | None = None) -> None:
    """Queue the sending of deliveries: one task for one, a task per BATCH for many (deferred
    where the backend can defer; else the sweep picks retries up when they are due)."""
    if run_after is not None and not send_delivery.get_backend().supports_defer:
        return  # the sweep sends them when their time comes
    if len(ids) > BATCH:
        with transaction.atomic():  # one commit for a sweep's few dozen tasks
            _enqueue(ids, run_after)
    else:
        _enqueue(ids, run_after)


def _enqueue(ids: list[int], run_after: datetime | None) -> None:
    for start in range(0, len(ids), BATCH):
        chunk = list(ids[start : start + BATCH])
        job, args = (send_delivery, chunk) if len(chunk) == 1 else (send_deliveries, [chunk])
        if run_after is not None:
            job = job.using(run_after=run_after)
        try:
            with transaction.atomic():  # a savepoint: one failure spoils no other
                job.enqueue(*args)
        except Exception:  # the rows stay pending: the sweep sends them
            logger.exception("could not queue deliveries %s", chunk)


def scenario_of(game_id: Any) -> str:
    return Game.objects.filter(pk=game_id).values_list("scenario", flat=True).first() or ""


def side_names(game_id: Any) -> dict[str, str]:
    return dict(Side.objects.filter(game_id=game_id).values_list("side_id", "name"))


def notify(
    *, game_id: Any, version: int, kind: str, seat_ids: set[str],
    after: Any, events: list[dict], remaining: str = "", key: str = "",
) -> list[int]:  # fmt: skip
    """Make the deliveries of one notification for the players in `seat_ids`; each message is
    built for the recipient's side (a player with the game open gets no "your move": the
    page tells them). Returns the ids to send."""
    notice = bulk.Notice(
        game_id=game_id, kind=kind, seat_ids=frozenset(seat_ids),
        key=key or f"{game_id}:{version}:{kind}", remaining=remaining, after=after,
        events=tuple(events),
    )  # fmt: skip
    return bulk.make([notice])


@task()
def notify_step(game_id: str, version: int) -> int:
    """The notifications of one committed step: your move, or game over. Returns how many
    deliveries it queued."""
    game = Game.objects.filter(pk=game_id).values("scenario").first()
    after = selectors.state_at(game_id, version)
    if game is None or after is None:
        return 0
    before = selectors.state_at(game_id, version - 1) if version > 1 else None
    kind, seat_ids = recipients.step_kind(before, after)
    if not kind:
        return 0
    events = (
        GameStep.objects.filter(game_id=game_id, version=version)
        .values_list("events", flat=True)
        .first()
    ) or []
    with transaction.atomic():
        ids = notify(
            game_id=game_id, version=version, kind=kind,
            seat_ids=seat_ids, after=after, events=events if kind == YOUR_MOVE else [],
        )  # fmt: skip
        transaction.on_commit(lambda: enqueue_sends(ids))
    return len(ids)


@task()
def send_delivery(delivery_id: int) -> str:
    """Send one delivery; on a passing failure, queue the next try after its backoff."""
    status, retry_at = outbox.deliver(delivery_id)
    if retry_at is not None:
        enqueue_sends([delivery_id], run_after=retry_at)
    return status


@task()
def send_deliveries(delivery_ids: list[int]) -> dict[str, int]:
    """Send several deliveries in turn (each claimed on its own, so a row another worker
    holds is skipped); each passing failure is retried on its own after its backoff."""
    done: dict[str, int] = {}
    for delivery_id in delivery_ids:
        status = send_delivery.call(delivery_id)
        done[status or "skipped"] = done.get(status or "skipped", 0) + 1
    return done


__all__ = [
    "GAME_OVER", "enqueue_sends", "notify", "notify_step", "send_deliveries", "send_delivery",
]  # fmt: skip
