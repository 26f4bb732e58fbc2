"""Tournaments: the event, its players (entries) and its pairings, each with its game.

Everything a tournament is lives in these rows, so a restart mid-round loses nothing: the
round in play is the highest round with pairings, and the next one is paired once every
pairing of it has a result.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game

USER = settings.AUTH_USER_MODEL

ROUND_ROBIN, SWISS = "round_robin", "swiss"
KINDS = [(ROUND_ROBIN, "Round robin"), (SWISS, "Swiss")]
REGISTERING, RUNNING, FINISHED = "registering", "running", "finished"
CANCELLED = "cancelled"  # before its start: by its announcer, or too few players at its time
STATUSES = [(REGISTERING, "registering"), (RUNNING, "running"), (FINISHED, "finished"),
            (CANCELLED, "cancelled")]


class Tournament(models.Model):
    name = models.CharField(max_length=100)
    kind = models.CharField(max_length=20, choices=KINDS)
    scenarios = models.JSONField(default=list)  # round r plays scenarios[(r - 1) % len]
    time_control = models.JSONField(default=dict)  # games.clocks' normalised control
    rated = models.BooleanField(default=False)
    rounds = models.PositiveSmallIntegerField(default=0)  # Swiss: chosen; round robin: set at start
    max_players = models.PositiveSmallIntegerField(default=32)
    status = models.CharField(max_length=12, choices=STATUSES, default=REGISTERING,
                              db_index=True)
    current_round = models.PositiveSmallIntegerField(default=0)
    created_by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    starts_at = models.DateTimeField(null=True, blank=True)  # started by the sweep when due
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)  # finished, or cancelled
    cancelled_why = models.CharField(max_length=100, blank=True, default="")

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    """A player in a tournament; `withdrawn_at` set: no more pairings, later games forfeited."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="tournament_entries")
    seed = models.FloatField(default=0)  # the rating when the tournament started (ranking)
    joined_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_why = models.CharField(max_length=100, blank=True, default="")

    class Meta:
        ordering = ["tournament", "joined_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["tournament", "user"],
                                               name="one_entry_per_player")]

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament}"


# A pairing's result, from the first player's point of view where it matters.
PENDING = ""
FIRST, SECOND, DRAW = "first", "second", "draw"  # played out
BYE = "bye"  # no opponent: the first player scores a win
FORFEIT_FIRST, FORFEIT_SECOND = "forfeit_first", "forfeit_second"  # that player won unplayed
DOUBLE_FORFEIT = "double_forfeit"
RESULTS = [(r, r or "pending") for r in (PENDING, FIRST, SECOND, DRAW, BYE, FORFEIT_FIRST,
                                         FORFEIT_SECOND, DOUBLE_FORFEIT)]


class Pairing(models.Model):
    """One board of one round: `first` plays the scenario's first side, `second` the other
    (None: `first` has the bye)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    round = models.PositiveSmallIntegerField()
    board = models.PositiveSmallIntegerField()
    first = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.CASCADE,
                               related_name="+")
    scenario = models.CharField(max_length=100)
    game = models.OneToOneField(Game, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="tournament_pairing")
    result = models.CharField(max_length=20, choices=RESULTS, default=PENDING, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "round", "board"]
        constraints = [models.UniqueConstraint(fields=["tournament", "round", "board"],
                                               name="one_pairing_per_board")]

    def __str__(self) -> str:
        return f"{self.tournament} r{self.round} b{self.board}"
