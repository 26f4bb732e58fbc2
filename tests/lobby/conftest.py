"""People for the lobby tests, named after who they are in the story."""

from __future__ import annotations

import pytest

from tests.gamekit import person


@pytest.fixture
def people(db):
    """Make people on demand: people("ann", "bob") -> [User, User]."""

    def make(*names: str):
        return [person(n) for n in names]

    return make


# The socket fixtures of the consumer tests: a channel layer of either kind, the ASGI app.
from tests.consumers.conftest import (  # noqa: E402,F401
    any_layer,
    app,
    close_sockets_after_the_test,
    memory_layer,
    redis_layer,
)
