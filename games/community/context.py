"""Give every page the signed-in player's unread moderator warnings (base.html shows them)."""

from __future__ import annotations

from django.http import HttpRequest

from .moderation import unread_warnings


def moderation_notices(request: HttpRequest) -> dict:
    return {"community_warnings": unread_warnings(getattr(request, "user", None))}
