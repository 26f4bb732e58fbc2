"""Every rules decision in DECISIONS.md is covered by a test that names it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DECISIONS = ROOT / "games" / "rules" / "DECISIONS.md"
TEST_TEXT = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py"))


def decision_ids() -> list[str]:
    return sorted(set(re.findall(r"^## (D[\w-]+)", DECISIONS.read_text(encoding="utf-8"), re.M)))


def test_every_open_decision_of_the_digest_is_decided():
    """Section 20 of the digest lists D1-D26; each has an entry."""
    assert {f"D{n}" for n in range(1, 27)} <= set(decision_ids())


@pytest.mark.parametrize("decision", decision_ids())
def test_each_decision_is_named_by_a_test(decision):
    # A test names a decision in its docstring or comment ("D22", "D-LOS-1") or in its
    # function name ("d22", "d_los_1").
    as_name = decision.lower().replace("-", "_")
    pattern = rf"(?<![\w-]){re.escape(decision)}(?![\w-])|(?<![a-z0-9]){as_name}(?![0-9])"
    assert re.search(pattern, TEST_TEXT, re.I), f"no test names {decision}"
