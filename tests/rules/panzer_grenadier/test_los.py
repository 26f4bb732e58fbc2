"""Line of sight (8.3, 8.4; D-LOS-1, D-LOS-2, D-LOS-3, D18) on data-driven cases."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games.rules.common.hexgrid import offset_to_axial
from games.rules.panzer_grenadier.core.los import has_los, line_of_sight
from games.rules.panzer_grenadier.core.maps import Map, load_board

DATA = Path(__file__).parents[2] / "data"
CASES = json.loads((DATA / "los_cases.json").read_text())["cases"]


@cache
def board_map(name: str) -> Map:
    return Map.from_board(load_board(DATA / "boards" / f"{name}.json"))


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['section']} {c['name']}")
def test_line_of_sight_case(case):
    m = board_map(case["board"])
    smoke = frozenset(m.parse_label(x) for x in case.get("smoke", ()))
    result = line_of_sight(m, m.parse_label(case["from"]), m.parse_label(case["to"]), smoke=smoke)
    assert result.clear is case["clear"], result.reason
    if case["clear"]:
        assert result.blocking_hex is None
        return
    assert result.cause == case["cause"]
    if "blocked_at" in case:
        assert m.label(result.blocking_hex) == case["blocked_at"]
    if "blocked_at_any" in case:
        assert m.label(result.blocking_hex) in case["blocked_at_any"]
    if "reason" in case:
        assert result.reason == case["reason"]


def test_D_LOS_3_one_open_side_of_a_hexside_is_enough():
    """D-LOS-3: the two nudged lines differ; one is blocked by woods, the other is not."""
    from games.rules.common.hexgrid import line

    m = board_map("sight")
    a, b = m.parse_label("A0109"), m.parse_label("A0309")
    plus, minus = line(a, b)
    middles = {m.label(plus[1]), m.label(minus[1])}
    assert middles == {"A0208", "A0209"}
    assert has_los(m, a, b)


# The strategies a board is drawn from, built once: a strategy built inside a draw is a new
# object per hex, whose closures only the garbage collector frees (a second of its time in
# this file).
_COLUMNS = st.sampled_from([4, 6, 8])
_ROWS = st.integers(3, 7)
_TERRAIN = st.sampled_from(".....wtfs")
_ELEVATION = st.sampled_from("0001112")


def _random_board(draw) -> dict:
    cols = draw(_COLUMNS)
    rows = draw(_ROWS)
    terrain = ["".join(draw(_TERRAIN) for _ in range(cols)) for _ in range(rows)]
    elevation = ["".join(draw(_ELEVATION) for _ in range(cols)) for _ in range(rows)]
    legend = {".": "clear", "w": "light_woods", "t": "town", "f": "field", "s": "swamp"}
    return {
        "id": "random",
        "name": "random",
        "columns": cols,
        "rows": rows,
        "legend": legend,
        "terrain": terrain,
        "elevation": elevation,
    }


@st.composite
def map_and_pair(draw):
    board = _random_board(draw)
    m = Map.from_board(board)
    cells = st.tuples(st.integers(0, board["columns"] - 1), st.integers(0, board["rows"] - 1))
    a = offset_to_axial(*draw(cells))
    b = offset_to_axial(*draw(cells))
    smoke = frozenset(offset_to_axial(*c) for c in draw(st.lists(cells, max_size=2)))
    return m, a, b, smoke


@st.composite
def map_and_level_pair(draw):
    """A random board and two hexes of it at the same elevation: the second drawn from the
    first one's level, not filtered afterwards (hypothesis then threw most examples away,
    building their boards for nothing)."""
    m, a, _b, smoke = draw(map_and_pair())
    level = sorted((h for h in m.hexes if h != a and m.elevation(h) == m.elevation(a)),
                   key=lambda h: (h.q, h.r))
    assume(level)  # a hex alone at its elevation
    return m, a, draw(st.sampled_from(level)), smoke


@settings(max_examples=300, deadline=None)
@given(map_and_level_pair())
def test_los_is_symmetric_between_hexes_of_equal_elevation(case):
    m, a, b, smoke = case
    assert m.elevation(a) == m.elevation(b) and a != b
    assert has_los(m, a, b, smoke=smoke) == has_los(m, b, a, smoke=smoke)


@settings(max_examples=300, deadline=None)
@given(map_and_pair())
def test_los_is_symmetric_at_any_elevations(case):
    m, a, b, smoke = case
    assert has_los(m, a, b, smoke=smoke) == has_los(m, b, a, smoke=smoke)


@settings(max_examples=200, deadline=None)
@given(map_and_pair())
def test_adding_smoke_never_opens_a_line_of_sight(case):
    m, a, b, smoke = case
    if not has_los(m, a, b):
        assert not has_los(m, a, b, smoke=smoke)


def test_hexes_off_the_map_are_refused():
    from games.rules.common.hexgrid import Hex

    m = board_map("sight")
    with pytest.raises(ValueError, match="not on the map"):
        line_of_sight(m, Hex(0, 0), Hex(50, 50))
