"""The bots package is pure Python like the engine; a strategy cannot reach the state or the
scenario's set-up by import; the arena prints its summary line, takes options, plays
Panzer Leader, and never lets a bot's seed tell the dice."""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games.bots import arena

BOTS = Path(__file__).resolve().parents[2] / "games" / "bots"
# The referee's side: these build a bot's input from the state and the scenario.
REFEREE = {"harness.py", "facts.py", "arena.py", "__init__.py"}
# What a strategy module may never import: the state and scenario loaders, the referee side.
FORBIDDEN = (
    "games.bots.harness", "games.bots.facts", "games.bots.arena", "games.rules.registry",
    "games.rules.panzer_grenadier.core.registry", "games.rules.panzer_grenadier.core.scenario",
    "games.rules.panzer_grenadier.core.serialize", "games.rules.panzer_grenadier.ruleset",
    "games.rules.panzer_leader.core.scenario", "games.rules.panzer_leader.ruleset",
    "games.engine_adapter", "django",
)


def _imports(path: Path) -> set[str]:
    """Every module a file imports, relative imports made absolute, anywhere in the file."""
    tree = ast.parse(path.read_text())
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = "games.bots" + (f".{base}" if base else "")
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)
    return out


def test_the_bots_package_imports_no_django():
    code = ("import sys, games.bots.levels, games.bots.arena, games.bots.harness; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("module", sorted(p.name for p in BOTS.glob("*.py") if p.name not in REFEREE))
def test_a_strategy_module_imports_neither_the_state_loader_nor_the_scenario_loader(module):
    bad = sorted(m for m in _imports(BOTS / module)
                 if any(m == f or m.startswith(f + ".") for f in FORBIDDEN))
    assert bad == [], f"{module} imports {bad}"


def test_the_purity_check_would_catch_a_strategy_reaching_for_the_scenario(tmp_path):
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("from .facts import public_facts\n"
                      "def f():\n    from games.rules.panzer_grenadier.core.registry import "
                      "scenario_for\n")
    found = _imports(sneaky)
    assert "games.bots.facts" in found
    assert "games.rules.panzer_grenadier.core.registry" in found


def test_the_wilson_interval_brackets_the_rate_and_narrows_with_games():
    lo, hi = arena.wilson(8, 10)
    assert lo < 0.8 < hi
    lo2, hi2 = arena.wilson(80, 100)
    assert lo < lo2 < 0.8 < hi2 < hi
    assert arena.wilson(0, 0) == (0.0, 1.0)


def test_the_arena_prints_each_game_and_a_summary_line_with_the_interval(capsys):
    assert arena.main(["--scenario", "meeting-at-kessel", "--games", "2",
                       "--levels", "recruit,random", "--seed", "t"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 3
    assert re.fullmatch(r"game 1: \{'ge': 'recruit', 'su': 'random'\} winner=\w+ steps=\d+ .*",
                        lines[0])
    assert re.fullmatch(r"game 2: \{'ge': 'random', 'su': 'recruit'\} .*", lines[1])
    assert re.fullmatch(
        r"arena: scenario=meeting-at-kessel levels=recruit,random games=2 "
        r"a_score=[01]\.\d\d ci=[01]\.\d\d-[01]\.\d\d side_wins=[a-z:0-9,]+", lines[2])


def test_the_arena_takes_optional_rules_and_refuses_unknown_ones(capsys):
    assert arena.main(["--scenario", "meeting-at-kessel", "--games", "1", "--levels",
                       "random,random", "--options", "double_blind,mire"]) == 0
    assert "arena: scenario=meeting-at-kessel" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        arena.main(["--scenario", "meeting-at-kessel", "--options", "no_such_rule"])
    assert "unknown option(s) no_such_rule" in capsys.readouterr().err


def test_an_arena_match_is_the_same_for_the_same_seed():
    a = arena.play_match("pl-seeufer-landing", "veteran", "recruit", 1, "same", out=io.StringIO())
    b = arena.play_match("pl-seeufer-landing", "veteran", "recruit", 1, "same", out=io.StringIO())
    assert [(r.winner, r.steps) for r in a.records] == [(r.winner, r.steps) for r in b.records]


def test_a_bots_seed_is_derived_apart_from_the_dice_seed():
    seed = "game-seed"
    dice, bots = arena.derive(seed, "dice"), arena.derive(seed, "bots")
    assert dice != bots and seed not in bots and dice not in bots


def test_recruit_plays_a_panzer_leader_game_to_the_end_through_the_ruleset_interface():
    r = arena.play_game("pl-hollenbach", {"allied": "recruit", "german": "veteran"}, "pl-end")
    assert not r.capped and r.steps > 20
    assert set(r.decision_ms) == {"recruit", "veteran"}
