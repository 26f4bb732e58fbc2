"""The outbox: a Delivery row per notification and channel, made once (unique key), claimed
by one worker at a time (compare-and-swap on its status), sent, and retried with backoff.

Rows are the truth, not the task queue: a task that was lost (a worker killed mid-send, a
queue emptied) leaves its row pending or sending, and the periodic sweep sends it again.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone

from games.notifications.kinds import EMAIL, PUSH, WEBHOOK, YOUR_MOVE
from games.notifications.models import (
    DIGEST,
    DROPPED,
    FAILED,
    PENDING,
    SENDING,
    SENT,
    Delivery,
    NotificationSettings,
    PushSubscription,
)
from games.notifications.senders import GiveUp, Revoked, TryLater
from games.notifications.senders import email as email_sender
from games.notifications.senders import push as push_sender
from games.notifications.senders import webhook as webhook_sender

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 6
FIRST_BACKOFF = timedelta(seconds=30)
MAX_BACKOFF = timedelta(hours=1)
STALE_SENDING = timedelta(minutes=10)  # a claim this old belongs to a worker that died


def backoff(attempts: int) -> timedelta:
    """How long to wait after the n-th failed attempt: 30 s, 1 min, 2 min, ... up to 1 h."""
    return min(FIRST_BACKOFF * (2 ** max(attempts - 1, 0)), MAX_BACKOFF)


def targets(
    prefs: NotificationSettings, channel: str, pushes: list[str] | None = None
) -> list[str]:
    """Where one channel goes for a player: an address, a URL, or each push subscription
    (`pushes`: the subscription ids, when the caller read them already)."""
    if channel == EMAIL:
        return [prefs.mail_address] if prefs.mail_address else []  # verified addresses only
    if channel == WEBHOOK:
        return [prefs.webhook_url] if prefs.webhook_url else []
    if channel == PUSH:
        if pushes is not None:
            return pushes
        subs = PushSubscription.objects.filter(user_id=prefs.user_id).order_by("pk")
        return [str(pk) for pk in subs.values_list("pk", flat=True)]
    return []


def make(
    *,
    prefs: NotificationSettings,
    kind: str,
    message: dict,
    key: str,
    game_id: Any = None,
    channels: tuple[str, ...] = (EMAIL, PUSH, WEBHOOK),
    hold_for_digest: bool = True,
) -> list[int]:
    """Store a notification's deliveries; return the ids to send now (not the digest's).

    `key` names the notification (game, version, kind); a second call with the same key
    makes nothing new, so a step looked at twice notifies once.
    """
    to_send = []
    for channel in channels:
        if not prefs.wants(channel, kind):
            continue
        digest = hold_for_digest and channel == EMAIL and kind == YOUR_MOVE and prefs.email_digest
        for target in targets(prefs, channel):
            try:
                with transaction.atomic():
                    row = Delivery.objects.create(
                        user_id=prefs.user_id, game_id=game_id, channel=channel, kind=kind,
                        key=f"{key}:{prefs.user_id}:{channel}:{target}"[:200], target=target,
                        message=message, status=DIGEST if digest else PENDING,
                    )  # fmt: skip
            except IntegrityError:
                continue  # made before
            if not digest:
                to_send.append(row.pk)
    return to_send


def claim(delivery_id: int) -> Delivery | None:
    """Take a delivery for sending; None when another worker has it or it is done."""
    now = timezone.now()
    due = Q(status=PENDING) & (Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lte=now))
    stale = Q(status=SENDING, next_attempt_at__lte=now - STALE_SENDING)
    taken = Delivery.objects.filter(due | stale, pk=delivery_id).update(
        status=SENDING, attempts=F("attempts") + 1, next_attempt_at=now
    )
    if taken != 1:
        return None
    return Delivery.objects.select_related("user").get(pk=delivery_id)


def _send(delivery: Delivery) -> None:
    if delivery.channel == EMAIL:
        email_sender.send(delivery)
    elif delivery.channel == PUSH:
        push_sender.send(delivery)
    elif delivery.channel == WEBHOOK:
        secret = (
            NotificationSettings.objects.filter(user_id=delivery.user_id)
            .values_list("webhook_secret", flat=True)
            .first()
        )
        if secret is None:
            raise Revoked("the webhook was removed")
        webhook_sender.send(delivery, secret)
    else:
        raise GiveUp(f"no sender for channel {delivery.channel!r}")


def deliver(delivery_id: int) -> tuple[str, datetime | None]:
    """Claim and send one delivery; return its new status and, if pending, when to retry."""
    delivery = claim(delivery_id)
    if delivery is None:
        return "", None
    now = timezone.now()
    retry_at = None
    fields: dict[str, Any]
    try:
        _send(delivery)
        fields = {"status": SENT, "sent_at": now, "last_error": ""}
    except Revoked as exc:
        fields = {"status": DROPPED, "last_error": str(exc)[:500]}
    except GiveUp as exc:
        fields = {"status": FAILED, "last_error": str(exc)[:500]}
    except TryLater as exc:
        if delivery.attempts >= MAX_ATTEMPTS:
            fields = {
                "status": FAILED,
                "last_error": f"gave up after {delivery.attempts} tries: {exc}"[:500],
            }
        else:
            retry_at = now + backoff(delivery.attempts)
            fields = {"status": PENDING, "next_attempt_at": retry_at, "last_error": str(exc)[:500]}
    except Exception as exc:  # a bug must not leave the row claimed for ever
        logger.exception("sending delivery %s failed", delivery_id)
        fields = {"status": FAILED, "last_error": f"internal error: {type(exc).__name__}"}
    Delivery.objects.filter(pk=delivery_id, status=SENDING).update(**fields)
    return fields["status"], retry_at


def due(now: datetime | None = None, limit: int = 500) -> list[int]:
    """Deliveries whose (next) attempt is due, and claims abandoned by a dead worker."""
    now = now or timezone.now()
    rows = Delivery.objects.filter(
        Q(status=PENDING, next_attempt_at__lte=now)
        | Q(status=PENDING, next_attempt_at__isnull=True, created_at__lte=now - FIRST_BACKOFF)
        | Q(status=SENDING, next_attempt_at__lte=now - STALE_SENDING)
    )
    return list(rows.order_by("next_attempt_at").values_list("pk", flat=True)[:limit])


def recent_failures(user: Any, limit: int = 5) -> list[Delivery]:
    """What the settings page shows: the player's latest deliveries that failed or wait to retry."""
    rows = Delivery.objects.filter(user=user).filter(
        Q(status=FAILED) | Q(status=PENDING, attempts__gt=0) | Q(status=DROPPED)
    )
    return list(rows.order_by("-created_at")[:limit])
