"""What a side plans: its standing orders, the lines they wrote in its log, its drawings.

All three are that side's hidden information: read only through `games.planning.access`,
sent only to the side's channel group (its seats and coaches).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game, Seat
from games.player_names import player_name


class StandingOrders(models.Model):
    """A side's standing orders, as its ruleset checked them, read top to bottom."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    side_id = models.CharField(max_length=40)
    orders = models.JSONField(default=list)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "side_id"], name="orders_one_per_side")
        ]


class OrderAnswer(models.Model):
    """A window a standing order answered: the side-only log line "fired by standing order"."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    side_id = models.CharField(max_length=40)
    version = models.PositiveIntegerField()  # the version the answer made
    seat_id = models.CharField(max_length=60)
    command = models.JSONField()
    text = models.TextField()
    # What the orders did, from the side's own view of the window (seen.py): the board's words.
    said = models.JSONField(default=dict)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "version"]
        indexes = [models.Index(fields=["game", "side_id", "version"])]


class Drawing(models.Model):
    """One mark a seat drew on the map for its side: an arrow, a circle, a hex or a label."""

    ARROW, CIRCLE, HEX, LABEL = "arrow", "circle", "hex", "label"
    KINDS = [(k, k) for k in (ARROW, CIRCLE, HEX, LABEL)]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    side_id = models.CharField(max_length=40)
    seat = models.ForeignKey(Seat, null=True, on_delete=models.SET_NULL, related_name="+")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    turn = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=KINDS)
    hexes = models.JSONField()  # arrow: [from, to]; circle, hex, label: [hex]
    text = models.CharField(max_length=40, blank=True, default="")
    colour = models.CharField(max_length=7)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "turn", "id"]
        indexes = [models.Index(fields=["game", "side_id", "turn"])]

    def to_json(self) -> dict:
        return {"id": self.pk, "turn": self.turn, "kind": self.kind, "hexes": list(self.hexes),
                "text": self.text, "colour": self.colour, "side": self.side_id,
                "seat": self.seat.seat_id if self.seat_id else None,
                "author": player_name(self.author) if self.author_id else None}
