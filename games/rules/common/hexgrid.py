"""Hex geometry: axial coordinates, distances, neighbours, lines and labels' offsets.

Flat-topped hexes stored in axial coordinates (q, r); cube s = -q - r is derived.
Offset coordinates (odd-q: odd columns shoved down, 0-based) exist only for labels
and board files. Lines are drawn twice, nudged by +eps and -eps, so a line running
exactly along hexsides yields two different hex sequences and the rules (los.py)
decide, not floating-point rounding (Red Blob Games, "Hexagonal Grids").

The JS twin is static/games/js/hex.js; both are checked against tests/data/hex_cases.json.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from operator import attrgetter


@dataclass(frozen=True, order=True, slots=True, init=False)
class Hex:
    """One hex in axial coordinates."""

    q: int
    r: int
    # hash((q, r)), worked out once when the hex is made: the rules hash hexes several times
    # for each one they make (dict and set look-ups), and the dataclass's own __hash__ built
    # the tuple every call. The value, and so every set's and dict's order, is unchanged.
    _hash: int = field(init=False, repr=False, compare=False)

    def __init__(self, q: int, r: int) -> None:
        # The slots' own setters (bound below the class): about a quarter cheaper than
        # object.__setattr__, which looks each name up first; the rules make hexes by the
        # million in a bot's search.
        _set_q(self, q)
        _set_r(self, r)
        _set_hash(self, hash((q, r)))

    def __hash__(self) -> int:
        return self._hash

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __eq__(self, other: object) -> bool:
        # What dataclass would generate, without building two tuples: a bot's search
        # compares hexes millions of times (each dict lookup by an equal, not the same,
        # hex). dataclass still generates the ordering, by (q, r).
        if other.__class__ is self.__class__:
            return self.q == other.q and self.r == other.r
        return NotImplemented

    def __iter__(self) -> Iterator[int]:
        # Lets callers write `q, r = h`.
        return iter((self.q, self.r))

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


_set_q, _set_r, _set_hash = (vars(Hex)[name].__set__ for name in ("q", "r", "_hash"))

# A sort key giving the hexes' own order, (q, r), compared as plain tuples: sorting many hexes
# by it skips the generated `__lt__`, which builds two tuples per comparison.
hex_order = attrgetter("q", "r")


DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
DIRECTIONS: tuple[Hex, ...] = (
    Hex(0, -1),
    Hex(1, -1),
    Hex(1, 0),
    Hex(0, 1),
    Hex(-1, 1),
    Hex(-1, 0),
)
_DIRECTION_INDEX = {d: i for i, d in enumerate(DIRECTIONS)}


def distance(a: Hex, b: Hex) -> int:
    """Number of hexes from a to b (0 for the same hex)."""
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def distances(a: Hex, others: Iterable[Hex]) -> tuple[int, ...]:
    """`distance` from a to each of others, in their order: one call for many (a move search
    asks each hex it reaches how far every threat is)."""
    q, r = a.q, a.r
    return tuple((abs(q - b.q) + abs(r - b.r) + abs(q - b.q + r - b.r)) // 2 for b in others)


def neighbor(h: Hex, direction: int) -> Hex:
    """The hex adjacent to h in direction index 0..5 (N, NE, SE, S, SW, NW)."""
    d = DIRECTIONS[direction]
    return Hex(h.q + d.q, h.r + d.r)


def neighbors(h: Hex) -> tuple[Hex, ...]:
    """The six adjacent hexes in direction order N, NE, SE, S, SW, NW."""
    q, r = h.q, h.r  # DIRECTIONS spelled out: no generator to run for six hexes
    return (Hex(q, r - 1), Hex(q + 1, r - 1), Hex(q + 1, r), Hex(q, r + 1), Hex(q - 1, r + 1),
            Hex(q - 1, r))


def direction_between(a: Hex, b: Hex) -> int:
    """Direction index from a to the adjacent hex b; ValueError if not adjacent."""
    try:
        return _DIRECTION_INDEX[Hex(b.q - a.q, b.r - a.r)]
    except KeyError:
        raise ValueError(f"{a!r} and {b!r} are not adjacent") from None


def ring(center: Hex, radius: int) -> tuple[Hex, ...]:
    """Hexes exactly `radius` away from center (radius 0: the center itself)."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return (center,)
    result = []
    # Start at SW * radius, then walk N, NE, SE, S, SW, NW sides in turn.
    h = Hex(center.q + DIRECTIONS[4].q * radius, center.r + DIRECTIONS[4].r * radius)
    for side in range(6):
        for _ in range(radius):
            result.append(h)
            h = neighbor(h, side)
    return tuple(result)


def spiral(center: Hex, radius: int) -> tuple[Hex, ...]:
    """Hexes within `radius` of center, center first, then ring by ring."""
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(center, k))
    return tuple(out)


def within(center: Hex, radius: int) -> frozenset[Hex]:
    """The set of hexes within `radius` of center."""
    return frozenset(spiral(center, radius))


# Nudge for line drawing, unequal per cube axis so that every kind of tie breaks
# one way with +eps and the other way with -eps. Same constants in hex.js.
_EPS_Q = 1e-6
_EPS_R = 2e-6
_EPS_S = -3e-6


def _cube_round(fq: float, fr: float, fs: float) -> tuple[int, int]:
    # floor(x + 0.5), not round(): Python's round() is banker's rounding and
    # Math.round differs on negatives; this form is identical in JS.
    q = math.floor(fq + 0.5)
    r = math.floor(fr + 0.5)
    s = math.floor(fs + 0.5)
    dq = abs(q - fq)
    dr = abs(r - fr)
    ds = abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return q, r


@lru_cache(maxsize=65536)
def line_offsets(dq: int, dr: int, sign: int) -> tuple[Hex, ...]:
    """Offsets of the line from Hex(0,0) to Hex(dq, dr), nudged by sign*eps.

    Lines are translation invariant: line(a, b) == a + line_offsets(b - a).
    """
    n = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    if n == 0:
        return (Hex(0, 0),)
    ds = -dq - dr
    eq, er, es = sign * _EPS_Q, sign * _EPS_R, sign * _EPS_S
    out = []
    for i in range(n + 1):
        t = i / n
        q, r = _cube_round(dq * t + eq, dr * t + er, ds * t + es)
        out.append(Hex(q, r))
    return tuple(out)


def line(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], tuple[Hex, ...]]:
    """The hexes from a to b, as two lines nudged +eps and -eps.

    Both lines start at a, end at b, have distance(a, b) + 1 hexes, and step
    between adjacent hexes. They are identical unless the straight line runs
    along hexsides; then the rules decide which counts (D-LOS-3).
    """
    return nudged_line(a, b, 1), nudged_line(a, b, -1)


def nudged_line(a: Hex, b: Hex, sign: int = 1) -> tuple[Hex, ...]:
    """One of line()'s two lines: nudged +eps (sign 1, the first) or -eps (sign -1), for a
    caller that reads only one of them (half the hexes made)."""
    q, r = a.q, a.r
    return tuple(Hex(q + o.q, r + o.r) for o in line_offsets(b.q - q, b.r - r, sign))


def offset_to_axial(col: int, row: int) -> Hex:
    """Odd-q offset (odd columns shoved down; 0-based) to axial."""
    return Hex(col, row - (col - (col & 1)) // 2)


def axial_to_offset(h: Hex) -> tuple[int, int]:
    """Axial to odd-q offset (col, row), 0-based."""
    return h.q, h.r + (h.q - (h.q & 1)) // 2
