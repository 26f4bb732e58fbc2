"""People for the planning tests: the service tests' two players a side can plan with, and
one who may not (one definition, in tests/services/conftest.py)."""

from __future__ import annotations

from tests.services.conftest import allied_player, axis_player, stranger

__all__ = ["allied_player", "axis_player", "stranger"]
