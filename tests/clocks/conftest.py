"""Players and a controlled clock for the clock tests (time-machine)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import time_machine

from tests.gamekit import person

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def axis_player(db):
    return person("axis_player")


@pytest.fixture
def allied_player(db):
    return person("allied_player")


@pytest.fixture
def clock():
    """Time stands still at START until the test moves it (`clock.shift(seconds)`)."""
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller
