"""bench/elite_judge.py: how well Elite's judged state foretells the winner, the figure its
position weight is fitted on."""

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("bench_elite_judge",
                                              ROOT / "bench" / "elite_judge.py")
bench = importlib.util.module_from_spec(spec)
sys.modules["bench_elite_judge"] = bench  # its worker processes unpickle from it
spec.loader.exec_module(bench)


def game(winner, turn_parts, last=8):
    """A game as the benchmark records it: winner, last turn, each turn's parts by side."""
    return winner, last, [dict(t=t, parts=p) for t, p in turn_parts.items()]


def test_a_judge_that_always_ranks_the_winner_higher_foretells_every_game():
    games = [
        game("ge", {4: {"ge": (3.0, 0.0, 0.0), "su": (-3.0, 0.0, 0.0)}}),
        game("su", {4: {"ge": (-2.0, 0.0, 0.0), "su": (2.0, 0.0, 0.0)}}),
    ]
    assert bench.foretelling(games, 0.1) == 1.0


def test_weighing_position_can_turn_the_foretelling_round():
    # The winner was behind on points but far better placed: position weighed enough foretells it.
    games = [
        game("ge", {5: {"ge": (-1.0, 0.0, 40.0), "su": (1.0, 0.0, 0.0)}}),
        game("su", {5: {"ge": (1.0, 0.0, 0.0), "su": (-1.0, 0.0, 40.0)}}),
    ]
    assert bench.foretelling(games, 0.0) == 0.0
    assert bench.foretelling(games, 0.1) == 1.0


def test_draws_the_first_turns_and_the_last_foretell_nothing():
    right = {"ge": (3.0, 0.0, 0.0), "su": (-3.0, 0.0, 0.0)}
    wrong = {"ge": (-3.0, 0.0, 0.0), "su": (3.0, 0.0, 0.0)}
    games = [
        game("ge", {1: wrong, 2: wrong, 4: right, 8: wrong}),
        game("su", {1: right, 2: right, 4: wrong, 8: right}),
        game(None, {4: wrong}),
    ]
    assert bench.foretelling(games, 0.0) == 1.0


def test_area_under_the_curve_counts_ties_a_half():
    assert bench.auc([(1.0, True), (1.0, False)]) == 0.5
    assert bench.auc([(2.0, True), (1.0, False), (3.0, False)]) == 0.5
    assert bench.auc([(1.0, True)]) is None  # nothing lost: nothing to rank against
