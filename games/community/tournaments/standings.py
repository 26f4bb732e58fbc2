"""Standings with tie-breaks: pure functions over the results (no Django).

Points: a win 1, a draw 1/2, a loss 0; a bye and a forfeit win score 1, a forfeit loss 0.
Tie-breaks, in this order (FIDE's names):
1. Buchholz: the sum of the final scores of the opponents met over the board;
2. Sonneborn-Berger: the final scores of the opponents beaten, plus half those of the
   opponents drawn with;
3. games won over the board; 4. the seed (rating at the start).
Byes and forfeits add points but no opponent to either tie-break (nobody was played), and
withdrawn players' scores count as they stand. Players equal on every key share a place.
"""

from __future__ import annotations

from dataclasses import dataclass

# Result codes, as stored on a pairing (models.tournaments).
FIRST, SECOND, DRAW, BYE = "first", "second", "draw", "bye"
FORFEIT_FIRST, FORFEIT_SECOND, DOUBLE_FORFEIT = "forfeit_first", "forfeit_second", "double_forfeit"
PLAYED = (FIRST, SECOND, DRAW)


@dataclass(frozen=True)
class Result:
    first: int
    second: int | None
    result: str  # "" while the game goes on


def points(result: Result) -> dict[int, float]:
    """What each player of a pairing scored."""
    r, a, b = result.result, result.first, result.second
    if r == BYE:
        return {a: 1.0}
    table = {FIRST: (1.0, 0.0), SECOND: (0.0, 1.0), DRAW: (0.5, 0.5),
             FORFEIT_FIRST: (1.0, 0.0), FORFEIT_SECOND: (0.0, 1.0), DOUBLE_FORFEIT: (0.0, 0.0)}
    if r not in table or b is None:
        return {}
    return {a: table[r][0], b: table[r][1]}


@dataclass(frozen=True)
class Row:
    place: int
    player: int
    score: float
    buchholz: float
    sonneborn_berger: float
    wins: int
    played: int


def standings(players: dict[int, float], results: list[Result]) -> list[Row]:
    """The table: `players` maps each player to his seed; `results` every pairing so far."""
    score = {p: 0.0 for p in players}
    for result in results:
        for p, got in points(result).items():
            score[p] = score.get(p, 0.0) + got
    buchholz = dict.fromkeys(players, 0.0)
    berger = dict.fromkeys(players, 0.0)
    wins = dict.fromkeys(players, 0)
    played = dict.fromkeys(players, 0)
    for result in results:
        if result.result not in PLAYED or result.second is None:
            continue
        got = points(result)
        for me, them in ((result.first, result.second), (result.second, result.first)):
            buchholz[me] += score[them]
            played[me] += 1
            if got[me] == 1.0:
                berger[me] += score[them]
                wins[me] += 1
            elif got[me] == 0.5:
                berger[me] += score[them] / 2
    keys = {p: (score[p], buchholz[p], berger[p], wins[p], players[p]) for p in players}
    order = sorted(players, key=lambda p: tuple(-k for k in keys[p]) + (p,))
    rows, place = [], 0
    for i, p in enumerate(order):
        if i == 0 or keys[p] != keys[order[i - 1]]:
            place = i + 1
        rows.append(Row(place, p, score[p], buchholz[p], berger[p], wins[p], played[p]))
    return rows
