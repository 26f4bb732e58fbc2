"""Every rules decision in DECISIONS.md cites tests that exist, name it, and pass.

Each entry's "Test:" part cites test functions by file and name. This module checks that
each citation points at a test function that is really there (read from the test files'
syntax trees), and that every cited rules test (the ones under tests/rules/, which need no
Django) passes: one collected in this run runs here like any other, and the rules' conftest
fails it if it is skipped or expected to fail (`tests/rules/cited_tests.py`, held_to_pass);
the others (this module run alone) run in one pytest process of their own, and an entry
fails, naming the test, when a test it cites failed, errored, was skipped or was not
collected. So an entry cannot keep citing a test that was renamed, deleted, skipped or broken.

Cited tests outside tests/rules/ (the services' tests, which need PostgreSQL and Redis) are
checked for existence here and run by the service suite (`scripts/run_tests.py tests/services`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from itertools import accumulate
from pathlib import Path

import pytest

from tests.rules import cited_tests

ROOT = Path(__file__).resolve().parents[3]
DECISIONS = ROOT / "games" / "rules" / "panzer_grenadier" / "DECISIONS.md"
TEST_TEXT = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py"))
# Each line, and all of them lower-cased line by line in one text with where each line starts
# in it, to pick the lines a name can be on.
TEST_LINES = TEST_TEXT.splitlines()
TEST_LOWER = "\n".join(line.lower() for line in TEST_LINES)
LINE_STARTS = list(accumulate((len(line.lower()) + 1 for line in TEST_LINES[:-1]), initial=0))
# Tests this module runs itself; the others need the services (PostgreSQL, Redis).
RUN_HERE = "tests/rules/"
THIS = "tests/rules/panzer_grenadier/test_decisions.py"


def entries() -> dict[str, str]:
    return cited_tests.entries(DECISIONS)


def decision_ids() -> list[str]:
    return sorted(entries())


def collected(path: str) -> frozenset[str]:
    """The test functions of a test module, top level and in Test classes."""
    return frozenset(cited_tests.nodes_in(ROOT, path))


citations = cited_tests.citations


def cited_nodes(decision: str) -> dict[tuple[str, str], tuple[str, ...]]:
    """Each citation of a decision that this module runs -> the node ids it stands for."""
    return {
        (path, name): cited_tests.expand(ROOT, path, name)
        for path, name in citations(entries()[decision])
        if path.startswith(RUN_HERE)
    }


# The outcome of a cited test that this run collected: it runs among the others, a failure
# fails the run and a skip fails it too (tests/rules/conftest.py).
IN_THIS_RUN = "collected in this run"


@pytest.fixture(scope="module")
def outcomes(request: pytest.FixtureRequest) -> dict[str, str]:
    """Every cited rules test: those this run collected as IN_THIS_RUN, the others run once
    for the whole module in a pytest process of their own (about ten seconds for them all)."""
    nodes = sorted({n for d in decision_ids() for ns in cited_nodes(d).values() for n in ns})
    assert not any(n.startswith(THIS) for n in nodes), "a decision may not cite this module"
    in_run = {cited_tests.test_of(item.nodeid) for item in request.session.items}
    return {**{n: IN_THIS_RUN for n in nodes if n in in_run},
            **cited_tests.outcomes(ROOT, [n for n in nodes if n not in in_run])}


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
    every test file for each of the 126 decisions. Each word is found in the one lower-cased
    text, in C, rather than looked for line by line."""
    holding = set()
    for word in words:
        at = TEST_LOWER.find(word)
        while at != -1:
            holding.add(bisect_right(LINE_STARTS, at) - 1)
            at = TEST_LOWER.find(word, at + 1)
    return "\n".join(TEST_LINES[i] for i in sorted(holding))


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
        if outcomes.get(node) not in (cited_tests.PASSED, IN_THIS_RUN)
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
    """The runner reports each way a cited test can fall short, not only a pass; and what the
    rules' conftest does to the cited tests of a run (held_to_pass), on a sample decisions
    file: a skip or an expected failure of a cited test fails; an uncited test still skips;
    a cited failure fails naming the decision. One pytest process runs both samples."""
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
    (tmp_path / "DECISIONS.md").write_text(
        "## D-X-1 cited\nChoice: c. Test: tests/rules/test_cited.py::test_skips, ::test_xfails\n"
        "## D-X-2 cited\nChoice: c. Test: tests/rules/test_cited.py::test_fails, ::test_pas*\n",
        encoding="utf-8",
    )
    (tmp_path / "conftest.py").write_text(
        f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n"
        "from pathlib import Path\nimport pytest\nfrom tests.rules import cited_tests\n"
        "HERE = Path(__file__).parent\n"
        "CITED = cited_tests.citing(HERE, HERE / 'DECISIONS.md', 'tests/rules/')\n"
        "@pytest.hookimpl(hookwrapper=True)\n"
        "def pytest_runtest_makereport(item, call):\n"
        "    outcome = yield\n"
        "    cited_tests.held_to_pass(outcome.get_result(), CITED)\n",
        encoding="utf-8",
    )
    (tmp_path / "tests" / "rules").mkdir(parents=True)
    (tmp_path / "tests" / "rules" / "test_cited.py").write_text(
        "import pytest\n"
        "def test_skips():\n    pytest.skip('not today')\n"
        "@pytest.mark.xfail(reason='known')\ndef test_xfails():\n    assert False\n"
        "def test_fails():\n    assert 1 == 2\n"
        "@pytest.mark.parametrize('n', [1, 2])\ndef test_passes(n):\n    assert n\n"
        "def test_uncited_skips():\n    pytest.skip('not cited')\n",
        encoding="utf-8",
    )
    path = "tests/rules/test_cited.py"
    assert cited_tests.citing(tmp_path, tmp_path / "DECISIONS.md", "tests/rules/") == {
        f"{path}::test_skips": ("D-X-1",), f"{path}::test_xfails": ("D-X-1",),
        f"{path}::test_fails": ("D-X-2",), f"{path}::test_passes": ("D-X-2",),
    }
    assert "test_sample.py::TestGroup::test_in_class" in nodes
    cited = [f"{path}::{name}" for name in ("test_skips", "test_xfails", "test_fails", "test_passes",
                                            "test_uncited_skips")]
    got = cited_tests.outcomes(tmp_path, nodes + cited)
    assert got["test_sample.py::test_ok"] == "passed"
    assert got["test_sample.py::TestGroup::test_in_class"] == "passed"
    assert got["test_sample.py::test_bad"].startswith("failed")
    assert got["test_sample.py::test_err"].startswith("error")
    assert got["test_sample.py::test_skip"].startswith("skipped: not today")
    assert got["test_sample.py::test_one_case_bad"].startswith("failed")
    assert got[f"{path}::test_skips"].startswith("failed: D-X-1 cite this test, which was skipped")
    assert got[f"{path}::test_xfails"].startswith("failed: D-X-1 cite this test, which was expected to fail")
    assert got[f"{path}::test_fails"].startswith("failed")
    assert got[f"{path}::test_passes"] == "passed"
    assert got[f"{path}::test_uncited_skips"].startswith("skipped: not cited")


def test_the_cited_tests_this_run_collected_are_not_run_again(request, outcomes):
    """In a run holding the cited tests (tests/rules, `make test`) the fixture runs none of
    them a second time; a run of this module alone runs them all in a process of their own."""
    in_run = {cited_tests.test_of(item.nodeid) for item in request.session.items}
    cited = {n for d in decision_ids() for ns in cited_nodes(d).values() for n in ns}
    assert {n for n, verdict in outcomes.items() if verdict == IN_THIS_RUN} == cited & in_run
