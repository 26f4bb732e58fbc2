"""Vacation: a player's days away, during which their seats' correspondence clocks stop.

Each player has `days_per_year` (VacationAllowance, default settings.PGWEB_VACATION_DAYS)
to spend in the calendar year; a vacation starts now and lasts whole days, and ending it
early gives the unused days back. While it lasts, a side whose deciding seat is the
player's does not lose time, and a partner on that side may act for the seat.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.clocks import control as controls
from games.clocks import jobs, service
from games.clocks.models import ClockEvent, Vacation, VacationAllowance
from games.models import Seat
from games.player_names import without_name
from games.services.errors import ServiceError


@dataclass(frozen=True)
class Standing:
    """A player's vacation account this year."""

    allowance: int
    used: int
    current: Vacation | None

    @property
    def left(self) -> int:
        return max(self.allowance - self.used, 0)

    def to_json(self) -> dict:
        return {
            "allowance": self.allowance,
            "used": self.used,
            "left": self.left,
            "until": self.current.ends_at.isoformat() if self.current else None,
        }


def allowance(user: Any) -> int:
    row = VacationAllowance.objects.filter(user=user).first()
    return row.days_per_year if row else settings.PGWEB_VACATION_DAYS


def standing(user: Any, now: datetime | None = None) -> Standing:
    """Days allowed and used in `now`'s calendar year (a started day counts whole)."""
    now = now or timezone.now()
    year_start = now.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
    year_end = year_start.replace(year=year_start.year + 1)
    used = 0.0
    current = None
    for v in Vacation.objects.filter(user=user, ends_at__gt=year_start, starts_at__lt=year_end):
        start, end = max(v.starts_at, year_start), min(v.ends_at, year_end)
        used += max((end - start).total_seconds(), 0.0) / controls.DAY
        if v.starts_at <= now < v.ends_at:
            current = v
    return Standing(allowance(user), math.ceil(used - 1e-9), current)


@transaction.atomic
def vacation_start(*, user: Any, days: Any) -> Standing:
    """Go on vacation from now for `days` whole days; pauses the clocks it concerns."""
    if not getattr(user, "is_authenticated", False):
        raise ServiceError("auth/required", "sign in to take a vacation", 401)
    if not isinstance(days, int) or isinstance(days, bool) or days < 1:
        raise ServiceError("vacation/invalid", "days must be a whole number, 1 or more")
    now = timezone.now()
    account = standing(user, now)
    if account.current is not None:
        raise ServiceError("vacation/already", "you are already on vacation", 409)
    if days > account.left:
        raise ServiceError(
            "vacation/too_long",
            f"you have {account.left} vacation day(s) left this year, not {days}",
            409,
        )
    Vacation.objects.create(user=user, starts_at=now, ends_at=now + timedelta(days=days))
    _settle_games(user, now, f"{user.get_username()} is on vacation for {days} day(s)")
    return standing(user, now)


@transaction.atomic
def vacation_end(*, user: Any) -> Standing:
    """Come back early: the unused days are returned and the clocks run again."""
    now = timezone.now()
    current = standing(user, now).current
    if current is None:
        raise ServiceError("vacation/none", "you are not on vacation", 409)
    Vacation.objects.filter(pk=current.pk).update(ends_at=now, settled=True)
    _settle_games(user, now, f"{user.get_username()} is back from vacation")
    return standing(user, now)


def _settle_games(user: Any, now: datetime, text: str) -> None:
    for game_id in jobs.timed_games_of(user.pk, controls.CORRESPONDENCE):
        service.settle_now(game_id, now)
        service.log(game_id, "vacation", "", text, at=now)


def erase(user: Any) -> None:
    """services.hooks.ACCOUNT_ERASERS: a deleted account's vacations and allowance go; the
    player has no game in progress by then (games.services.account_life), so no clock waits
    on them."""
    Vacation.objects.filter(user=user).delete()
    VacationAllowance.objects.filter(user=user).delete()
    # The game logs' lines that named the player ("ann is on vacation", "ann is back") name
    # a deleted player from now on.
    name = user.get_username()
    games = Seat.objects.filter(user=user).values("game_id")
    for event in ClockEvent.objects.filter(game_id__in=games, text__contains=name):
        event.text = without_name(event.text, name)
        event.save(update_fields=["text"])


def export(user: Any) -> dict:
    """services.hooks.ACCOUNT_EXPORTS: the player's vacations."""
    rows = Vacation.objects.filter(user=user).order_by("starts_at")
    return {
        "vacations": [
            {"starts_at": v.starts_at.isoformat(), "ends_at": v.ends_at.isoformat()} for v in rows
        ]
    }
