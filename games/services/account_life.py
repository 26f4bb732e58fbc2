"""An account's life after sign-up: its e-mail address changed with a confirmation, and the
account deleted with its games kept legible and its name held from others for a while.

The games a deleted player sat in stay whole for the others: the user row stays, renamed
"deleted player <tag>" (a name nobody can sign up with: it has spaces), with no address, no
password and no way to sign in; every app removes the personal data it keeps
(hooks.ACCOUNT_ERASERS). The old name is held (`NameHold`) for `PGWEB_NAME_HOLD_DAYS`.
"""

from __future__ import annotations

import secrets
import smtplib
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from games.models import ACTIVE, OPEN, NameHold, Seat, Seek
from games.models import WAITING as SEEK_WAITING
from games.player_names import DELETED_NAME, is_deleted
from games.services import hooks
from games.services.errors import ServiceError
from games.services.seats import game_leave

EMAIL_CHANGE_SALT = "pgweb.accounts.email-change"
EMAIL_CHANGE_MAX_AGE = timedelta(days=3)


def name_hold_days() -> int:
    """How many days a deleted account's name stays held (settings.PGWEB_NAME_HOLD_DAYS)."""
    return int(settings.PGWEB_NAME_HOLD_DAYS)


def is_held(username: str) -> bool:
    """Whether a deleted account's name is still kept from new accounts."""
    name = (username or "").strip().lower()
    return NameHold.objects.filter(name=name, until__gt=timezone.now()).exists()


def name_check(username: str) -> None:
    """Refuse a name a deleted account held until lately (for sign-up and claims)."""
    if is_held(username):
        raise ServiceError(
            "auth/name_held",
            f"{username!r} belonged to a deleted account and cannot be taken yet",
            409,
        )


# -- the e-mail address ---------------------------------------------------------------------


def _clean_address(email: str) -> str:
    email = (email or "").strip()
    try:
        validate_email(email)
    except ValidationError:
        raise ServiceError("account/bad_email", f"{email!r} is not an e-mail address") from None
    return email


def email_change_request(*, user: Any, email: str) -> str:
    """Mail a confirmation link to the new address; the account's address changes only when
    it is followed (within EMAIL_CHANGE_MAX_AGE). Returns the link's token."""
    if not getattr(user, "is_authenticated", False) or is_deleted(user):
        raise ServiceError("auth/required", "sign in to change your address", 401)
    email = _clean_address(email)
    if email.lower() == (user.email or "").lower():
        raise ServiceError("account/same_email", "that is your address already", 409)
    token = signing.dumps({"u": user.pk, "e": email, "o": user.email or ""}, salt=EMAIL_CHANGE_SALT)
    link = settings.SITE_URL + reverse("account-email-confirm", args=[token])
    context = {"username": user.get_username(), "email": email, "link": link,
               "days": EMAIL_CHANGE_MAX_AGE.days}  # fmt: skip
    try:
        send_mail(
            subject="Confirm your new e-mail address for pgweb",
            message=render_to_string("accounts/email_change_mail.txt", context),
            from_email=None,
            recipient_list=[email],
        )
    except (smtplib.SMTPException, OSError) as exc:  # nothing changed: the player may retry
        raise ServiceError(
            "account/mail_failed", f"the mail could not be sent ({exc}); try again later", 503
        ) from None
    return token


@transaction.atomic
def email_change_confirm(*, token: str) -> Any:
    """Follow a confirmation link: the account's address becomes the one it was sent to.

    A link is good once: it names the address it replaces, so after the change (or any other
    change since) it no longer matches."""
    try:
        data = signing.loads(
            token, salt=EMAIL_CHANGE_SALT, max_age=EMAIL_CHANGE_MAX_AGE.total_seconds()
        )
    except signing.SignatureExpired:
        raise ServiceError("account/link_expired", "this link has expired: ask for a new one",
                           400) from None  # fmt: skip
    except signing.BadSignature:
        raise ServiceError("account/bad_link", "this link is not valid", 400) from None
    user = get_user_model().objects.select_for_update().filter(pk=data.get("u")).first()
    if user is None or is_deleted(user) or (user.email or "") != data.get("o"):
        raise ServiceError("account/bad_link", "this link has been used or replaced", 400)
    user.email = data["e"]
    user.save(update_fields=["email"])
    for confirmed in hooks.EMAIL_CONFIRMED:
        confirmed(user, data["o"], user.email)
    return user


# -- deleting an account ----------------------------------------------------------------------


def games_in_progress(user: Any) -> int:
    """How many games the player sits in that are being played."""
    return Seat.objects.filter(user=user, game__status=ACTIVE).count()


@transaction.atomic
def account_delete(*, user: Any, password: str | None) -> str:
    """Delete the account: personal data gone, games kept with "deleted player <tag>" in the
    seats, the old name held; return the new name. A guest (no password) confirms without.

    Refused while the player has games in progress: they resign them or finish them first, so
    no opponent is left waiting for a move that cannot come."""
    users = get_user_model().objects
    user = users.select_for_update().filter(pk=getattr(user, "pk", None)).first()
    if user is None or is_deleted(user):
        raise ServiceError("auth/required", "sign in to delete your account", 401)
    if user.has_usable_password() and not user.check_password(password or ""):
        raise ServiceError("account/wrong_password", "the password is not right", 403)
    playing = games_in_progress(user)
    if playing:
        games = "1 game" if playing == 1 else f"{playing} games"
        raise ServiceError(
            "account/games_in_progress",
            f"you have {games} in progress: finish or resign first", 409,
        )
    old = user.get_username()
    for seat in Seat.objects.filter(user=user, game__status=OPEN).select_related("game"):
        game_leave(game=seat.game, user=user)
    Seek.objects.filter(user=user, status=SEEK_WAITING).delete()
    for erase in hooks.ACCOUNT_ERASERS:
        erase(user)
    until = timezone.now() + timedelta(days=name_hold_days())
    NameHold.objects.update_or_create(name=old.lower(), defaults={"until": until})
    while True:
        new = f"{DELETED_NAME} {secrets.token_hex(3)}"
        if not users.filter(username=new).exists():
            break
    user.username = new
    user.email = ""
    user.first_name = user.last_name = ""
    user.is_active = False
    user.set_unusable_password()
    # Every session ends with it: the new password hash no longer matches theirs, and an
    # inactive user is refused by the authentication backend.
    user.save()
    return new
