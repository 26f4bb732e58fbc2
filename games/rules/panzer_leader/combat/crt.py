"""The Combat Results Table and odds (8.1-8.5; PL-D1).

The grid is games/data/panzer_leader/charts.json: the PanzerBlitz grid of the digest's 8.4,
which the OpenPanzerBlitz transcription of Panzer Leader's table matches cell for cell; the
rules reference says once where it comes from. Strengths keep fractions (QA C1), so they are
Fractions here.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from types import MappingProxyType

from ..core.units import DATA

RESULTS = ("X", "DD", "D", "-")


@cache
def charts() -> dict:
    return json.loads((DATA / "charts.json").read_text(encoding="utf-8"))


def columns() -> tuple[str, ...]:
    return tuple(charts()["crt"]["columns"])


def drm(name: str) -> int:
    """A die-roll modifier from the chart data (2.4)."""
    return int(charts()["drm"][name])


def odds_index(attack: Fraction, defense: Fraction) -> int:
    """The column for attack:defence, rounded for the defender (8.1): 11:3 is 3-1.

    The index counts from 1-4 = 0; it may fall below 0 (worse than 1-4) or above the last
    column (better than 4-1); `column_for` clamps the top (PL-D1).
    """
    if attack <= 0:
        return -99
    if attack >= defense:
        ratio = math.floor(attack / defense)  # 3-1 when 11:3
        return 3 + (ratio - 1)  # "1-1" is index 3
    worse = math.ceil(defense / attack)  # 1-n
    return 3 - (worse - 1)


def column_name(index: int) -> str:
    """`2-1`, `1-3`, also beyond the printed columns (`8-1`, `1-6`)."""
    if index >= 3:
        return f"{index - 2}-1"
    return f"1-{4 - index}"


def clamp(index: int) -> int:
    """Odds above 4-1 are read at 4-1 (PL-D1)."""
    return min(index, len(columns()) - 1)


def result(index: int, modified_die: int) -> str:
    """The CRT cell: `X`, `DD`, `D` or `-` (PL-D1, PL-D2). Below 1-4 there is no attack."""
    cols = columns()
    if index < 0:
        return "-"
    index = clamp(index)
    rows = charts()["crt"]["rows"]
    if modified_die > 7:
        return "-"  # above the table: no effect (PL-D2)
    while modified_die < -1:  # below the table: the -1 row of the next higher column (PL-D2)
        if index + 1 >= len(cols):
            return rows["-1"][len(cols) - 1]
        index += 1
        modified_die += 1
    return rows[str(modified_die)][index]


@cache
def chances(index: int, modifier: int) -> Mapping[str, Fraction]:
    """The chance of each result for one d6 at a column with a die modifier (previews). Read
    only, and worked out once a column and modifier: the bots ask it thousands of times a
    decision."""
    out = dict.fromkeys(RESULTS, Fraction(0))
    for die in range(1, 7):
        out[result(index, die + modifier)] += Fraction(1, 6)
    return MappingProxyType({k: v for k, v in out.items() if v})
