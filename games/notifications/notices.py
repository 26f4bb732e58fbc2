"""The browser's share of a notification: the frame a player's open pages get on their
notification socket (`/ws/notifications/v1/`), and the group that reaches them."""

from __future__ import annotations

from typing import Any

NOTICE = "notify.notice"  # handled by NotificationConsumer.notify_notice
NOTICE_FRAME = "notice"  # server to browser: {"t": "notice", "d": {kind, title, text, url, game}}


def user_group(user_id: Any) -> str:
    return f"notify.user.{user_id}"


def browser_notice(msg: dict) -> dict:
    """What the page shows: the message without the step's log lines."""
    return {"t": NOTICE_FRAME, "d": {k: msg[k] for k in ("kind", "title", "text", "url", "game")}}
