"""Moderation: players report; staff warn, silence and ban; the chat rules.

- mute and block: `blocks.py`.
- report: a reason, words, and the game; the game's chat is copied into the report.
- warn: shown on every page to the player until read; silence: no chat line is accepted
  until the time given; ban: the account is deactivated (signed out at its next request),
  its seeks cancelled, its tournaments withdrawn.
"""

from __future__ import annotations

import re
import uuid
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.models import CANCELLED, WAITING, ChatMessage, Game, Seat, Seek
from games.player_names import player_name
from games.services.errors import ServiceError

from .blocks import not_self, player_named, signed_in
from .models.moderation import BAN, CLOSED, REASONS, SILENCE, WARN, ChatPolicy, Report, Sanction

MAX_REPORT_TEXT = 2000
MAX_SILENCE = timedelta(days=365)

# -- report -----------------------------------------------------------------------------------


def chat_of(game: Game | None) -> list[dict]:
    if game is None:
        return []
    return [
        {"at": m.created_at.isoformat(), "user": player_name(m.user),
         "channel": m.channel, "side": m.side_id, "text": m.text}
        for m in ChatMessage.objects.filter(game=game).select_related("user").order_by(
            "created_at", "pk")
    ]


def report(*, user: Any, player: Any, reason: str, text: str = "", game: Any = None) -> Report:
    """File a report for staff, with the game's chat copied in."""
    signed_in(user)
    other = player_named(player)
    not_self(user, other, "report")
    if reason not in dict(REASONS):
        raise ServiceError("report/invalid",
                           f"reason must be one of {', '.join(dict(REASONS))}, not {reason!r}")
    if not isinstance(text, str) or len(text) > MAX_REPORT_TEXT:
        raise ServiceError("report/invalid", f"say it in at most {MAX_REPORT_TEXT} characters")
    found = None
    if game:
        found = Game.objects.filter(pk=game).first() if _is_uuid(game) else None
        if found is None:
            raise ServiceError("game/none", f"no game {game}", 404)
        if not Seat.objects.filter(game=found, user=other).exists():
            raise ServiceError("report/invalid", f"{other.get_username()} did not play that game")
    return Report.objects.create(reporter=user, reported=other, game=found, reason=reason,
                                 text=text.strip(), chat=chat_of(found))


def _is_uuid(value: Any) -> bool:
    try:
        uuid.UUID(str(value))
    except ValueError:
        return False
    return True


# -- staff ------------------------------------------------------------------------------------


def _staff(by: Any) -> None:
    if not getattr(by, "is_staff", False):
        raise ServiceError("staff/required", "only staff may do this", 403)


def _close(report_row: Report | None, by: Any) -> None:
    if report_row is not None and report_row.status != CLOSED:
        report_row.status, report_row.handled_by = CLOSED, by
        report_row.handled_at = timezone.now()
        report_row.save(update_fields=["status", "handled_by", "handled_at"])


def warn(*, user: Any, by: Any, reason: str, report_row: Report | None = None) -> Sanction:
    """A warning the player sees on every page until they mark it read."""
    _staff(by)
    row = Sanction.objects.create(user=user, kind=WARN, reason=reason, created_by=by,
                                  report=report_row)
    _close(report_row, by)
    return row


def silence(*, user: Any, by: Any, hours: float, reason: str = "",
            report_row: Report | None = None) -> Sanction:
    """No chat line from this player is accepted for `hours`."""
    _staff(by)
    if isinstance(hours, bool) or not isinstance(hours, (int, float)) or hours <= 0:
        raise ServiceError("silence/invalid", "a silence lasts a positive number of hours")
    length = min(timedelta(hours=hours), MAX_SILENCE)
    row = Sanction.objects.create(user=user, kind=SILENCE, reason=reason, created_by=by,
                                  until=timezone.now() + length, report=report_row)
    _close(report_row, by)
    return row


@transaction.atomic
def ban(*, user: Any, by: Any, reason: str = "", report_row: Report | None = None) -> Sanction:
    """Deactivate the account: signed out at its next request, out of the queue and of the
    tournaments it is in."""
    _staff(by)
    if user.pk == by.pk:
        raise ServiceError("ban/self", "you cannot ban yourself")
    user.is_active = False
    user.save(update_fields=["is_active"])
    Seek.objects.filter(user=user, status=WAITING).update(status=CANCELLED,
                                                          closed_at=timezone.now())
    from .tournaments.service import withdraw_everywhere

    withdraw_everywhere(user, why="banned")
    row = Sanction.objects.create(user=user, kind=BAN, reason=reason, created_by=by,
                                  report=report_row)
    _close(report_row, by)
    return row


def silenced_until(user: Any, now: datetime | None = None) -> datetime | None:
    now = now or timezone.now()
    row = (Sanction.objects.filter(user=user, kind=SILENCE, until__gt=now)
           .order_by("-until").first())
    return row.until if row else None


def unread_warnings(user: Any) -> list[Sanction]:
    if not getattr(user, "is_authenticated", False):
        return []
    return list(Sanction.objects.filter(user=user, kind=WARN, seen_at__isnull=True))


def warning_read(*, user: Any, warning_id: Any) -> None:
    signed_in(user)
    changed = Sanction.objects.filter(pk=warning_id, user=user, kind=WARN).update(
        seen_at=timezone.now())
    if not changed:
        raise ServiceError("warning/none", "no such warning of yours", 404)


# -- chat -------------------------------------------------------------------------------------


def policy() -> ChatPolicy:
    return ChatPolicy.objects.order_by("pk").first() or ChatPolicy()


@lru_cache(maxsize=16)
def _pattern(words: str) -> re.Pattern | None:
    phrases = sorted({w.strip() for w in words.splitlines() if w.strip()}, key=len, reverse=True)
    if not phrases:
        return None
    return re.compile(r"(?<!\w)(" + "|".join(re.escape(p) for p in phrases) + r")(?!\w)",
                      re.IGNORECASE)


def filtered(text: str, words: str) -> str:
    """The line with every listed word or phrase masked, letter for letter, with asterisks."""
    pattern = _pattern(words)
    if pattern is None:
        return text
    return pattern.sub(lambda m: "*" * len(m.group(0)), text)


def check_chat(game: Any, user: Any, text: str) -> str:
    """hooks.CHAT_CHECKS: a silenced player's line is refused, a line over the site's limit
    is refused, and the word filter masks what it lists."""
    until = silenced_until(user)
    if until is not None:
        raise ServiceError("chat/silenced",
                           f"a moderator silenced your chat until {until:%Y-%m-%d %H:%M} UTC", 403)
    rules = policy()
    if len(text) > rules.max_length:
        raise ServiceError("chat/too_long",
                           f"a chat line has at most {rules.max_length} characters, "
                           f"this one has {len(text)}")
    return filtered(text, rules.words)


def close(*, report_row: Report, by: Any) -> None:
    """Staff read a report and do nothing more."""
    _staff(by)
    _close(report_row, by)
