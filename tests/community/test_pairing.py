"""Tournament pairings: round robin and Swiss, sides dealt evenly, no repeat pairings."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from games.community.tournaments import pairing as pairs
from games.community.tournaments.pairing import FIRST, SECOND, Board, NoPairing, Player


class Event:
    """A tournament played on paper: results drawn at random (a draw now and then)."""

    def __init__(self, count: int, seed: int = 0):
        self.rng = random.Random(seed)
        self.ids = list(range(1, count + 1))
        self.seed = {i: 2000 - 10 * i for i in self.ids}
        self.score = dict.fromkeys(self.ids, 0.0)
        self.met: dict[int, set[int]] = {i: set() for i in self.ids}
        self.sides: dict[int, list[str]] = {i: [] for i in self.ids}
        self.byes: dict[int, int] = dict.fromkeys(self.ids, 0)

    def players(self) -> list[Player]:
        return [Player(i, self.score[i], self.seed[i], frozenset(self.met[i]),
                       tuple(self.sides[i]), self.byes[i] > 0) for i in self.ids]

    def play(self, boards: list[Board]) -> None:
        seen = [b.first for b in boards] + [b.second for b in boards if b.second is not None]
        assert sorted(seen) == sorted(set(seen)), "a player is on two boards"
        for board in boards:
            if board.second is None:
                self.byes[board.first] += 1
                self.score[board.first] += 1
                continue
            a, b = board.first, board.second
            assert b not in self.met[a], f"{a} and {b} meet again"
            self.met[a].add(b)
            self.met[b].add(a)
            self.sides[a].append(FIRST)
            self.sides[b].append(SECOND)
            roll = self.rng.random()
            self.score[a] += 1 if roll < 0.45 else 0.5 if roll < 0.55 else 0
            self.score[b] += 0 if roll < 0.45 else 0.5 if roll < 0.55 else 1

    def balance(self, i: int) -> int:
        return self.sides[i].count(FIRST) - self.sides[i].count(SECOND)

    def three_in_a_row(self, i: int) -> bool:
        s = self.sides[i]
        return any(s[k] == s[k + 1] == s[k + 2] for k in range(len(s) - 2))


@pytest.mark.parametrize("count", range(2, 11))
def test_a_round_robin_pairs_everyone_with_everyone_once_and_balances_the_sides(count):
    event = Event(count)
    rounds = pairs.round_robin_rounds(count)
    for number in range(1, rounds + 1):
        event.play(pairs.round_robin_round(event.players(), number))
    for a, b in combinations(event.ids, 2):
        assert b in event.met[a]
    for i in event.ids:
        assert event.byes[i] == (1 if count % 2 else 0)
        assert abs(event.balance(i)) <= 1, (i, event.sides[i])


def test_a_round_robin_has_no_round_past_its_last():
    with pytest.raises(ValueError):
        pairs.round_robin_pairs([1, 2, 3, 4], 4)


def test_swiss_round_one_pairs_the_top_half_with_the_bottom_half():
    event = Event(8)
    boards = pairs.swiss_round(event.players())
    assert {frozenset((b.first, b.second)) for b in boards} == {
        frozenset(p) for p in ((1, 5), (2, 6), (3, 7), (4, 8))}
    # sides alternate down the boards: the higher-ranked player has the first side on odd
    # boards and the second on even ones
    assert [b.first for b in boards] == [1, 6, 3, 8]


def test_swiss_pairs_winners_with_winners():
    event = Event(8)
    event.play([Board(1, 5), Board(6, 2), Board(3, 7), Board(8, 4)])
    event.score.update({1: 1, 5: 0, 6: 0, 2: 1, 3: 1, 7: 0, 8: 0, 4: 1})
    boards = pairs.swiss_round(event.players())
    leaders = {1, 2, 3, 4}
    for b in boards:
        assert (b.first in leaders) == (b.second in leaders)


@pytest.mark.parametrize("count,rounds", [(6, 3), (7, 4), (8, 5), (9, 5), (12, 6), (15, 5)])
@pytest.mark.parametrize("seed", range(6))
def test_swiss_never_repeats_a_pairing_and_keeps_the_sides_even(count, rounds, seed):
    event = Event(count, seed)
    for _ in range(rounds):
        event.play(pairs.swiss_round(event.players()))
    for i in event.ids:
        assert event.byes[i] <= 1
        assert abs(event.balance(i)) <= 2, event.sides[i]
        assert not event.three_in_a_row(i), event.sides[i]


def test_an_odd_field_gives_the_bye_to_the_lowest_ranked_player_without_one():
    event = Event(5)
    first = pairs.swiss_round(event.players())
    assert first[-1] == Board(5, None)
    event.play(first)
    second = pairs.swiss_round(event.players())
    bye = [b.first for b in second if b.second is None]
    assert bye and bye[0] != 5


def test_swiss_refuses_a_round_that_can_only_repeat_a_game():
    a = Player(1, 1.0, opponents=frozenset({2}))
    b = Player(2, 0.0, opponents=frozenset({1}))
    with pytest.raises(NoPairing):
        pairs.swiss_round([a, b])


def test_the_one_who_played_the_first_side_less_gets_it():
    a = Player(1, sides=(FIRST, FIRST))
    b = Player(2, sides=(SECOND, FIRST))
    assert pairs.sides_for(a, b, 1) == Board(2, 1)
    c = Player(3, sides=(FIRST, SECOND))
    assert pairs.sides_for(b, c, 1) == Board(3, 2)  # equal balance: who played second last
