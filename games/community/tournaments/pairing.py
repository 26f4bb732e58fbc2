"""Pair a tournament round: round robin (Berger's circle) and Swiss; allocate the sides.

Pure functions over plain values (no Django). A scenario has two sides, which are not
alike, so sides are dealt as chess deals colours: each player should play the scenario's
first and second side about equally, and not the same side three times running.

Swiss (a Dutch-style system):
- the players are ranked by score, then by seed (the rating when the tournament began);
- an odd number gives the lowest-ranked player who has not had one a bye (a bye scores a
  win, at most once per player);
- the highest-ranked unpaired player is paired first, with the candidates of his score
  group ordered so the top half meets the bottom half, then with lower groups (floaters);
- two players never meet twice; a pairing is kept only if sides can be dealt with nobody
  more than two games off balance and nobody on the same side three times running. When no
  pairing of the whole round meets the side rules, they are relaxed; repeats never are:
  `NoPairing` when the round cannot be paired without one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FIRST, SECOND = "first", "second"
SEARCH_LIMIT = 50_000  # nodes one backtracking search may visit before giving up


class NoPairing(Exception):
    """The round cannot be paired without two players meeting again."""


@dataclass(frozen=True)
class Player:
    """What pairing needs to know of one player."""

    id: int
    score: float = 0.0
    seed: float = 0.0
    opponents: frozenset[int] = frozenset()
    sides: tuple[str, ...] = ()  # the sides played, in order (byes and forfeits left out)
    had_bye: bool = False

    @property
    def balance(self) -> int:
        return self.sides.count(FIRST) - self.sides.count(SECOND)


@dataclass(frozen=True)
class Board:
    first: int  # plays the scenario's first side (or has the bye when `second` is None)
    second: int | None


def _ranked(players: list[Player]) -> list[Player]:
    return sorted(players, key=lambda p: (-p.score, -p.seed, p.id))


def _fits(player: Player, side: str) -> bool:
    balance = player.balance + (1 if side == FIRST else -1)
    three = len(player.sides) >= 2 and player.sides[-1] == player.sides[-2] == side
    return abs(balance) <= 2 and not three


def sides_for(a: Player, b: Player, board: int, strict: bool = False) -> Board | None:
    """Who plays the first side: the one who played it less; else the one who played the
    second side last; else by board (odd boards: the higher-ranked `a` takes the first
    side). With `strict`, None when no way keeps both within the side rules."""
    if a.balance != b.balance:
        order = (a, b) if a.balance < b.balance else (b, a)
    elif a.sides and b.sides and a.sides[-1] != b.sides[-1]:
        order = (a, b) if a.sides[-1] == SECOND else (b, a)
    else:
        order = (a, b) if board % 2 == 1 else (b, a)
    if not strict:
        return Board(order[0].id, order[1].id)
    for one, two in (order, order[::-1]):
        if _fits(one, FIRST) and _fits(two, SECOND):
            return Board(one.id, two.id)
    return None


# -- round robin ------------------------------------------------------------------------------


def round_robin_rounds(count: int) -> int:
    """Rounds of a round robin: everyone meets everyone once (a bye a round when odd)."""
    return count - 1 if count % 2 == 0 else count


def round_robin_pairs(ids: list[int], round_no: int) -> list[tuple[int | None, int | None]]:
    """The pairs of round `round_no` (1-based) by the circle method over the players in seed
    order; None stands for the bye when the count is odd."""
    slots: list[int | None] = list(ids) + ([None] if len(ids) % 2 else [])
    n = len(slots)
    if n < 2:
        return []
    if not 1 <= round_no <= n - 1:
        raise ValueError(f"a round robin of {len(ids)} has rounds 1 to {n - 1}")
    fixed, rest = slots[0], slots[1:]
    shift = (round_no - 1) % (n - 1)
    turned = rest[-shift:] + rest[:-shift] if shift else rest
    circle = [fixed, *turned]
    return [(circle[i], circle[n - 1 - i]) for i in range(n // 2)]


def round_robin_round(players: list[Player], round_no: int) -> list[Board]:
    """Round `round_no` of a round robin over `players` (in seed order, withdrawn ones
    included: the service forfeits their games). Sides follow the schedule, as in Berger's
    tables: the player at the circle's fixed point takes the first side in odd rounds and
    the second in even ones, and on every other board the player from the circle's upper
    half takes the first side. Over the whole event everyone plays each side equally often
    (within one when the number of games is odd); a side may come three times running."""
    boards = []
    pairs = round_robin_pairs([p.id for p in players], round_no)
    for number, (a, b) in enumerate(pairs):
        if a is None or b is None:
            boards.append(Board(a if a is not None else b, None))
        elif number > 0 or round_no % 2 == 1:
            boards.append(Board(a, b))
        else:
            boards.append(Board(b, a))
    return _byes_last(boards)


def _byes_last(boards: list[Board]) -> list[Board]:
    return [b for b in boards if b.second is not None] + [b for b in boards if b.second is None]


# -- Swiss ------------------------------------------------------------------------------------


@dataclass
class _Search:
    strict: bool
    visited: int = 0
    groups: dict[float, list[int]] = field(default_factory=dict)


def _candidates(me: Player, rest: list[Player], search: _Search) -> list[Player]:
    """Opponents for `me`, best first: the same score before others, and within a score
    group the one half a group below (top half meets bottom half)."""
    group = search.groups.get(me.score, [])
    half = max(len(group) // 2, 1)
    mine = group.index(me.id) if me.id in group else 0

    def key(other: Player) -> tuple:
        place = group.index(other.id) if other.id in group else len(group)
        return (abs(me.score - other.score), abs(place - mine - half), -other.seed, other.id)

    return sorted((o for o in rest if o.id not in me.opponents), key=key)


def _pair(rest: list[Player], search: _Search, board: int) -> list[Board] | None:
    if not rest:
        return []
    search.visited += 1
    if search.visited > SEARCH_LIMIT:
        return None
    me, others = rest[0], rest[1:]
    for other in _candidates(me, others, search):
        allocated = sides_for(me, other, board, strict=search.strict)
        if allocated is None:
            continue
        below = _pair([p for p in others if p.id != other.id], search, board + 1)
        if below is not None:
            return [allocated, *below]
    return None


def swiss_round(players: list[Player]) -> list[Board]:
    """Pair one Swiss round over the players still in (withdrawn players left out)."""
    ranked = _ranked(players)
    if len(ranked) < 2:
        raise NoPairing("fewer than two players are left")
    bye_options: list[Player | None] = [None]
    if len(ranked) % 2:
        bye_options = [p for p in reversed(ranked) if not p.had_bye]
        if not bye_options:
            raise NoPairing("everyone has had a bye")
    for strict in (True, False):
        for bye in bye_options:
            pool = [p for p in ranked if bye is None or p.id != bye.id]
            groups: dict[float, list[int]] = {}
            for p in pool:
                groups.setdefault(p.score, []).append(p.id)
            found = _pair(pool, _Search(strict, groups=groups), 1)
            if found is not None:
                return found + ([Board(bye.id, None)] if bye else [])
    raise NoPairing("every pairing of this round would repeat a game")
