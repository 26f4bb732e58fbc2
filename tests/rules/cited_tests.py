"""The tests a decisions file cites: which they are, and whether each one passes.

A decisions file (games/rules/<ruleset>/DECISIONS.md) pins every choice to tests; citing a
test proves nothing unless it passes. In a run that holds the cited tests (`make test`, a run
of tests/rules) they run there like any other, and `held_to_pass` (a hook of
tests/rules/conftest.py) fails one that would be skipped or expected to fail, naming the
decisions that cite it; a failing one fails the run, and its report names them too. A run
that leaves some out (the decisions tests alone) runs those with `outcomes`, in one pytest
process of their own (without Django: rules tests need none), which returns each one's
outcome, so the decisions tests of any ruleset can fail naming a cited test that failed,
errored, was skipped or was never collected.

Not a test module itself (its name does not start with test_): the decisions tests and the
rules' conftest import it.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from functools import cache
from pathlib import Path

PASSED = "passed"
# A citation: a test file, then test names (`::name`, or a bare `test_...` for the same file);
# a trailing `*` cites every test whose name starts so.
_CITED = re.compile(r"(tests/[\w/]+\.py)|(?:::)?\b(test_\w+\*?)")


@cache
def entries(decisions: Path) -> dict[str, str]:
    """Each entry of a decisions file by its id (the first word of its `## ` heading); two
    entries sharing an id are read as one. Read once a run: every decision's tests ask it."""
    out: dict[str, str] = {}
    for block in re.split(r"^## ", decisions.read_text(encoding="utf-8"), flags=re.M)[1:]:
        out[block.split()[0]] = out.get(block.split()[0], "") + block
    return out


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


@cache
def nodes_in(root: Path, path: str) -> dict[str, tuple[str, ...]]:
    """Test function name -> its pytest node ids in one test file (`file::name`, or
    `file::Class::name` in a Test class), read from the file's syntax tree."""
    tree = ast.parse((root / path).read_text(encoding="utf-8"))
    out: dict[str, list[str]] = {}
    funcs = (ast.FunctionDef, ast.AsyncFunctionDef)
    for node in tree.body:
        if isinstance(node, funcs) and node.name.startswith("test"):
            out.setdefault(node.name, []).append(f"{path}::{node.name}")
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for item in node.body:
                if isinstance(item, funcs) and item.name.startswith("test"):
                    out.setdefault(item.name, []).append(f"{path}::{node.name}::{item.name}")
    return {k: tuple(v) for k, v in out.items()}


def expand(root: Path, path: str, name: str) -> tuple[str, ...]:
    """The node ids a citation stands for: one test, or with a trailing `*` every test whose
    name starts so. Empty when the file or the test does not exist."""
    if not (root / path).is_file():
        return ()
    nodes = nodes_in(root, path)
    if name.endswith("*"):
        return tuple(n for k in sorted(nodes) if k.startswith(name[:-1]) for n in nodes[k])
    return nodes.get(name, ())


def citing(root: Path, decisions: Path, under: str) -> dict[str, tuple[str, ...]]:
    """Each node id of a test under `under` that the decisions file cites -> the decisions
    citing it."""
    out: dict[str, list[str]] = {}
    for decision, entry in sorted(entries(decisions).items()):
        for path, name in citations(entry):
            if path.startswith(under):
                for node in expand(root, path, name):
                    out.setdefault(node, []).append(decision)
    return {node: tuple(dict.fromkeys(ds)) for node, ds in out.items()}


def test_of(node_id: str) -> str:
    """A collected test's node id without its parameters: the id a citation stands for."""
    return node_id.split("[", 1)[0]


def held_to_pass(report, cited: Mapping[str, tuple[str, ...]]) -> None:
    """Fail the report of a cited test's call (or set-up) that was skipped or expected to fail,
    and name on a failing one the decisions that cite it: a citation proves something only
    if the test really ran and passed."""
    decisions = cited.get(test_of(report.nodeid))
    if not decisions or report.passed or (report.skipped and report.when == "teardown"):
        return
    named = ", ".join(decisions)
    if report.failed:
        report.sections.append(("cited by", f"{named} in a decisions file cite this test"))
        return
    why = "expected to fail" if hasattr(report, "wasxfail") else "skipped"
    if hasattr(report, "wasxfail"):
        del report.wasxfail  # else the reporters read a failure as an unexpected pass
    report.outcome = "failed"
    report.longrepr = f"{named} cite this test, which was {why}: a cited test must run and pass"


def _node_of(case: ET.Element) -> tuple[str, str]:
    """(module.Class path, function name without parameters) of a junit test case."""
    return case.get("classname", ""), case.get("name", "").split("[", 1)[0]


def _junit_key(node_id: str) -> tuple[str, str]:
    path, *rest = node_id.split("::")
    module = path[:-3].replace("/", ".") if path.endswith(".py") else path
    return ".".join([module, *rest[:-1]]), rest[-1]


def outcomes(root: Path, node_ids: list[str], timeout: float = 600) -> dict[str, str]:
    """Run the node ids in one `pytest -p no:django` process under `root` and return each
    one's outcome: "passed", or "failed", "error", "skipped" (with pytest's message), or
    "not collected". A parametrized test passes only if every case passes.

    Raises RuntimeError when pytest could not run at all (a usage error, a crash), with its
    output, so the caller fails loudly rather than reading an empty result as success.
    """
    if not node_ids:
        return {}
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "cited.xml"
        cmd = [sys.executable, "-m", "pytest", "-p", "no:django", "-p", "no:cacheprovider",
               "-q", "--no-header", f"--junitxml={report}", *node_ids]
        env = {**os.environ, "PGWEB_CITED_RUN": "1"}
        done = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True,
                              timeout=timeout, check=False)
        if done.returncode not in (0, 1) or not report.is_file():
            raise RuntimeError(
                f"pytest could not run the cited tests (exit {done.returncode}):\n"
                f"{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
            )
        cases = ET.parse(report).getroot().iter("testcase")
        seen: dict[tuple[str, str], list[str]] = {}
        for case in cases:
            verdict = PASSED
            for kind in ("failure", "error", "skipped"):
                found = case.find(kind)
                if found is not None:
                    word = {"failure": "failed", "error": "error", "skipped": "skipped"}[kind]
                    verdict = f"{word}: {(found.get('message') or '').strip()[:300]}"
                    break
            seen.setdefault(_node_of(case), []).append(verdict)
    out = {}
    for node in node_ids:
        verdicts = seen.get(_junit_key(node))
        if not verdicts:
            out[node] = "not collected"
        else:
            bad = [v for v in verdicts if v != PASSED]
            out[node] = bad[0] if bad else PASSED
    return out
