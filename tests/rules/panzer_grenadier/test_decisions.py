"""Every rules decision in DECISIONS.md cites tests that exist, name it, and pass.

Each entry's "Test:" part cites test functions by file and name. This module checks that
each citation points at a test function that is really there (read from the test files'
syntax trees), and runs every cited rules test (the ones under tests/rules/, which need no
Django) in one pytest process of its own (`tests/rules/cited_tests.py`): an entry fails,
naming the test, when a test it cites failed, errored, was skipped or was not collected. So
an entry cannot keep citing a test that was renamed, deleted, skipped or broken.

Cited tests outside tests/rules/ (the services' tests, which need PostgreSQL and Redis) are
checked for existence here and run by the service suite (`scripts/run_tests.py tests/services`).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.rules import cited_tests

ROOT = Path(__file__).resolve().parents[3]
DECISIONS = ROOT / "games" / "rules" / "panzer_grenadier" / "DECISIONS.md"
TEST_TEXT = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py"))
# Each line with its lower-case spelling, to pick the lines a name can be on.
TEST_LINES = [(line, line.lower()) for line in TEST_TEXT.splitlines()]
# A citation: a test file, then test names (`::name`, or a bare `test_...` for the same file);
# a trailing `*` cites every test whose name starts so.
_CITED = re.compile(r"(tests/[\w/]+\.py)|(?:::)?\b(test_\w+\*?)")
# Tests this module runs itself; the others need the services (PostgreSQL, Redis).
RUN_HERE = "tests/rules/"
THIS = "tests/rules/panzer_grenadier/test_decisions.py"


def entries() -> dict[str, str]:
    text = DECISIONS.read_text(encoding="utf-8")
    out = {}
    for block in re.split(r"^## ", text, flags=re.M)[1:]:
        out.setdefault(block.split()[0], "")
        out[block.split()[0]] += block
    return out


def decision_ids() -> list[str]:
    return sorted(entries())


def collected(path: str) -> frozenset[str]:
    """The test functions of a test module, top level and in Test classes."""
    return frozenset(cited_tests.nodes_in(ROOT, path))


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


def cited_nodes(decision: str) -> dict[tuple[str, str], tuple[str, ...]]:
    """Each citation of a decision that this module runs -> the node ids it stands for."""
    return {
        (path, name): cited_tests.expand(ROOT, path, name)
        for path, name in citations(entries()[decision])
        if path.startswith(RUN_HERE)
    }


@pytest.fixture(scope="module")
def outcomes() -> dict[str, str]:
    """Every cited rules test, run once for the whole module (about ten seconds)."""
    nodes = sorted({n for d in decision_ids() for ns in cited_nodes(d).values() for n in ns})
    assert not any(n.startswith(THIS) for n in nodes), "a decision may not cite this module"
    return cited_tests.outcomes(ROOT, nodes)


def test_every_open_decision_of_the_digest_is_decided():
    """Section 20 of the digest lists D1-D26; each has an entry."""
    assert {f"D{n}" for n in range(1, 27)} <= set(decision_ids())


@pytest.mark.parametrize("decision", decision_ids())
def test_each_decision_is_named_by_a_test(decision):
    # A test names a decision in its docstring or comment ("D22", "D-LOS-1") or in its
    # function name ("d22", "d_los_1").
    as_name = decision.lower().replace("-", "_")
    pattern = rf"(?<![\w-]){re.escape(decision)}(?![\w-])|(?<![a-z0-9]){as_name}(?![0-9])"
    assert re.search(pattern, lines_holding(decision.lower(), as_name), re.I), f"no test names {decision}"


def lines_holding(*words: str) -> str:
    """The lines of the test files holding any of the lower-case `words` in any case. A name
    cannot span lines and a line's ends are no word characters, so a search of these finds
    what a search of all the test text finds, without a tenth of a second's regex scan of
    every test file for each of the 126 decisions."""
    return "\n".join(line for line, lower in TEST_LINES if any(w in lower for w in words))


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


@pytest.mark.parametrize("decision", decision_ids())
def test_each_decision_cites_tests_that_pass(decision, outcomes):
    bad = [
        f"{node}: {outcomes.get(node, 'not run')}"
        for nodes in cited_nodes(decision).values()
        for node in nodes
        if outcomes.get(node) != cited_tests.PASSED
    ]
    assert not bad, f"{decision} cites tests that do not pass:\n" + "\n".join(bad)


def test_a_citation_of_a_test_that_does_not_exist_is_caught():
    entry = "X Choice: c. Test: tests/rules/panzer_grenadier/test_decisions.py::test_no_such_test, ::test_a_c*"
    assert citations(entry) == [
        ("tests/rules/panzer_grenadier/test_decisions.py", "test_no_such_test"),
        ("tests/rules/panzer_grenadier/test_decisions.py", "test_a_c*"),
    ]
    assert "test_no_such_test" not in collected("tests/rules/panzer_grenadier/test_decisions.py")
    assert cited_tests.expand(ROOT, THIS, "test_no_such_test") == ()
    assert cited_tests.expand(ROOT, THIS, "test_a_cit*") == (
        f"{THIS}::test_a_citation_of_a_test_that_does_not_exist_is_caught",
        f"{THIS}::test_a_cited_test_that_fails_errors_or_is_skipped_is_caught",
    )


def test_a_cited_test_that_fails_errors_or_is_skipped_is_caught(tmp_path):
    """The runner reports each way a cited test can fall short, not only a pass."""
    (tmp_path / "test_sample.py").write_text(
        "import pytest\n"
        "def test_ok():\n    assert True\n"
        "def test_bad():\n    assert 1 == 2\n"
        "@pytest.fixture\ndef broken():\n    raise RuntimeError('no')\n"
        "def test_err(broken):\n    pass\n"
        "def test_skip():\n    pytest.skip('not today')\n"
        "@pytest.mark.parametrize('n', [1, 2])\ndef test_one_case_bad(n):\n    assert n == 1\n"
        "class TestGroup:\n    def test_in_class(self):\n        assert True\n",
        encoding="utf-8",
    )
    nodes = [n for name in ("test_ok", "test_bad", "test_err", "test_skip", "test_one_case_bad",
                            "test_in_class")
             for n in cited_tests.expand(tmp_path, "test_sample.py", name)]
    assert "test_sample.py::TestGroup::test_in_class" in nodes
    got = cited_tests.outcomes(tmp_path, nodes)
    assert got["test_sample.py::test_ok"] == "passed"
    assert got["test_sample.py::TestGroup::test_in_class"] == "passed"
    assert got["test_sample.py::test_bad"].startswith("failed")
    assert got["test_sample.py::test_err"].startswith("error")
    assert got["test_sample.py::test_skip"].startswith("skipped: not today")
    assert got["test_sample.py::test_one_case_bad"].startswith("failed")
