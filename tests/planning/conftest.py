"""People for the planning tests: two players a side can plan with, and one who may not."""

from __future__ import annotations

import pytest

from tests.gamekit import person


@pytest.fixture
def axis_player(db):
    return person("axis_player")


@pytest.fixture
def allied_player(db):
    return person("allied_player")


@pytest.fixture
def stranger(db):
    return person("stranger")
