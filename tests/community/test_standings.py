"""Standings: points, Buchholz, Sonneborn-Berger, and how byes and forfeits count."""

from __future__ import annotations

import pytest

from games.community.tournaments.standings import Result, standings


def table(seeds: dict[int, float], results: list[tuple]) -> dict[int, tuple]:
    rows = standings(seeds, [Result(*r) for r in results])
    return {r.player: (r.place, r.score, r.buchholz, r.sonneborn_berger) for r in rows}


def test_a_small_round_robin_worked_by_hand():
    seeds = {1: 1900, 2: 1800, 3: 1700, 4: 1600}
    got = table(seeds, [
        (1, 2, "first"), (3, 4, "draw"),  # round 1: 1 beats 2, 3 and 4 draw
        (3, 1, "draw"), (2, 4, "first"),  # round 2
        (1, 4, "first"), (2, 3, "first"),  # round 3
    ])  # fmt: skip
    # scores 1: 2.5, 2: 2, 3: 1, 4: 0.5
    assert got[1] == (1, 2.5, 3.5, 3.0)  # Buchholz 2 + 1 + 0.5; SB 2 + 1/2 + 0.5
    assert got[2] == (2, 2.0, 4.0, 1.5)  # SB: beat 4 (0.5) and 3 (1)
    assert got[3] == (3, 1.0, 5.0, 1.5)  # SB: drew 4 (0.25) and 1 (1.25)
    assert got[4] == (4, 0.5, 5.5, 0.5)


def test_buchholz_breaks_a_tie_in_points():
    seeds = dict.fromkeys(range(1, 7), 1500.0)
    got = table(seeds, [
        (1, 4, "first"), (2, 5, "first"), (3, 6, "draw"),
        (1, 2, "first"), (3, 5, "first"), (4, 6, "first"),
    ])  # fmt: skip
    assert got[2][1] == got[4][1] == 1.0
    assert got[4][2] == 2.5 and got[2][2] == 2.0
    assert got[4][0] < got[2][0]


def test_sonneborn_berger_breaks_a_tie_in_points_and_buchholz():
    x, y, p, q = 1, 2, 3, 4
    seeds = dict.fromkeys((x, y, p, q), 1500.0)
    got = table(seeds, [
        (x, p, "first"), (y, q, "first"),
        (q, x, "first"), (p, y, "first"),
        (x, y, "draw"), (p, q, "first"),
    ])  # fmt: skip
    assert got[x][1:3] == got[y][1:3] == (1.5, 4.5)
    assert got[x][3] == 2.75 and got[y][3] == 1.75
    assert got[x][0] < got[y][0]


def test_a_bye_and_a_forfeit_score_a_win_but_count_no_opponent():
    seeds = {1: 1500, 2: 1500, 3: 1500}
    got = table(seeds, [(1, None, "bye"), (2, 3, "forfeit_first"), (3, 1, "second")])
    assert got[1][1:] == (2.0, 0.0, 0.0)  # the bye: no opponent; the win over 3: 0 points
    assert got[2][1:] == (1.0, 0.0, 0.0)  # a forfeit win: no Buchholz
    assert got[3][1] == 0.0


def test_players_equal_on_every_key_share_a_place():
    got = table({1: 1500, 2: 1500, 3: 1400}, [(1, 2, "draw")])
    assert got[1][0] == got[2][0] == 1 and got[3][0] == 3


def test_a_game_still_being_played_scores_nothing_yet():
    got = table({1: 1500, 2: 1500}, [(1, 2, "")])
    assert got[1][1] == got[2][1] == 0.0


@pytest.mark.parametrize("result,first,second", [("double_forfeit", 0, 0), ("forfeit_second", 0, 1)])
def test_forfeits(result, first, second):
    got = table({1: 1500, 2: 1500}, [(1, 2, result)])
    assert (got[1][1], got[2][1]) == (first, second)
