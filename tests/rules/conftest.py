"""The rules' tests need no Django: `pytest -p no:django tests/rules` runs them alone."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from tests.rules import cited_tests

ROOT = Path(__file__).resolve().parents[2]
# The rules tests Panzer Grenadier's decisions cite (tests/rules/panzer_grenadier/test_decisions.py).
DECISIONS = ROOT / "games" / "rules" / "panzer_grenadier" / "DECISIONS.md"


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """The rules keep no rate limits: the root conftest's cache clearing is not needed here."""
    yield


@cache
def cited() -> dict[str, tuple[str, ...]]:
    return cited_tests.citing(ROOT, DECISIONS, "tests/rules/")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """A test a decision cites may not be skipped or expected to fail: its report fails, naming
    the decisions (read only when a report is not a pass, so a passing run pays nothing)."""
    outcome = yield
    report = outcome.get_result()
    if not report.passed:
        cited_tests.held_to_pass(report, cited())
