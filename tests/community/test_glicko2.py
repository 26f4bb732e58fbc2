"""Glicko-2 against Glickman's worked example, and the team update built on it."""

from __future__ import annotations

import math

import pytest

from games.community import glicko2
from games.community.glicko2 import Glicko, rate, rate_team_member

PAPER_PLAYER = Glicko(1500, 200, 0.06)
PAPER_OPPONENTS = [Glicko(1400, 30), Glicko(1550, 100), Glicko(1700, 300)]
PAPER_SCORES = [1.0, 0.0, 0.0]


def test_the_papers_worked_example_gives_the_papers_numbers():
    after = rate(PAPER_PLAYER, PAPER_OPPONENTS, PAPER_SCORES)
    # The paper rounds its intermediate values and prints 1464.06; unrounded it is 1464.0507.
    assert after.rating == pytest.approx(1464.06, abs=0.015)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_the_new_volatility_solves_the_papers_equation_where_it_moves_a_lot():
    # A strong, certain player losing ten games to weak ones: the volatility must rise
    # and ln(sigma'^2) must be the root of f (checked by plain bisection here).
    player = Glicko(2000, 50, 0.06)
    weak = [Glicko(1400, 50)] * 10
    after = rate(player, weak, [0.0] * 10)
    assert after.volatility > 0.061
    f = lambda x: glicko2.volatility_equation(player, weak, [0.0] * 10, x)  # noqa: E731
    low = high = math.log(0.06**2)
    while f(low) <= 0:
        low -= 1.0
    while f(high) >= 0:
        high += 1.0
    for _ in range(200):
        mid = (low + high) / 2
        low, high = (mid, high) if f(mid) > 0 else (low, mid)
    assert after.volatility == pytest.approx(math.exp(low / 2), rel=1e-5)


def test_a_player_who_does_not_play_grows_less_certain_but_never_past_the_start():
    assert glicko2.idle(Glicko(1700, 60, 0.06)).deviation > 60
    assert glicko2.idle(Glicko(1700, 60, 0.06), periods=10_000).deviation == 350


def test_scores_and_opponents_are_checked():
    with pytest.raises(ValueError):
        rate(PAPER_PLAYER, PAPER_OPPONENTS, [1.0])
    with pytest.raises(ValueError):
        rate(PAPER_PLAYER, [Glicko()], [2.0])


def test_a_one_player_team_is_rated_exactly_as_glicko2():
    me, them = Glicko(1620, 80, 0.06), Glicko(1480, 120, 0.06)
    assert rate_team_member(me, [me], [them], 1.0) == pytest.approx(rate(me, [them], [1.0]))


def test_a_team_of_strong_players_gains_little_from_beating_weak_ones():
    strong = [Glicko(1900, 60), Glicko(1850, 60)]
    weak = [Glicko(1300, 60), Glicko(1350, 60)]
    gain = rate_team_member(strong[0], strong, weak, 1.0).rating - 1900
    upset = rate_team_member(weak[0], weak, strong, 1.0).rating - 1300
    even = rate_team_member(strong[0], strong, [Glicko(1880, 60), Glicko(1870, 60)], 1.0)
    assert 0 < gain < 1.5
    assert upset > 10 * gain
    assert gain < (even.rating - 1900) / 5


def test_every_member_moves_by_the_team_result_scaled_by_his_own_uncertainty():
    certain, unsure = Glicko(1600, 50), Glicko(1500, 250)
    team, other = [certain, unsure], [Glicko(1550, 80), Glicko(1550, 80)]
    a = rate_team_member(certain, team, other, 0.0)
    b = rate_team_member(unsure, team, other, 0.0)
    assert a.rating < 1600 and b.rating < 1500  # both lost
    assert (1500 - b.rating) > 5 * (1600 - a.rating)
    assert b.deviation < 250 and a.deviation < 60


def test_the_other_team_counts_as_its_mean_rating_and_combined_deviation():
    team = [Glicko(1400, 30), Glicko(1600, 330)]
    one = glicko2.composite(team)
    assert one.rating == 1500
    assert one.deviation == pytest.approx(math.sqrt((30**2 + 330**2) / 2))
