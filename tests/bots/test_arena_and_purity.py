"""The bots package is pure Python like the engine, and the arena prints its summary line."""

from __future__ import annotations

import io
import re
import subprocess
import sys

from games.bots import arena


def test_the_bots_package_imports_no_django():
    code = ("import sys, games.bots.levels, games.bots.arena, games.bots.harness; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


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


def test_an_arena_match_is_the_same_for_the_same_seed():
    a = arena.play_match("meeting-at-kessel", "veteran", "recruit", 1, "same", out=io.StringIO())
    b = arena.play_match("meeting-at-kessel", "veteran", "recruit", 1, "same", out=io.StringIO())
    assert [(r.winner, r.steps) for r in a.records] == [(r.winner, r.steps) for r in b.records]
