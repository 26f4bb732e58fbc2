"""Line of sight between two hexes (8.3 Elevation, 8.4 LOS; D18, D-LOS-1..3).

- Endpoints' own terrain never blocks.
- D-LOS-1: an intervening woods, town or field hex blocks unless both the observer
  and the target are higher than it.
- D-LOS-2 (8.3, elevation lines derived from hex levels): an intervening hex blocks
  when the line climbs onto it from lower ground and drops off it to lower ground
  (it crosses two elevation lines of that height) and one endpoint is lower than it.
  This covers both 8.3 cases: a hill higher than both ends, and a crest of the
  observer's height with a dip before it hiding lower ground behind it.
- D18: smoke blocks LOS through its hex, and into or out of it, except between
  adjacent hexes.
- D-LOS-3: where the straight line runs along hexsides the two nudged lines differ;
  LOS is blocked only if both are blocked (the observer may look down either side).
Hexes off the map (possible where a line grazes a jagged map edge) never block.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...common.hexgrid import Hex, distance, line_offsets
from ...common.lru import Lru

if TYPE_CHECKING:
    from .maps import Map

# (q, r) -> (blocks_los, level) for every map hex: tuples, not Hex, because this is
# the innermost loop of the visibility precompute.
Grid = dict[tuple[int, int], tuple[bool, int]]


@dataclass(frozen=True, slots=True)
class LosResult:
    """Whether LOS is clear, and if not, why and where."""

    clear: bool
    reason: str
    blocking_hex: Hex | None = None
    cause: str | None = None  # "terrain", "elevation", "smoke"

    def __bool__(self) -> bool:
        return self.clear


def los_grid(m: Map) -> Grid:
    """Per-map lookup table of LOS-relevant hex data (cached on the map)."""

    def build() -> Grid:
        return {(h.q, h.r): (m.terrain(h).blocks_los, m.elevation(h)) for h in m.hexes}

    return m.cached("los_grid", build)


def _offset_pairs(dq: int, dr: int, sign: int) -> tuple[tuple[int, int], ...]:
    return tuple((o.q, o.r) for o in line_offsets(dq, dr, sign)[1:-1])


_PAIRS_CACHE: dict[tuple[int, int, int], tuple[tuple[int, int], ...]] = {}


def intervening_offsets(dq: int, dr: int, sign: int) -> tuple[tuple[int, int], ...]:
    """Offsets of the hexes strictly between Hex(0,0) and Hex(dq, dr) on one nudged line."""
    key = (dq, dr, sign)
    found = _PAIRS_CACHE.get(key)
    if found is None:
        found = _PAIRS_CACHE[key] = _offset_pairs(dq, dr, sign)
    return found


def line_blocker(
    grid: Grid,
    aq: int,
    ar: int,
    offsets: tuple[tuple[int, int], ...],
    la: int,
    lb: int,
    smoke: Collection[tuple[int, int]] = (),
) -> tuple[str, tuple[int, int]] | None:
    """The first cause and hex blocking one line, or None (D-LOS-1, D-LOS-2, D18)."""
    low_end = la if la < lb else lb
    prefix_min = la
    peak = -1  # highest hex so far with lower ground before it and above the lower end
    peak_at: tuple[int, int] = (aq, ar)
    for dq, dr in offsets:
        key = (aq + dq, ar + dr)
        cell = grid.get(key)
        if cell is None:
            continue
        blocks, level = cell
        if smoke and key in smoke:
            return "smoke", key
        if level < peak:
            return "elevation", peak_at
        if blocks and not (la > level and lb > level):
            return "terrain", key
        if level > low_end and level > prefix_min and level > peak:
            peak, peak_at = level, key
        if level < prefix_min:
            prefix_min = level
    if lb < peak:
        return "elevation", peak_at
    return None


def line_of_sight(m: Map, a: Hex, b: Hex, *, smoke: Collection[Hex] = frozenset()) -> LosResult:
    """Trace LOS from a to b (8.4); the result names the blocking hex and cause."""
    kind, where = _trace(m, a, b, smoke)
    if where is None:
        return LosResult(True, kind)
    label = m.label(where)
    if kind == "smoke":
        reason = f"line of sight blocked by smoke at {label}"
    elif kind == "terrain":
        reason = f"line of sight blocked by {m.terrain(where).name.lower()} at {label}"
    else:
        reason = f"line of sight blocked by high ground at {label} (level {m.elevation(where)})"
    return LosResult(False, reason, where, kind)


def has_los(m: Map, a: Hex, b: Hex, *, smoke: Collection[Hex] = frozenset()) -> bool:
    """True if LOS from a to b is clear (8.4): `line_of_sight` without naming why not."""
    return _trace(m, a, b, smoke)[1] is None


def _trace(m: Map, a: Hex, b: Hex, smoke: Collection[Hex]) -> tuple[str, Hex | None]:
    """How a line from a to b fares: ("same hex", "adjacent", "clear" or "clear along a
    hexside", None) when clear, else (the cause, the blocking hex). ValueError for a hex off
    the map."""
    for h in (a, b):
        if not m.contains(h):
            raise ValueError(f"{h!r} is not on the map")
    d = distance(a, b)
    if d == 0:
        return "same hex", None
    if d > 1:
        for end in (a, b):
            if end in smoke:
                return "smoke", end
    if d == 1:
        return "adjacent", None
    grid = los_grid(m)
    smoke_qr = {(h.q, h.r) for h in smoke}
    la, lb = m.elevation(a), m.elevation(b)
    dq, dr = b.q - a.q, b.r - a.r
    first = line_blocker(grid, a.q, a.r, intervening_offsets(dq, dr, 1), la, lb, smoke_qr)
    if first is None:
        return "clear", None
    second_offsets = intervening_offsets(dq, dr, -1)
    if second_offsets != intervening_offsets(dq, dr, 1):
        # D-LOS-3: along a hexside, one open side is enough.
        if line_blocker(grid, a.q, a.r, second_offsets, la, lb, smoke_qr) is None:
            return "clear along a hexside", None
    cause, (q, r) = first
    return cause, Hex(q, r)


# The most rows kept for one map: a row of a large map holds up to a few thousand hexes.
_ROWS_KEPT = 64


def sight_row(m: Map, a: Hex) -> frozenset[Hex]:
    """Every hex of the map with a clear line of sight from `a`, at any range, smoke left
    out (8.4). Smoke only ever blocks (D18), so the hexes in sight of `a` with smoke on the
    map are among these. Kept on the map for the last hexes asked: the double-blind blind
    bombardments (18.8) ask it of each activated leader's hex at every step."""
    rows = m.cached("los.sight_rows", lambda: Lru(_ROWS_KEPT))
    row = rows.get(a)
    if row is None:
        row = frozenset(b for b in m.hexes if _trace(m, a, b, ())[1] is None)
        rows.put(a, row)
    return row
