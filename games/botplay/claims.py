"""Leases on a bot's turn: one process at a time decides for a (game, version), and a turn
whose taker died, failed or was refused is taken again.

A claim row is unique per (game, version). Taking it is an INSERT, or, when the row exists,
a conditional UPDATE that succeeds only if its lease has run out and its command was not
applied: PostgreSQL re-checks the condition after the row lock, SQLite writes one at a time,
so two takers never both win. The taker holds the lease for `lease_seconds()`; a failure
releases it at once (the lease ends now), a crash leaves it to run out, and the next kick or
the periodic sweep (sweep.py) takes it again with `attempts` one higher.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone

from .models import BotClaim


def lease_seconds() -> float:
    return float(getattr(settings, "BOT_LEASE_SECONDS", 60.0))


def take(game_id: Any, version: int, seat_id: str, now: datetime | None = None
         ) -> tuple[int, int] | None:
    """Claim the version for a bot's seat: (claim id, attempt number), or None when another
    process holds it or its command was applied."""
    now = now or timezone.now()
    until = now + timedelta(seconds=lease_seconds())
    try:
        with transaction.atomic():
            row = BotClaim.objects.create(game_id=game_id, version=version, seat_id=seat_id,
                                          lease_until=until)
        return row.pk, 1
    except IntegrityError:
        pass
    # A row without a lease predates leases: it is a wedged turn, free to take.
    stale = BotClaim.objects.filter(Q(lease_until__lt=now) | Q(lease_until__isnull=True),
                                    game_id=game_id, version=version, applied=False)
    if stale.update(lease_until=until, attempts=F("attempts") + 1, seat_id=seat_id,
                    command=None) != 1:
        return None
    row = BotClaim.objects.get(game_id=game_id, version=version)
    return row.pk, row.attempts


def finish(claim_pk: int, command: Any) -> None:
    """The command was applied (or the game moved past the version): nobody takes it again."""
    BotClaim.objects.filter(pk=claim_pk).update(command=command, applied=True)


def release(claim_pk: int, command: Any = None, now: datetime | None = None) -> None:
    """The taker failed (its thinking raised, or its command was refused): the lease ends
    now, so the next taker need not wait for it to run out."""
    BotClaim.objects.filter(pk=claim_pk, applied=False).update(
        command=command, lease_until=(now or timezone.now()) - timedelta(microseconds=1))


def is_settled(game_id: Any, version: int, now: datetime | None = None) -> bool:
    """Someone holds a live lease on the version, or its command was applied."""
    now = now or timezone.now()
    row = BotClaim.objects.filter(game_id=game_id, version=version).values(
        "applied", "lease_until").first()
    if row is None:
        return False
    return row["applied"] or (row["lease_until"] is not None and row["lease_until"] >= now)
