"""Read and change a player's notification settings (the only writer of those rows)."""

from __future__ import annotations

from typing import Any

from games.notifications import digest
from games.notifications.kinds import KINDS, switch_name
from games.notifications.models import NotificationSettings
from games.notifications.unsubscribe import ALL


def settings_of(user: Any) -> NotificationSettings:
    """A player's settings, made with the defaults on first use (e-mail from the account)."""
    found = NotificationSettings.objects.filter(user=user).first()
    if found is not None:
        return found
    made, _ = NotificationSettings.objects.get_or_create(
        user=user,
        # The account's address was confirmed when it was set (games.services.account_life).
        defaults={"email": getattr(user, "email", "") or "",
                  "email_verified": bool(getattr(user, "email", ""))},
    )
    return made


def settings_for(user_ids: list[Any]) -> dict[Any, NotificationSettings]:
    """Several players' settings at once; a player who never saved any gets the defaults."""
    found = {s.user_id: s for s in NotificationSettings.objects.filter(user_id__in=user_ids)}
    return {uid: found.get(uid) or NotificationSettings(user_id=uid) for uid in user_ids}


def switch_off(user: Any, channel: str, kind: str) -> NotificationSettings:
    """Stop one kind (or ALL kinds) on one channel: what an unsubscribe link does."""
    prefs = settings_of(user)
    before = digest.snapshot(prefs)
    kinds = KINDS if kind == ALL else (kind,)
    for k in kinds:
        setattr(prefs, switch_name(channel, k), False)
    if channel == "email" and kind in (ALL, "your_move"):
        prefs.email_digest = False
    prefs.save()
    digest.settings_changed(before, prefs)  # drops what the digest held: nothing to send
    return prefs
