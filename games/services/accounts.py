"""Accounts: a guest claims their account (a name and a password) and keeps its games."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db import transaction

from games.services.account_life import name_check
from games.services.errors import ServiceError


def is_guest(user: Any) -> bool:
    """A guest signed in without a password (POST /api/v1/auth/guest)."""
    return bool(getattr(user, "is_authenticated", False)) and not user.has_usable_password()


@transaction.atomic
def guest_claim(*, user: Any, username: str, password: str) -> Any:
    """Turn a guest into an account: same user row, so every seat and game stays theirs."""
    if not is_guest(user):
        raise ServiceError("auth/not_guest", "only a guest account can be claimed", 409)
    users = get_user_model().objects
    username = (username or "").strip()
    try:
        UnicodeUsernameValidator()(username)
    except ValidationError as exc:
        raise ServiceError("auth/bad_username", " ".join(exc.messages)) from None
    if not username or len(username) > 150:
        raise ServiceError("auth/bad_username", "a name has 1 to 150 characters")
    if users.filter(username__iexact=username).exclude(pk=user.pk).exists():
        raise ServiceError("auth/username_taken", f"{username!r} is taken", 409)
    name_check(username)
    user.username = username
    try:
        validate_password(password, user)
    except ValidationError as exc:
        raise ServiceError("auth/weak_password", " ".join(exc.messages)) from None
    user.set_password(password)
    user.save(update_fields=["username", "password"])
    return user
