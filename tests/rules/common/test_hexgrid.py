"""Hex geometry: the shared cases (also run by tests/js/hex.test.mjs) and metric properties."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.common.hexgrid import (
    DIRECTION_NAMES,
    DIRECTIONS,
    Hex,
    axial_to_offset,
    direction_between,
    distance,
    line,
    neighbor,
    neighbors,
    nudged_line,
    offset_to_axial,
    ring,
    spiral,
    within,
)

CASES = json.loads((Path(__file__).parents[2] / "data" / "hex_cases.json").read_text())
hexes = st.builds(Hex, st.integers(-60, 60), st.integers(-60, 60))


def h(pair: list[int]) -> Hex:
    return Hex(*pair)


@pytest.mark.parametrize("case", CASES["distances"], ids=lambda c: f"{c['a']}->{c['b']}")
def test_distance_matches_the_shared_cases(case):
    assert distance(h(case["a"]), h(case["b"])) == case["distance"]


@pytest.mark.parametrize("case", CASES["neighbors"], ids=lambda c: str(c["hex"]))
def test_neighbours_come_in_direction_order(case):
    assert [list(n) for n in neighbors(h(case["hex"]))] == case["neighbors"]
    for i, n in enumerate(case["neighbors"]):
        assert neighbor(h(case["hex"]), i) == h(n)
        assert direction_between(h(case["hex"]), h(n)) == i


@pytest.mark.parametrize("case", CASES["offsets"], ids=lambda c: str(c["offset"]))
def test_odd_q_offsets_convert_both_ways(case):
    assert offset_to_axial(*case["offset"]) == h(case["axial"])
    assert axial_to_offset(h(case["axial"])) == tuple(case["offset"])


@pytest.mark.parametrize(
    "case", CASES["lines"] + CASES["lines_contract"], ids=lambda c: f"{c['a']}->{c['b']}"
)
def test_lines_match_the_shared_cases_nudged_both_ways(case):
    plus, minus = line(h(case["a"]), h(case["b"]))
    assert [list(x) for x in plus] == case["plus"]
    assert [list(x) for x in minus] == case["minus"]
    # one of the two, drawn alone, for a caller that reads only that one
    assert nudged_line(h(case["a"]), h(case["b"])) == plus
    assert nudged_line(h(case["a"]), h(case["b"]), -1) == minus


@pytest.mark.parametrize("case", CASES["lines"], ids=lambda c: f"{c['a']}->{c['b']}")
def test_the_two_lines_differ_exactly_when_the_line_runs_along_hexsides(case):
    plus, minus = line(h(case["a"]), h(case["b"]))
    assert (plus != minus) == case["along_hexside"]


def test_directions_are_named_clockwise_from_north():
    assert DIRECTION_NAMES == ("N", "NE", "SE", "S", "SW", "NW")
    assert [tuple(d) for d in DIRECTIONS] == [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]


def test_odd_columns_are_shoved_down():
    # Column 1 row 0 sits south-east of column 0 row 0, column 2 row 0 north-east of column 1.
    assert direction_between(offset_to_axial(0, 0), offset_to_axial(1, 0)) == 2
    assert direction_between(offset_to_axial(1, 0), offset_to_axial(2, 0)) == 1


def test_direction_between_refuses_hexes_that_are_not_adjacent():
    with pytest.raises(ValueError, match="not adjacent"):
        direction_between(Hex(0, 0), Hex(2, 0))


def test_hex_is_ordered_hashable_and_unpacks():
    q, r = Hex(3, -1)
    assert (q, r) == (3, -1)
    assert Hex(3, -1).s == -2
    assert sorted({Hex(1, 0), Hex(0, 5), Hex(0, -1)}) == [Hex(0, -1), Hex(0, 5), Hex(1, 0)]


@settings(deadline=None)  # no time limit: a busy machine is no failure
@given(hexes, st.integers(0, 6))
def test_a_ring_holds_six_times_radius_hexes_all_at_that_distance(center, radius):
    hexes_on_ring = ring(center, radius)
    assert len(set(hexes_on_ring)) == max(1, 6 * radius)
    assert all(distance(center, x) == radius for x in hexes_on_ring)


@settings(deadline=None)  # no time limit: a busy machine is no failure
@given(hexes, st.integers(0, 5))
def test_within_is_every_hex_up_to_the_radius(center, radius):
    area = within(center, radius)
    assert len(area) == 1 + 3 * radius * (radius + 1)
    assert spiral(center, radius)[0] == center
    box = {Hex(center.q + dq, center.r + dr) for dq in range(-6, 7) for dr in range(-6, 7)}
    assert area == {x for x in box if distance(center, x) <= radius}


@settings(deadline=None)  # no time limit: a busy machine is no failure
@given(hexes, hexes)
def test_distance_is_symmetric_and_zero_only_for_the_same_hex(a, b):
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)


@settings(deadline=None)  # no time limit: a busy machine is no failure
@given(hexes, hexes, hexes)
def test_distance_obeys_the_triangle_inequality(a, b, c):
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@settings(deadline=None)  # no time limit: a busy machine is no failure
@given(hexes, hexes)
def test_both_lines_run_from_a_to_b_through_adjacent_hexes(a, b):
    for drawn in line(a, b):
        assert drawn[0] == a and drawn[-1] == b
        assert len(drawn) == distance(a, b) + 1
        assert all(distance(x, y) == 1 for x, y in zip(drawn, drawn[1:], strict=False))


@settings(deadline=None)  # no time limit: a busy machine is no failure
@given(hexes, hexes)
def test_a_line_drawn_backwards_covers_the_same_hexes(a, b):
    forward = line(a, b)
    backward = line(b, a)
    assert {frozenset(x) for x in forward} == {frozenset(x) for x in backward}


@settings(deadline=None)  # no time limit: a busy machine is no failure
@given(st.integers(0, 200), st.integers(0, 200))
def test_offset_round_trips(col, row):
    assert axial_to_offset(offset_to_axial(col, row)) == (col, row)
