"""What each player wants to be told and where, and every notification sent or still to send."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

from games.notifications.kinds import CHANNELS, KINDS


def new_webhook_secret() -> str:
    return secrets.token_urlsafe(32)


class NotificationSettings(models.Model):
    """One player's switches: each kind on each channel, the address of each channel."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_settings"
    )
    email = models.EmailField(blank=True, default="")
    # Mail goes to `email` only once its owner has followed the link sent there (or it is the
    # account's own confirmed address): games.notifications.verify.
    email_verified = models.BooleanField(default=False)
    # A daily digest of "your move" mails instead of one mail per move, at the hour the
    # player picks in their time zone (games.notifications.digest).
    email_digest = models.BooleanField(default=False)
    digest_hour = models.PositiveSmallIntegerField(default=8)
    digest_timezone = models.CharField(max_length=64, default="UTC")
    next_digest_at = models.DateTimeField(null=True, blank=True, db_index=True)
    last_digest_at = models.DateTimeField(null=True, blank=True)
    webhook_url = models.URLField(max_length=500, blank=True, default="")
    webhook_secret = models.CharField(max_length=64, default=new_webhook_secret)

    browser_your_move = models.BooleanField(default=True)
    browser_time_running_out = models.BooleanField(default=True)
    browser_game_over = models.BooleanField(default=True)
    email_your_move = models.BooleanField(default=True)
    email_time_running_out = models.BooleanField(default=True)
    email_game_over = models.BooleanField(default=True)
    push_your_move = models.BooleanField(default=True)
    push_time_running_out = models.BooleanField(default=True)
    push_game_over = models.BooleanField(default=True)
    webhook_your_move = models.BooleanField(default=True)
    webhook_time_running_out = models.BooleanField(default=True)
    webhook_game_over = models.BooleanField(default=True)

    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"notification settings of {self.user}"

    @property
    def mail_address(self) -> str:
        """The address mail may go to: the e-mail address once verified, else ""."""
        return self.email if self.email and self.email_verified else ""

    def wants(self, channel: str, kind: str) -> bool:
        """Whether this kind is switched on for this channel."""
        return bool(getattr(self, f"{channel}_{kind}"))


class PushSubscription(models.Model):
    """A browser's Web Push subscription (its endpoint and keys, from PushManager.subscribe)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"push subscription {self.pk} of {self.user}"

    def info(self) -> dict:
        """The subscription as pywebpush takes it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


PENDING = "pending"  # to send (again) at next_attempt_at
SENDING = "sending"  # a worker has claimed it
SENT = "sent"
FAILED = "failed"  # retries used up; shown on the settings page
DROPPED = "dropped"  # its push subscription was revoked, or the player switched it off
DIGEST = "digest"  # waits for the daily digest mail
DIGESTED = "digested"  # went out in a digest
STATUSES = [(s, s) for s in (PENDING, SENDING, SENT, FAILED, DROPPED, DIGEST, DIGESTED)]


class Delivery(models.Model):
    """One notification to one player on one channel: its already-redacted message and how
    sending it went. `key` is unique, so a notification is made once however often the step
    that caused it is looked at."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deliveries"
    )
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    channel = models.CharField(max_length=10, choices=[(c, c) for c in CHANNELS])
    kind = models.CharField(max_length=20, choices=[(k, k) for k in KINDS])
    key = models.CharField(max_length=200, unique=True)
    target = models.CharField(max_length=1000, blank=True, default="")
    message = models.JSONField(default=dict)
    status = models.CharField(max_length=10, choices=STATUSES, default=PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=500, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "next_attempt_at"], name="delivery_due")]

    def __str__(self) -> str:
        return f"{self.kind} by {self.channel} to {self.user} ({self.status})"
