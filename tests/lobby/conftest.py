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
