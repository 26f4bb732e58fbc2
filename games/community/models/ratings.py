"""Ratings: one Glicko-2 rating per player, game (ruleset) and pace; what each rated game did
to each player's rating (the history the player page draws); a quick-match seek's terms."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game, Seek

from ..glicko2 import DEFAULT_DEVIATION, DEFAULT_RATING, DEFAULT_VOLATILITY

LIVE, CORRESPONDENCE = "live", "correspondence"
PACES = [(LIVE, "Live"), (CORRESPONDENCE, "Correspondence")]

PROVISIONAL_DEVIATION = 110.0  # above this a rating is shown with "?" (too few games yet)


class Rating(models.Model):
    """A player's current rating in one game at one pace."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="ratings")
    ruleset = models.CharField(max_length=40)
    pace = models.CharField(max_length=20, choices=PACES)
    rating = models.FloatField(default=DEFAULT_RATING)
    deviation = models.FloatField(default=DEFAULT_DEVIATION)
    volatility = models.FloatField(default=DEFAULT_VOLATILITY)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    rated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "ruleset", "pace"],
                                               name="one_rating_per_game_and_pace")]
        indexes = [models.Index(fields=["ruleset", "pace", "-rating"])]

    def __str__(self) -> str:
        return f"{self.user} {self.ruleset}/{self.pace} {self.rating:.0f}±{self.deviation:.0f}"

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION


RATED, UNRATED = "rated", "unrated"


class RatedGame(models.Model):
    """What became of a finished game that was opened as rated: rated, or why not."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True,
                                related_name="rating_record")
    ruleset = models.CharField(max_length=40)
    pace = models.CharField(max_length=20, choices=PACES)
    status = models.CharField(max_length=10, choices=[(RATED, RATED), (UNRATED, UNRATED)])
    reason = models.CharField(max_length=200, blank=True, default="")
    rated_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.game_id} {self.status} {self.reason}"


class RatingChange(models.Model):
    """One player's rating before and after one rated game."""

    rated_game = models.ForeignKey(RatedGame, on_delete=models.CASCADE, related_name="changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="rating_changes")
    ruleset = models.CharField(max_length=40)
    pace = models.CharField(max_length=20, choices=PACES)
    side_id = models.CharField(max_length=40)
    score = models.FloatField()  # 1 won, 0.5 drawn, 0 lost
    rating_before = models.FloatField()
    deviation_before = models.FloatField()
    rating_after = models.FloatField()
    deviation_after = models.FloatField()
    volatility_after = models.FloatField()
    at = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["at", "pk"]
        constraints = [models.UniqueConstraint(fields=["rated_game", "user"],
                                               name="one_change_per_player_per_game")]

    @property
    def delta(self) -> float:
        return self.rating_after - self.rating_before


class SeekTerms(models.Model):
    """What a quick-match seeker asked for beyond the games app's fields: a rated game."""

    seek = models.OneToOneField(Seek, on_delete=models.CASCADE, primary_key=True,
                                related_name="terms")
    rated = models.BooleanField(default=False)
