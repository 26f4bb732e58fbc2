"""Both rulesets' decision files tell the truth: every entry names the modules that implement
it today (`Code:`), and every module and test an entry names exists.

The names are read from the files themselves, so a module that moves needs only its name
changed in DECISIONS.md; an entry naming a module that is gone fails here. Where an entry
names what in a module does it (`core/moving.py (walk, arrive)`), each name must be in that
module: code that moved to another module that still exists fails here too.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(ROOT.glob("games/rules/*/DECISIONS.md"))
# A path in the repository an entry names: code, data or a tool.
NAMED_PATH = re.compile(r"(?<![\w/])((?:games|tools|static|templates)/[\w/.-]+\.(?:py|json|js|mjs|html))")
NAMED_TEST = re.compile(r"(?<![\w/])(test_\w+)(\*?)(?!\w|\.py)")
# A module followed by the names in it that do the work: `path (name, Class.attr; name: more)`.
NAMED_IN_MODULE = re.compile(
    r"(?<![\w/])((?:games|tools)/[\w/.-]+\.py) \(((?:[^()]|\([^()]*\))*)\)")
DEFINED_TESTS = frozenset(re.findall(
    r"^\s*(?:async\s+)?def (test_\w+)",
    "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py")),
    re.M,
))


def entries(path: Path) -> dict[str, str]:
    """Each entry of a decisions file by its id (the first word of its `## ` heading); two
    entries sharing an id are read as one."""
    out: dict[str, str] = {}
    for block in re.split(r"^## ", path.read_text(encoding="utf-8"), flags=re.M)[1:]:
        key = block.split()[0]
        out[key] = out.get(key, "") + block
    return out


def code_part(entry: str) -> str | None:
    """What follows `Code:` in an entry, up to its test citation or the entry's end."""
    found = re.search(r"Code: (.*?)(?=\bTests?: |\Z)", entry, re.S)
    return found.group(1) if found else None


def names_not_in_module(code: str) -> list[tuple[str, str]]:
    """(module, name) for each name an entry gives in parentheses after a module that the
    module does not hold. Of `Class.attr` the last part is looked for, of `name: more` and
    `name(args)` the name."""
    missing = []
    for path, inside in NAMED_IN_MODULE.findall(code):
        if not (ROOT / path).exists():
            continue  # reported as a module that does not exist
        text = (ROOT / path).read_text(encoding="utf-8")
        for part in re.split(r"[,;]", re.sub(r"\([^()]*\)", "", inside)):
            ident = re.match(r"\s*`?([A-Za-z_][\w.]*)", part)
            if ident is None:
                continue
            name = ident.group(1).split(".")[-1]
            if not re.search(rf"\b{re.escape(name)}\b", text):
                missing.append((path, ident.group(1)))
    return missing


def problems(path: Path) -> list[str]:
    """Every entry of a decisions file that names no module, or a module or test not there."""
    out = []
    for key, entry in entries(path).items():
        code = code_part(entry)
        if code is None:
            out.append(f"{key}: names no module (Code: ...)")
            continue
        named = NAMED_PATH.findall(code)
        if not named and not code.startswith("none"):
            out.append(f"{key}: Code: names no path in the repository")
        out += [f"{key}: {name} does not exist" for name in named if not (ROOT / name).exists()]
        out += [f"{key}: {path} has no {name}" for path, name in names_not_in_module(code)]
        for name, glob in NAMED_TEST.findall(entry):
            there = (any(t.startswith(name) for t in DEFINED_TESTS) if glob
                     else name in DEFINED_TESTS)
            if not there:
                out.append(f"{key}: no test {name}{glob}")
    return out


def test_both_rulesets_have_a_decisions_file():
    assert [p.parent.name for p in FILES] == ["panzer_grenadier", "panzer_leader"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.parent.name)
def test_every_decision_names_modules_and_tests_that_exist(path):
    assert len(entries(path)) > 40
    assert problems(path) == []


def test_it_refuses_an_entry_naming_a_module_that_moved(tmp_path):
    stale = tmp_path / "DECISIONS.md"
    stale.write_text(
        "## D3 Leaderless activation\nChoice: ... Code: games/rules/panzer_grenadier/core/"
        "no_such_module.py (threats_to). Test: tests/rules/panzer_grenadier/test_movement.py"
        "::test_no_such_test.\n\n## D4 Leader\nChoice: ... no code named. Test: none.\n",
        encoding="utf-8",
    )
    assert problems(stale) == [
        "D3: games/rules/panzer_grenadier/core/no_such_module.py does not exist",
        "D3: no test test_no_such_test",
        "D4: names no module (Code: ...)",
    ]


def test_it_refuses_an_entry_naming_a_module_that_exists_but_no_longer_holds_the_code(tmp_path):
    stale = tmp_path / "DECISIONS.md"
    stale.write_text(
        "## D3 Leaderless activation\nChoice: ... Code: games/rules/panzer_grenadier/core/"
        "movement.py (threats_to, reachable(leaderless_threats=...)), games/rules/"
        "panzer_grenadier/core/move_paths.py (find: step_allowed, Reach.minimum_move)."
        " Test: none.\n",
        encoding="utf-8",
    )
    assert problems(stale) == [
        "D3: games/rules/panzer_grenadier/core/movement.py has no threats_to",
    ]
