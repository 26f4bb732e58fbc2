"""One sender per channel: `send(delivery)` returns when the message was handed over, or
raises one of these, which decide what happens to the delivery."""

from __future__ import annotations


class TryLater(Exception):
    """A failure that may pass (server down, timeout, 5xx): retried with backoff."""


class GiveUp(Exception):
    """A failure that will not pass (the address was refused): recorded, not retried."""


class Revoked(Exception):
    """The endpoint is gone for good (a push subscription answered 404/410): dropped."""
