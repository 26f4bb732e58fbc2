"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013): pure maths, no Django.

Why not the `glicko2` package from PyPI: its volatility step computes f(x) with the
player's rating (mu squared) where the paper has the rating deviation (phi squared). In the
paper's own example mu is 0 (a 1500 player), so the bug is invisible there and its tests
pass; for any other rating the new volatility is wrong. These are the few formulas of the
paper, steps 2-8, with the Illinois iteration of step 5.

Ratings are on the Glicko scale (1500, RD 350) outside, the Glicko-2 scale inside.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
TAU = 0.5  # the system constant: how fast volatility may change (the paper suggests 0.3-1.2)
EPSILON = 0.000001  # convergence tolerance of step 5


@dataclass(frozen=True)
class Glicko:
    """One player's rating, deviation (RD) and volatility, on the Glicko scale."""

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    @property
    def mu(self) -> float:
        return (self.rating - DEFAULT_RATING) / SCALE

    @property
    def phi(self) -> float:
        return self.deviation / SCALE


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Glicko, opponent: Glicko) -> float:
    """The score the player is expected to make against the opponent (0 to 1)."""
    return _expected(player.mu, opponent.mu, opponent.phi)


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: solve f(x) = 0 for x = ln(sigma'^2) by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (
            2.0 * (phi * phi + v + ex) ** 2
        ) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def volatility_equation(player: Glicko, opponents: list[Glicko], scores: list[float],
                        x: float, tau: float = TAU) -> float:
    """The paper's f(x) for this rating period (zero at x = ln(new volatility^2)); for tests."""
    v, delta = _variance_and_delta(player, opponents, scores)
    a = math.log(player.volatility ** 2)
    ex, phi = math.exp(x), player.phi
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (
        x - a
    ) / (tau * tau)


def _variance_and_delta(player: Glicko, opponents: list[Glicko], scores: list[float]):
    inverse_v = 0.0
    improvement = 0.0
    for opponent, score in zip(opponents, scores, strict=True):
        g = _g(opponent.phi)
        e = _expected(player.mu, opponent.mu, opponent.phi)
        inverse_v += g * g * e * (1.0 - e)
        improvement += g * (score - e)
    v = 1.0 / inverse_v
    return v, v * improvement


def rate(player: Glicko, opponents: list[Glicko], scores: list[float], tau: float = TAU) -> Glicko:
    """The player's rating after one rating period with these games (scores 1, 0.5 or 0)."""
    if len(opponents) != len(scores):
        raise ValueError("one score per opponent")
    if not opponents:
        return idle(player)
    for score in scores:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a score is 0 to 1, not {score!r}")
    v, delta = _variance_and_delta(player, opponents, scores)
    sigma = _new_volatility(player.phi, player.volatility, delta, v, tau)
    phi_star = math.sqrt(player.phi ** 2 + sigma ** 2)
    phi = 1.0 / math.sqrt(1.0 / phi_star ** 2 + 1.0 / v)
    mu = player.mu + phi * phi * (delta / v)
    return Glicko(mu * SCALE + DEFAULT_RATING, phi * SCALE, sigma)


def idle(player: Glicko, periods: float = 1.0) -> Glicko:
    """Step 6 for a player who did not play for `periods` rating periods: the deviation
    grows by the volatility (never past the starting deviation)."""
    phi = math.sqrt(player.phi ** 2 + periods * player.volatility ** 2)
    return Glicko(player.rating, min(phi * SCALE, DEFAULT_DEVIATION), player.volatility)


def composite(team: list[Glicko]) -> Glicko:
    """A team as one opponent: its mean rating, and the root mean square of its deviations
    (a team is as uncertain as its members on average), with the mean volatility."""
    if not team:
        raise ValueError("a team has players")
    n = len(team)
    return Glicko(
        sum(p.rating for p in team) / n,
        math.sqrt(sum(p.deviation ** 2 for p in team) / n),
        sum(p.volatility for p in team) / n,
    )


def rate_team_member(player: Glicko, team: list[Glicko], opponents: list[Glicko],
                     score: float, tau: float = TAU) -> Glicko:
    """A team game for one player: the team's result against the other team as a composite.

    The expectation is the team's (its mean rating against the other team's composite), so
    a team of strong players expects to beat weak ones and gains little when it does; the
    size of each player's step is his own (his deviation and volatility), so a player with
    an uncertain rating moves more. In a one-player team this is exactly Glicko-2.
    """
    mean = sum(p.rating for p in team) / len(team)
    as_team = Glicko(mean, player.deviation, player.volatility)
    after = rate(as_team, [composite(opponents)], [score], tau)
    return Glicko(player.rating + (after.rating - mean), after.deviation, after.volatility)
