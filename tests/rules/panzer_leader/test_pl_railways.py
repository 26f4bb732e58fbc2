"""Railways on a Panzer Leader board (PL-E28): drawn as hex-to-hex links like roads, and in the
terrain chart the movement costs come from (PL-D5) a railroad is a path that costs nothing
extra: a railway gives no road rate, no bridge over a stream, no way through a woods edge."""

from __future__ import annotations

import pytest

from games.rules.panzer_leader.core.board import build_map
from games.rules.panzer_leader.core.movement import reach
from games.rules.registry import ruleset
from tests.designkit import pl_situation as situation_doc

from .kit import clear, lab, world

PL = ruleset("panzer_leader")
LINE = [[c, 4] for c in range(2, 8)]  # a railway running east along row 5


def moving(terrain=None, units=(), **kw):
    return world(terrain or clear(), units=units, phase="move_vehicles", **kw)


def test_pl_e28_a_railway_gives_no_road_rate():
    truck = [("t", "us_truck", "allied", "2,4")]
    by_rail = moving(units=truck, railways=[LINE])
    by_road = moving(units=truck, roads=[LINE])
    # a truck pays 2 a clear hex (PL-D5) along the railway, 1/2 along the road
    assert reach(by_rail, by_rail.units["t"])[lab("4,4")][0] == 4
    assert reach(by_road, by_road.units["t"])[lab("4,4")][0] == 1


def test_pl_e28_a_railway_over_a_stream_is_no_bridge():
    stream = ["....~......."] * 8
    s = moving(stream, units=[("m", "us_m4", "allied", "3,4")], railways=[LINE])
    assert lab("4,4") not in reach(s, s.units["m"])  # a road there would be a bridge (2.3)


def test_pl_e28_a_railway_takes_no_vehicle_through_a_woods_edge():
    woods = ["....w......."] * 8
    s = moving(woods, units=[("m", "us_m4", "allied", "3,4")], railways=[LINE])
    assert lab("4,4") not in reach(s, s.units["m"])


def test_a_railway_step_between_hexes_that_do_not_touch_is_refused():
    drawing = {"id": "T", "terrain": clear(), "elevation": ["0" * 12] * 8,
               "railways": [[[2, 4], [4, 4]]]}
    with pytest.raises(ValueError, match="railway step"):
        build_map([{"board": "T", "drawing": drawing}])


def test_the_board_draws_railways_apart_from_roads():
    doc = situation_doc()
    doc["boards"]["N"]["railways"] = [[[0, 5], [1, 5], [2, 5]]]
    assert PL.check_scenario(doc) == []
    drawn = PL.document_map(doc)
    assert drawn["railways"] == [{"hexes": ["N-A-6", "N-B-6"]}, {"hexes": ["N-B-6", "N-C-6"]}]
    assert drawn["roads"] == []


def test_a_railway_of_the_wrong_shape_names_its_field():
    doc = situation_doc()
    doc["boards"]["N"]["railways"] = [[[0, 5]]]
    [p] = PL.check_scenario(doc)
    assert p["field"] == "boards.N.railways[0]" and "situation.schema.json" in p["rule"]
