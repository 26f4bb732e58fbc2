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
from games.notifications import content, outbox, recipients
from games.notifications.kinds import GAME_OVER, YOUR_MOVE
from games.notifications.preferences import settings_for

logger = logging.getLogger(__name__)


def enqueue_sends(ids: list[int], run_after: datetime | None = None) -> None:
    """Queue a send task per delivery (deferred where the backend can defer; else the sweep
    picks retries up when they are due)."""
    for delivery_id in ids:
        job = send_delivery
        if run_after is not None:
            if not job.get_backend().supports_defer:
                continue  # the sweep sends it when its time comes
            job = job.using(run_after=run_after)
        try:
            job.enqueue(delivery_id)
        except Exception:  # the row stays pending: the sweep sends it
            logger.exception("could not queue delivery %s", delivery_id)


def scenario_of(game_id: Any) -> str:
    return Game.objects.filter(pk=game_id).values_list("scenario", flat=True).first() or ""


def side_names(game_id: Any) -> dict[str, str]:
    return dict(Side.objects.filter(game_id=game_id).values_list("side_id", "name"))


def notify(
    *, game_id: Any, scenario_id: str, version: int, kind: str, seat_ids: set[str],
    after: Any, events: list[dict], remaining: str = "", key: str = "",
) -> list[int]:  # fmt: skip
    """Make the deliveries of one notification for the players in `seat_ids`; each message is
    built for the recipient's side. Returns the ids to send."""
    people = recipients.seated(game_id, seat_ids)
    prefs = settings_for([p.user_id for p in people])
    names = side_names(game_id)
    ids: list[int] = []
    for person in people:
        if kind == YOUR_MOVE and recipients.is_watching(game_id, person.user_id):
            continue  # the open page tells them
        msg = content.message(
            kind=kind, game_id=game_id, scenario_id=scenario_id, side_id=person.side_id,
            side_names=names, after=after, events=events, remaining=remaining,
        )  # fmt: skip
        if prefs[person.user_id].pk is None:
            prefs[person.user_id].save()  # first notification: keep the defaults
        ids += outbox.make(
            prefs=prefs[person.user_id], kind=kind, message=msg, game_id=game_id,
            key=key or f"{game_id}:{version}:{kind}",
        )  # fmt: skip
    return ids


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
            game_id=game_id, scenario_id=game["scenario"], version=version, kind=kind,
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


__all__ = ["GAME_OVER", "enqueue_sends", "notify", "notify_step", "send_delivery"]
