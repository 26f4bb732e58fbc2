"""Store the clocks' server truth: banked time and deadlines, never timers.

`GameClock` holds a game's time control and its open opportunity-fire window timer;
`SideClock` one side's bank (`remaining` seconds as of `running_since`, and the `deadline`
the sweep looks for); `ClockReading` the readings each version was made with (replays);
`ClockEvent` what happened to the clocks (the game log's system lines); `Vacation` and
`VacationAllowance` a player's days away; `StandIn` a player allowed to act for a seat.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game, Seat


class SweepSchedule(models.Model):
    """One row whose lock serialises queueing the next sweep (games.clocks.tasks)."""

    scheduled_at = models.DateTimeField(null=True, blank=True)


class GameClock(models.Model):
    """A timed game's control and its open opportunity-fire window, if any."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="+")
    kind = models.CharField(max_length=20, db_index=True)
    control = models.JSONField()
    # The open window's timer (live games): when it runs out, the offer is declined.
    window_deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    window_version = models.PositiveIntegerField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.kind} clock of {self.game_id}"


class SideClock(models.Model):
    """One side's clock: shared by its seats, running only while the side must decide."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    side_id = models.CharField(max_length=40)
    remaining = models.FloatField()  # seconds, as of running_since (or now when stopped)
    running_since = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    paused = models.BooleanField(default=False)  # a deciding player is on vacation
    flagged_at = models.DateTimeField(null=True, blank=True)
    # When "time is running out" is due for this running stretch (None once sent or stopped).
    remind_at = models.DateTimeField(null=True, blank=True, db_index=True)

    class Meta:
        ordering = ["game", "side_id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "side_id"], name="side_clock_unique")
        ]

    def __str__(self) -> str:
        return f"{self.side_id} clock of {self.game_id}"


class ClockReading(models.Model):
    """The clocks as a version left them (kept apart from GameStep on purpose)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    version = models.PositiveIntegerField()
    readings = models.JSONField()

    class Meta:
        ordering = ["game", "version"]
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="clock_reading_unique")
        ]


class ClockEvent(models.Model):
    """A system line of the game log about time: flags, claims, more time, vacations."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    version = models.PositiveIntegerField()
    at = models.DateTimeField()
    kind = models.CharField(max_length=30)
    side_id = models.CharField(max_length=40, blank=True, default="")
    text = models.TextField()

    class Meta:
        ordering = ["game", "at", "id"]
        indexes = [models.Index(fields=["game", "at"])]


class VacationAllowance(models.Model):
    """A player's vacation days a year, when not the default."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    days_per_year = models.PositiveSmallIntegerField(default=30)


class Vacation(models.Model):
    """A stretch of days away: the player's seats' correspondence clocks do not run."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField(db_index=True)
    settled = models.BooleanField(default=False)  # its end has been applied to the clocks

    class Meta:
        ordering = ["user", "starts_at"]


class StandIn(models.Model):
    """A team partner allowed to act for a seat whose player is away or out of time."""

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=20)  # "vacation" or "absence"
    created_at = models.DateTimeField(auto_now_add=True)
