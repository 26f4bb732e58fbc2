"""Run the tests a decisions file cites, and say how each one ended.

A decisions file (games/rules/<ruleset>/DECISIONS.md) pins every choice to tests; citing a
test proves nothing unless it passes. `outcomes` runs the cited tests in one pytest process
of their own (without Django: rules tests need none) and returns each one's outcome, so the
decisions tests of any ruleset can fail naming a cited test that failed, errored, was
skipped or was never collected.

Not a test module itself (its name does not start with test_): the decisions tests import it.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

PASSED = "passed"


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
