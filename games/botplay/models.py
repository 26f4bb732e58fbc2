"""Bot players on the server: their accounts, the seats they stand in for, the claim that
makes one bot move per game version, and stored arena runs for the scenarios' balance."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game, Seat


class BotAccount(models.Model):
    """Marks a user as a bot of one level. Bots sit in seats like people do."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="bot")
    level = models.CharField(max_length=20)

    def __str__(self) -> str:
        return f"{self.user} ({self.level} bot)"


class BotStandIn(models.Model):
    """A bot playing a seat whose player left or ran out of time, until the player returns."""

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="bot_stand_in")
    level = models.CharField(max_length=20)
    created_at = models.DateTimeField(auto_now_add=True)


class BotClaim(models.Model):
    """One row per (game, version) a bot has decided for: the unique key lets exactly one
    daphne process act on a version, however many heard that it was committed."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    version = models.PositiveIntegerField()
    seat_id = models.CharField(max_length=60)
    command = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="one_bot_move_per_version")
        ]


class ArenaRun(models.Model):
    """Bot-against-bot games of a scenario (games.bots.arena), stored for its balance."""

    scenario = models.CharField(max_length=100, db_index=True)
    levels = models.CharField(max_length=60)  # "veteran,veteran"
    games = models.PositiveIntegerField()
    side_wins = models.JSONField(default=dict)  # side id (or "draw") -> games
    created_at = models.DateTimeField(auto_now_add=True)
