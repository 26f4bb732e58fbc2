"""Accounts: a guest claims their account (a name and a password) and keeps its games."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction

from games.services.errors import ServiceError
from games.services.usernames import clean_username


def is_guest(user: Any) -> bool:
    """A guest signed in without a password (POST /api/v1/auth/guest)."""
    return bool(getattr(user, "is_authenticated", False)) and not user.has_usable_password()


@transaction.atomic
def guest_claim(*, user: Any, username: str, password: str) -> Any:
    """Turn a guest into an account: same user row, so every seat and game stays theirs."""
    if not is_guest(user):
        raise ServiceError("auth/not_guest", "only a guest account can be claimed", 409)
    username = clean_username(username, user=user)
    user.username = username
    try:
        validate_password(password, user)
    except ValidationError as exc:
        raise ServiceError("auth/weak_password", " ".join(exc.messages)) from None
    user.set_password(password)
    user.save(update_fields=["username", "password"])
    return user
