"""The notifications' share of the worker's periodic sweep: send what is due again (retries,
and sends whose task was lost) and the daily digests that are due. It only makes rows and
queues tasks: nothing here talks to a mail server or a push service."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from games.notifications import digest, outbox, tasks


def run(now: datetime | None = None) -> dict[str, int]:
    """One sweep: queue what is due, make the digests. Returns counts for the worker's log."""
    now = now or timezone.now()
    due = outbox.due(now)
    digests = digest.send_due(now)
    tasks.enqueue_sends(due + digests)
    return {"retried": len(due), "digests": len(digests)}
