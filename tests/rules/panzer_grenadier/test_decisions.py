"""Every rules decision in DECISIONS.md cites tests that exist and name it.

The suite runs the cited tests; this module checks that each citation points at a test
function that is really there (collected from the test files' syntax trees), so an entry
cannot keep citing a test that was renamed or deleted.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DECISIONS = ROOT / "games" / "rules" / "panzer_grenadier" / "DECISIONS.md"
TEST_TEXT = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py"))
# A citation: a test file, then test names (`::name`, or a bare `test_...` for the same file);
# a trailing `*` cites every test whose name starts so.
_CITED = re.compile(r"(tests/[\w/]+\.py)|(?:::)?\b(test_\w+\*?)")


def entries() -> dict[str, str]:
    text = DECISIONS.read_text(encoding="utf-8")
    out = {}
    for block in re.split(r"^## ", text, flags=re.M)[1:]:
        out.setdefault(block.split()[0], "")
        out[block.split()[0]] += block
    return out


def decision_ids() -> list[str]:
    return sorted(entries())


@cache
def collected(path: str) -> frozenset[str]:
    """The test functions of a test module, top level and in classes."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return frozenset(
        n.name
        for n in ast.walk(tree)
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name.startswith("test")
    )


def citations(entry: str) -> list[tuple[str, str]]:
    """(file, test name) pairs an entry's "Test:" part cites."""
    found = re.search(r"Test: (.*)", entry, re.S)
    assert found, "the entry cites no test (Test: ...)"
    out, current = [], None
    for m in _CITED.finditer(found.group(1)):
        if m.group(1):
            current = m.group(1)
        else:
            assert current, f"{m.group(2)} is cited before any test file"
            out.append((current, m.group(2)))
    return out


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


@pytest.mark.parametrize("decision", decision_ids())
def test_each_decision_cites_tests_that_exist(decision):
    cited = citations(entries()[decision])
    assert cited, f"{decision} cites no test by file and name"
    for path, name in cited:
        assert (ROOT / path).is_file(), f"{decision} cites a missing file {path}"
        names = collected(path)
        if name.endswith("*"):
            assert any(n.startswith(name[:-1]) for n in names), f"{decision}: no {path}::{name}"
        else:
            assert name in names, f"{decision} cites {path}::{name}, which does not exist"


def test_a_citation_of_a_test_that_does_not_exist_is_caught():
    entry = "X Choice: c. Test: tests/rules/panzer_grenadier/test_decisions.py::test_no_such_test, ::test_a_c*"
    assert citations(entry) == [
        ("tests/rules/panzer_grenadier/test_decisions.py", "test_no_such_test"),
        ("tests/rules/panzer_grenadier/test_decisions.py", "test_a_c*"),
    ]
    assert "test_no_such_test" not in collected("tests/rules/panzer_grenadier/test_decisions.py")
