"""Line of sight and line of fire (2.5, 2.6; PL-D17, PL-D20).

The line runs from hex centre to hex centre (hexgrid.line, nudged both ways). Units never
block; only the hexside symbols the line crosses and the town hexes it passes through can.
Each obstacle is judged by its height against the firer's and target's elevations:

- low obstacles (a green woods edge, a town hex) at level L block a line between two units
  at level L, and block a line from higher to level-L ground only when directly in front of
  the lower unit (its own hexside, or a town hex adjacent to it: "directly behind", J.2-J.3);
- brown (slope) hexsides: the rulebook's J.4/J.5 "nearer" counts and the Q&A's L1/L2;
- orange (hilltop) and cliff hexsides: one may be crossed when one end is on a hilltop,
  any number when both are (J.7); woods and towns on hilltops block everything (J.9).

The green edge of the wood a unit itself stands in never blocks that unit's own line: it
sees out of its wood, and is seen in it when spotted (PL-D20). Where the line runs exactly along a hexside or through a vertex, the two nudged lines
differ; the defender gets the benefit and the line is blocked if either is (PL-D20).
"""

from __future__ import annotations

from ...common.hexgrid import Hex, distance, line
from .board import Map


def has_los(m: Map, firer: Hex, target: Hex) -> bool:
    """Can a unit in `firer` see (and fire at) a unit in `target` (2.6)?"""
    return why_blocked(m, firer, target) is None


def why_blocked(m: Map, firer: Hex, target: Hex) -> str | None:
    """What blocks the line from firer to target, or None when it is clear (2.6)."""
    if firer == target or distance(firer, target) == 1:  # adjacent units always see (J.8)
        return None
    key = (firer, target)
    if key not in m.los_cache:
        plus, minus = line(firer, target)
        reason = _blocked_along(m, plus)
        if reason is None and minus != plus:
            reason = _blocked_along(m, minus)
        m.los_cache[key] = reason
    return m.los_cache[key]


def _blocked_along(m: Map, cells: tuple[Hex, ...]) -> str | None:
    if any(c not in m.hexes for c in cells):
        return "the line leaves the map"
    fe, te = m.elevation(cells[0]), m.elevation(cells[-1])
    firer, target = cells[0], cells[-1]
    n = len(cells) - 1  # hexsides crossed, the firer's exit side is 1, the target's entry n
    high = 0
    for i in range(1, n + 1):
        a, b = cells[i - 1], cells[i]
        syms = m.symbols(a, b)
        if "orange" in syms or "cliff" in syms:
            high += 1
            if fe < 2 and te < 2:
                return f"a hilltop edge between {m.label(a)} and {m.label(b)} (J.7)"
            if high > 1 and not (fe == 2 and te == 2):
                return "more than one hilltop edge (J.7)"
        if "brown" in syms and _brown_blocks(fe, te, i, n):
            return f"a slope edge between {m.label(a)} and {m.label(b)} (J.4, J.5, QA L1)"
        if "green" in syms:
            woods = a if m.terrain(a) == "woods" else b
            if woods in (firer, target):
                continue  # a unit sees out of the edge of its own wood (PL-D20)
            level = m.elevation(woods)
            if _low_blocks(level, fe, te, near_firer=(i == 1), near_target=(i == n)):
                return f"a woods edge between {m.label(a)} and {m.label(b)} (J.10)"
    for k in range(1, n):
        mid = cells[k]
        if m.terrain(mid) != "town" and not (m.terrain(mid) == "woods" and m.elevation(mid) == 2):
            continue
        level = m.elevation(mid)
        if level == 2:
            return f"{m.terrain(mid)} on the hilltop at {m.label(mid)} (J.9)"
        if _low_blocks(level, fe, te, near_firer=distance(mid, firer) == 1,
                       near_target=distance(mid, target) == 1):
            return f"the town at {m.label(mid)} (J.10)"
    return None


def _low_blocks(level: int, fe: int, te: int, near_firer: bool, near_target: bool) -> bool:
    """A woods edge or town at `level` between units at fe and te (J.2, J.3, J.10, J.11.c)."""
    if fe > level and te > level:
        return False  # both look over it (QA L3: a slope unit over ground-level woods)
    if fe > level and te == level:
        return near_target  # only directly behind the target (J.2)
    if te > level and fe == level:
        return near_firer  # only directly in front of the firer (J.3)
    return True  # at or above both units' level


def _brown_blocks(fe: int, te: int, i: int, n: int) -> bool:
    """A slope (brown) hexside crossed as side i of n (J.4, J.5; QA L1, L2; PL-D17)."""
    if 2 in (fe, te) and 1 in (fe, te):
        return False  # hilltop <-> slope: never (QA L2)
    if fe == 2 and te == 2:
        return False
    if fe == 2 and te == 0:
        return 2 * i >= n + 1  # nearer the target, or midway (J.4)
    if fe == 0 and te == 2:
        return 2 * i <= n + 1  # nearer the firer, or midway (J.5)
    if (fe == 1 and te == 0 and i == 1) or (fe == 0 and te == 1 and i == n):
        return False  # the slope unit's own edge: it looks down its own slope (PL-D17)
    return True  # ground/ground, ground/slope (PL-D17), slope/slope unless adjacent (QA L1)
