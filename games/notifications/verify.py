"""Verify a notification address before any mail goes there: a signed link is mailed to it,
and following the link marks it verified. The account's own address (confirmed when it was
set, games.services.account_life) counts as verified at once.

Also this app's share of deleting an account: its addresses, webhook, push subscriptions and
deliveries go (services.hooks.ACCOUNT_ERASERS).
"""

from __future__ import annotations

import logging
import smtplib
from datetime import timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse

from games.notifications.models import Delivery, NotificationSettings, PushSubscription
from games.notifications.preferences import settings_of

logger = logging.getLogger(__name__)

SALT = "pgweb.notifications.verify"
MAX_AGE = timedelta(days=3)


def is_account_address(user: Any, email: str) -> bool:
    return bool(email) and email.lower() == (getattr(user, "email", "") or "").lower()


def address_saved(user: Any, prefs: NotificationSettings, before: str) -> bool:
    """After the settings page saved: a new address is verified if it is the account's own,
    else a link is mailed to it after the commit. Returns whether a link is on its way."""
    if prefs.email == before:
        return False
    prefs.email_verified = is_account_address(user, prefs.email)
    prefs.save(update_fields=["email_verified"])
    if prefs.email and not prefs.email_verified:
        transaction.on_commit(partial(send_link, user, prefs.email))
        return True
    return False


def send_link(user: Any, email: str) -> str:
    """Mail the verification link for `email` to it; return the link's token. A mail server
    that fails is logged, not raised: the settings page offers to send the link again."""
    token = signing.dumps({"u": user.pk, "e": email}, salt=SALT)
    context = {
        "username": user.get_username(),
        "email": email,
        "link": settings.SITE_URL + reverse("notifications-verify", args=[token]),
        "days": MAX_AGE.days,
    }
    try:
        send_mail(
            subject="Confirm your address for pgweb's notifications",
            message=render_to_string("notifications/email/verify.txt", context),
            from_email=None,
            recipient_list=[email],
        )
    except (smtplib.SMTPException, OSError) as exc:
        logger.warning("the verification link to %s could not be sent: %s", email, exc)
    return token


def confirm(token: str) -> NotificationSettings | None:
    """Follow a link: the address it was sent to is verified, if it is still the one set.
    None for a link that is not valid, has expired or names an address changed since."""
    try:
        data = signing.loads(token, salt=SALT, max_age=MAX_AGE.total_seconds())
    except signing.BadSignature:  # SignatureExpired included
        return None
    prefs = NotificationSettings.objects.filter(user_id=data.get("u")).first()
    if prefs is None or not prefs.email or prefs.email != data.get("e"):
        return None
    if not prefs.email_verified:
        prefs.email_verified = True
        prefs.save(update_fields=["email_verified"])
    return prefs


def on_email_confirmed(user: Any, old: str, address: str) -> None:
    """services.hooks.EMAIL_CONFIRMED: notifications follow the account to its new address
    (verified: its owner just followed a link there) when they went to the old one or to
    none."""
    prefs = settings_of(user)
    if prefs.email and prefs.email.lower() not in (old.lower(), address.lower()):
        return  # the player mails notifications elsewhere on purpose
    prefs.email, prefs.email_verified = address, True
    prefs.save(update_fields=["email", "email_verified"])


def erase(user: Any) -> None:
    """services.hooks.ACCOUNT_ERASERS: every address, subscription and message of the user."""
    NotificationSettings.objects.filter(user=user).delete()
    PushSubscription.objects.filter(user=user).delete()
    Delivery.objects.filter(user=user).delete()


def export(user: Any) -> dict:
    """services.hooks.ACCOUNT_EXPORTS: the notification settings and push subscriptions (the
    webhook's signing secret stays out: a file on a disk is no place for it)."""
    prefs = NotificationSettings.objects.filter(user=user).first()
    fields = {}
    if prefs is not None:
        fields = {
            f.name: getattr(prefs, f.name)
            for f in NotificationSettings._meta.concrete_fields
            if f.name not in ("id", "user", "webhook_secret", "next_digest_at", "last_digest_at",
                              "updated_at")
        }  # fmt: skip
    pushes = PushSubscription.objects.filter(user=user).order_by("pk")
    return {
        "notifications": fields,
        "push_subscriptions": [
            {"endpoint": p.endpoint, "created_at": p.created_at.isoformat()} for p in pushes
        ],
    }
