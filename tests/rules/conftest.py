"""The rules' tests need no Django: `pytest -p no:django tests/rules` runs them alone."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """The rules keep no rate limits: the root conftest's cache clearing is not needed here."""
    yield
