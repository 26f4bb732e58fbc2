"""Moderation: what a player does (mute, block, report) and what staff do (warn, silence,
ban), and the site's chat policy (length limit, word filter)."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from games.models import Game
from games.protocol import MAX_CHAT_CHARS

USER = settings.AUTH_USER_MODEL


class Mute(models.Model):
    """`user` does not see `muted`'s chat lines."""

    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="mutes")
    muted = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "muted"], name="mute_once")]


class Block(models.Model):
    """`user` is never matched with `blocked`, and `blocked` cannot join `user`'s games."""

    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="blocks")
    blocked = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "blocked"], name="block_once")]


REASONS = [
    ("abuse", "Insults or harassment"),
    ("cheating", "Cheating or using another account"),
    ("stalling", "Stalling or leaving games"),
    ("spam", "Spam"),
    ("other", "Something else"),
]
OPEN, CLOSED = "open", "closed"


class Report(models.Model):
    """A player reports another, with a reason and the game; the chat is copied when it is
    filed, so staff read what was said even if the game is deleted later."""

    reporter = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    reported = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="reports_against")
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="+")
    reason = models.CharField(max_length=20, choices=REASONS)
    text = models.TextField(blank=True, default="")
    chat = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=10, choices=[(OPEN, "open"), (CLOSED, "closed")],
                              default=OPEN, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    handled_by = models.ForeignKey(USER, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    handled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.reported} ({self.get_reason_display()})"


WARN, SILENCE, BAN = "warn", "silence", "ban"
KINDS = [(WARN, "warning"), (SILENCE, "chat silenced"), (BAN, "account banned")]


class Sanction(models.Model):
    """What staff did to an account: a warning (shown until read), a silence until a time,
    a ban (the account is deactivated)."""

    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="sanctions")
    kind = models.CharField(max_length=10, choices=KINDS)
    reason = models.TextField(blank=True, default="")
    until = models.DateTimeField(null=True, blank=True)  # a silence's end
    report = models.ForeignKey(Report, null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="sanctions")
    created_by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    seen_at = models.DateTimeField(null=True, blank=True)  # a warning the player has read

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.user}"

    def clean(self) -> None:
        """A silence needs its end (the admin's form says so)."""
        if self.kind == SILENCE and self.until is None:
            raise ValidationError({"until": "a silence lasts until a time: give it"})


class ChatPolicy(models.Model):
    """The site's chat rules, edited in the admin (one row): the longest line, and words
    that are masked with asterisks wherever they stand as words."""

    max_length = models.PositiveIntegerField(
        default=300, validators=[MinValueValidator(1), MaxValueValidator(MAX_CHAT_CHARS)],
        help_text=f"Characters a chat line may have (the socket takes {MAX_CHAT_CHARS} at most).")
    words = models.TextField(blank=True, default="",
                             help_text="One word or phrase a line; matched whole, any case.")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "chat policy"

    def __str__(self) -> str:
        return "Chat policy"
