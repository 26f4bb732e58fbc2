"""bench/bots.py's record file: a run stopped part-way goes on where it stopped, and the
summary of a run in parts is the summary of the whole."""

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("bench_bots", ROOT / "bench" / "bots.py")
bench = importlib.util.module_from_spec(spec)
# Registered by name: its worker processes unpickle the game function from it.
sys.modules["bench_bots"] = bench
spec.loader.exec_module(bench)

RUN = ["--pairings", "recruit_vs_random", "--scenario", "pl-hollenbach", "--seed", "rec",
       "--jobs", "1"]


def last_line(out: str) -> str:
    return out.strip().splitlines()[-1]


def game_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if "score=" in line and "games=" not in line]


def test_a_recorded_run_plays_only_the_games_it_lacks_and_sums_up_them_all(tmp_path, capsys):
    record = tmp_path / "run.jsonl"
    assert bench.main([*RUN, "--games", "2", "--record", str(record)]) == 0
    first = capsys.readouterr().out
    assert len(game_lines(first)) == 2
    assert len(record.read_text().splitlines()) == 2

    # The same run again plays nothing and prints the same figures.
    assert bench.main([*RUN, "--games", "2", "--record", str(record)]) == 0
    again = capsys.readouterr().out
    assert "2 of 2 games already in" in again
    assert game_lines(again) == []
    assert last_line(again) == last_line(first)

    # A run cut off while writing leaves a torn line: it is skipped, and a longer run
    # plays only the third game, summing up all three.
    with record.open("a") as out:
        out.write('{"key": "torn')
    assert bench.main([*RUN, "--games", "3", "--record", str(record)]) == 0
    longer = capsys.readouterr().out
    assert len(game_lines(longer)) == 1
    assert last_line(longer).endswith("games=3")


def test_a_recorded_game_is_the_game_an_unrecorded_run_plays(tmp_path, capsys):
    assert bench.main([*RUN, "--games", "1"]) == 0
    plain = capsys.readouterr().out
    record = tmp_path / "run.jsonl"
    assert bench.main([*RUN, "--games", "1", "--record", str(record)]) == 0
    game = json.loads(record.read_text())
    assert game_lines(plain)[0].startswith(
        f"recruit_vs_random pl-hollenbach: game=0 score={game['score']:.1f} "
        f"winner={game['winner'] or 'draw'} steps={game['steps']}")
    assert json.loads(game["key"]) == ["recruit", "random", "pl-hollenbach", 0, "rec", []]
    # The ruleset's own result is kept too: how near the game came to going the other way.
    assert game["result"]["winner"] == game["winner"]
    assert game["result"]["level"] in ("decisive", "tactical", "marginal")
    assert isinstance(game["result"]["score"], int)


def test_a_run_from_a_later_game_plays_the_very_games_a_whole_run_plays_there(tmp_path, capsys):
    whole = tmp_path / "whole.jsonl"
    assert bench.main([*RUN, "--games", "3", "--record", str(whole)]) == 0
    later = tmp_path / "later.jsonl"
    assert bench.main([*RUN, "--games", "3", "--from-game", "2", "--record", str(later)]) == 0
    out = capsys.readouterr().out
    assert last_line(out).endswith("games=1")
    by_game = {json.loads(line)["game"]: json.loads(line) for line in whole.read_text().splitlines()}
    (game,) = [json.loads(line) for line in later.read_text().splitlines()]
    assert game["game"] == 2
    assert {k: game[k] for k in ("key", "score", "winner", "steps")} == {
        k: by_game[2][k] for k in ("key", "score", "winner", "steps")}
    with pytest.raises(SystemExit):
        bench.main([*RUN, "--from-game", "-1"])
