"""Bot players on the server: their accounts, the seats they stand in for, the claim that
makes one bot move per game version, the games a bot played in, the quick-match wish to
meet a bot after a wait, and stored arena runs for the scenarios' balance."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game, Seat, Seek


class BotAccount(models.Model):
    """Marks a user as a bot of one level. Bots sit in seats like people do."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="bot")
    level = models.CharField(max_length=20)

    def __str__(self) -> str:
        return f"{self.user} ({self.level} bot)"


TIMEOUT, LEFT = "timeout", "left"


class BotStandIn(models.Model):
    """A bot playing a seat whose player left or ran out of time, until the player returns."""

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="bot_stand_in")
    level = models.CharField(max_length=20)
    reason = models.CharField(max_length=10, default=TIMEOUT)  # TIMEOUT or LEFT
    asked_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                 on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)


class BotPlayed(models.Model):
    """A bot played in this game (in a seat of its own or standing in): the game is not one
    between people, so the people's balance leaves it out."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="bot_played")
    levels = models.JSONField(default=list)  # every level that played in it
    created_at = models.DateTimeField(auto_now_add=True)


class BotClaim(models.Model):
    """One row per (game, version) a bot decides for: the unique key lets exactly one process
    act on a version at a time, however many heard that it was committed. The claim is a
    lease: a process that dies or fails while holding it leaves it to expire (or releases
    it), and the next taker (a kick, the sweep) bumps `attempts` and tries again."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    version = models.PositiveIntegerField()
    seat_id = models.CharField(max_length=60)
    command = models.JSONField(null=True, blank=True)
    lease_until = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=1)
    applied = models.BooleanField(default=False)  # its command was applied (or the game moved on)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="one_bot_move_per_version")
        ]


class QuickMatchBot(models.Model):
    """A quick-match seeker's wish: if nobody is found within `after_seconds`, offer a game
    against a bot of `level` (the Seek itself belongs to the lobby's app)."""

    seek = models.OneToOneField(Seek, on_delete=models.CASCADE, related_name="bot_wish")
    level = models.CharField(max_length=20)
    after_seconds = models.PositiveIntegerField()
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="+")


class ArenaRun(models.Model):
    """Bot-against-bot games of a scenario (games.bots.arena), stored for its balance."""

    scenario = models.CharField(max_length=100, db_index=True)
    # The scenario's revision the games were played on ("" for runs stored before revisions).
    scenario_revision = models.CharField(max_length=64, default="", blank=True)
    levels = models.CharField(max_length=60)  # "veteran,veteran"
    games = models.PositiveIntegerField()
    side_wins = models.JSONField(default=dict)  # side id (or "draw") -> games
    # Loaded from the library's balance file (games.botplay.balance_file), not played here:
    # reloading the file replaces these rows and never touches an operator's own runs.
    bundled = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)


class StandInChoice(models.Model):
    """A player's own standing choice of who stands in for them in an untimed game while
    they are away: a bot of `level` (raised to what their rating suggests), or nobody
    (no row)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="stand_in_choice")
    level = models.CharField(max_length=20)
    updated_at = models.DateTimeField(auto_now=True)
