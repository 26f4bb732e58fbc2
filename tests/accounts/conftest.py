"""Fixtures for the account tests: the real local SMTP server the notification tests run,
and people with accounts."""

from __future__ import annotations

import pytest

from tests.community.kit import member
from tests.notifications.conftest import loopback_allowed, smtp_server  # noqa: F401 (shared)


@pytest.fixture
def ann(db):
    """A player with an account, an address and a password ("correct horse battery")."""
    user = member("ann", email="ann@example.test")
    user.set_password("correct horse battery")
    user.save()
    return user


@pytest.fixture
def bob(db):
    return member("bob", email="bob@example.test")
