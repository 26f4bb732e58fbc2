"""The Terrain Effects Chart data (5.1, 5.2, 8.2, 8.4, 9, 10.3, 11.1, 12.4, 17 Mire; D26, D-TEC-1..4)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from games.rules.panzer_grenadier.core.terrain import (
    CHART,
    MOVEMENT_CLASSES,
    TERRAIN,
    TERRAIN_KEYS,
    hexside_crossing_extra,
    hexside_move_extra,
    hill_move_extra,
    road_move_cost,
    terrain_type,
)

CASES = json.loads((Path(__file__).parents[2] / "data" / "terrain_cases.json").read_text())


@pytest.mark.parametrize("case", CASES["terrain"], ids=lambda c: f"{c['section']} {c['name']}")
def test_terrain_chart_entry(case):
    t = terrain_type(case["terrain"])
    if case["effect"] == "move":
        expected = None if case["value"] is None else Fraction(case["value"])
        assert t.move_cost(case["class"]) == expected
        assert t.is_prohibited(case["class"]) == (expected is None)
    elif case["effect"] == "spotting_cap":
        assert t.spotting_cap == case["value"]
        assert t.limiting == (case["value"] is not None)
    else:
        assert getattr(t, case["effect"]) == case["value"]


@pytest.mark.parametrize("case", CASES["features"], ids=lambda c: f"{c['section']} {c['name']}")
def test_feature_chart_entry(case):
    expected = None if case["value"] is None else Fraction(case["value"])
    feature, cls = case["feature"], case["class"]
    if feature == "hill":
        assert hill_move_extra(cls) == expected
    elif feature in ("road", "trail"):
        assert road_move_cost(feature, cls) == expected
    else:
        assert hexside_move_extra(feature, cls) == expected


def test_every_terrain_and_movement_class_has_a_case():
    covered = {(c["terrain"], c["class"]) for c in CASES["terrain"] if c["effect"] == "move"}
    assert covered == {(t, cls) for t in TERRAIN_KEYS for cls in MOVEMENT_CLASSES}
    assert set(TERRAIN) == set(TERRAIN_KEYS)


def test_road_costs_are_exact_fractions():
    """5.2: three road hexes cost a foot unit exactly 2 MP; a mechanized unit with 6 MP goes 12 (case 34)."""
    assert 3 * road_move_cost("road", "foot") == 2
    assert 6 / road_move_cost("road", "mechanized") == 12


def test_D26_heavy_woods_is_light_woods_for_infantry_and_combat_but_harder_for_vehicles():
    """D26: heavy woods = light woods for foot units and every combat modifier; mot P, mech 6."""
    light, heavy = terrain_type("light_woods"), terrain_type("heavy_woods")
    assert heavy.move_cost("foot") == light.move_cost("foot") == 2
    assert heavy.move_cost("motorized") is None and light.move_cost("motorized") == 5
    assert heavy.move_cost("mechanized") == 6 > light.move_cost("mechanized")
    for effect in ("direct_fire_shift", "anti_tank_drm", "assault_shift", "bombardment_shift"):
        assert getattr(heavy, effect) == getattr(light, effect)


def test_D_TEC_1_a_ford_or_bridge_replaces_the_stream_cost():
    """D-TEC-1: stream +1 foot / P motorized / +2 mechanized; a ford or bridge replaces it."""
    assert hexside_crossing_extra(frozenset({"stream"}), "motorized") is None
    assert hexside_crossing_extra(frozenset({"stream", "ford"}), "motorized") == 1
    assert hexside_crossing_extra(frozenset({"stream", "bridge"}), "motorized") == 0
    assert hexside_crossing_extra(frozenset({"elevation_line"}), "foot") == 0


def test_D_TEC_4_major_river_is_closed_to_every_class_without_a_bridge():
    """D-TEC-4: no movement class may simply enter a major river hex."""
    assert all(terrain_type("major_river").is_prohibited(c) for c in MOVEMENT_CLASSES)
    assert CHART.major_river_attacker_first_round_shift == -2


def test_hill_and_night_modifiers():
    """8.2 a hill hex is limiting (3); 10.3 DF -1 against a hill hex and -1 at night."""
    assert CHART.hill_spotting_cap == 3
    assert CHART.hill_direct_fire_shift == -1
    assert CHART.night_direct_fire_shift == -1


def test_spotter_in_town_counts_one_level_higher():
    """8.1: units in town count as 20 m higher for spotting."""
    assert [k for k, t in TERRAIN.items() if t.spotter_level_bonus] == ["town"]
    assert terrain_type("town").spotter_level_bonus == 1


def test_an_unknown_terrain_is_named_in_the_error():
    with pytest.raises(KeyError, match="unknown terrain 'marsh'"):
        terrain_type("marsh")


def test_D_TEC_3_a_road_through_a_river_hex_is_a_bridge():
    """D-TEC-3: along the road every class crosses a major river at the road rate; off it, none."""
    from games.rules.panzer_grenadier.core.maps import Map
    from games.rules.panzer_grenadier.core.move_step import terrain_step

    board = {
        "id": "crossing", "name": "crossing", "columns": 2, "rows": 3,
        "legend": {".": "clear", "R": "major_river"},
        "terrain": ["..", "RR", ".."], "elevation": ["00", "00", "00"],
        "roads": [{"kind": "road", "hexes": ["0101", "0102", "0103"]}],
    }  # fmt: skip
    m = Map.from_board(board)
    north, river, east_river = (
        m.parse_label("A0101"),
        m.parse_label("A0102"),
        m.parse_label("A0202"),
    )
    for cls in MOVEMENT_CLASSES:
        assert terrain_step(m, cls, north, river).cost == road_move_cost("road", cls)
        assert terrain_step(m, cls, river, east_river).cost is None


def test_D_TEC_2_trails_are_slower_than_roads_for_vehicles_but_not_for_infantry():
    """D-TEC-2: trail foot 2/3 like a road; motorized and mechanized pay 1 instead of 1/2."""
    assert road_move_cost("trail", "foot") == road_move_cost("road", "foot") == Fraction(2, 3)
    for cls in ("motorized", "mechanized"):
        assert road_move_cost("road", cls) == Fraction(1, 2)
        assert road_move_cost("trail", cls) == 1
