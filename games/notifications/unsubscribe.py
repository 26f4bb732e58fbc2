"""One-click unsubscribe: a signed token naming a player, a channel and a kind (or every kind),
so the link works signed out and cannot be forged or pointed at someone else."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.urls import reverse

from games.notifications.kinds import CHANNELS, KINDS

SALT = "pgweb.notifications.unsubscribe"
ALL = "all"


def token_for(user_id: Any, channel: str, kind: str) -> str:
    return signing.dumps({"u": user_id, "c": channel, "k": kind}, salt=SALT, compress=True)


def url_for(user_id: Any, channel: str, kind: str) -> str:
    """The absolute unsubscribe link of one kind on one channel."""
    return settings.SITE_URL + reverse(
        "notifications-unsubscribe", args=[token_for(user_id, channel, kind)]
    )


def read_token(token: str) -> tuple[Any, str, str] | None:
    """The (user, channel, kind) a token names, or None when it was not made by this server."""
    try:
        data = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    channel, kind = data.get("c"), data.get("k")
    if channel not in CHANNELS or (kind not in KINDS and kind != ALL):
        return None
    user = get_user_model().objects.filter(pk=data.get("u")).first()
    return (user, channel, kind) if user is not None else None
