"""People for the community tests: members (accounts with a password, so they may play
rated), a guest, staff; and finished rated games between them."""

from __future__ import annotations

import pytest

from tests.community.kit import member


@pytest.fixture
def members(db):
    """members("ann", "bob") -> [User, User], each with an account of their own."""

    def make(*names: str):
        return [member(n) for n in names]

    return make


@pytest.fixture
def moderator(db):
    return member("moderator", is_staff=True, is_superuser=True)


# The socket fixtures of the consumer tests: a channel layer of either kind, the ASGI app.
from tests.consumers.conftest import (  # noqa: E402,F401
    any_layer,
    app,
    close_sockets_after_the_test,
    memory_layer,
    redis_layer,
)
