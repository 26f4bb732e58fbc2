"""A designer's document, however wrong, gets its problems listed and never an exception: the
designer's check endpoint draws the map (`document_map`) and lists the problems
(`check_scenario`) of whatever a page or a script sends. Each field of a small battle of
each ruleset is replaced, one at a time, by each kind of JSON value it should not hold."""

from __future__ import annotations

import pytest

from games.rules.registry import ruleset
from tests.designkit import json_paths, pg_battle, pl_situation, replaced

# A JSON value of every kind: the wrong one for almost every field.
AWKWARD = (None, True, 3, -1, 2.5, "", "x", [], [1], {"a": 1})


@pytest.mark.parametrize(("rules", "doc"), [("panzer_grenadier", pg_battle(id="fuzz")),
                                            ("panzer_leader", pl_situation(id="fuzz"))])
def test_every_field_replaced_by_any_kind_of_value_is_a_problem_listed_never_an_exception(rules, doc):
    rs = ruleset(rules)
    checked = 0
    for where in json_paths(doc):
        for value in AWKWARD:
            wrong = replaced(doc, where, value)
            try:
                rs.document_map(wrong)
            except ValueError:
                pass  # the map cannot be drawn: the problems say why
            problems = rs.check_scenario(wrong)
            assert isinstance(problems, list), (where, value)
            checked += 1
    assert checked > 500  # every field of the battle, not a few


def test_a_map_whose_boards_are_not_a_list_cannot_be_drawn_and_says_why():
    rs = ruleset("panzer_grenadier")
    for value in (True, 3, "A"):
        doc = pg_battle(id="fuzz")
        doc["map"]["boards"] = value
        with pytest.raises(ValueError, match="map.boards: expected a list"):
            rs.document_map(doc)
        assert rs.check_scenario(doc)  # and the check lists it


def _pg_with_hexsides_and_roads() -> dict:
    doc = pg_battle(id="fuzz")
    doc["boards"]["board1"]["hexsides"] = [{"hex": "0401", "side": "NE", "feature": "stream"}]
    doc["boards"]["board1"]["roads"] = [{"kind": "road", "hexes": ["0106", "0206"]}]
    return doc


def _pl_with_a_carrier_loaded() -> dict:
    doc = pl_situation(id="fuzz")
    doc["forces"] += [{"side": "allied", "type": "us_halftrack", "at": ["N-B-1"], "count": 1},
                      {"side": "allied", "type": "us_mg", "at": ["N-B-1"], "count": 1}]
    doc["loaded"] = [{"carrier": "al-halftrack-1", "passenger": "al-mg-1"}]
    doc["engineer_vehicles"] = {"al-mg-1": "al-halftrack-1"}
    doc["boards"]["N"]["roads"] = [[[0, 1], [1, 1]]]
    return doc


# The nested lists a board and a situation carry (a board's hexsides and roads, the passengers
# aboard their carriers), each field replaced in a small battle that has them: the shape
# check lists what is wrong, and what reads the lists after it (the map, the opening set-up)
# must not meet a number or a name it cannot use.
@pytest.mark.parametrize(("rules", "doc", "under"), [
    ("panzer_grenadier", _pg_with_hexsides_and_roads(),
     (("boards", "board1", "hexsides"), ("boards", "board1", "roads"))),
    ("panzer_leader", _pl_with_a_carrier_loaded(),
     (("boards", "N", "roads"), ("loaded",), ("engineer_vehicles",))),
])
def test_a_boards_hexsides_and_roads_and_the_units_loaded_replaced_are_problems_listed(
        rules, doc, under):
    rs = ruleset(rules)
    assert rs.check_scenario(doc) == []  # playable as it stands: every problem is the change
    paths = [p for p in json_paths(doc) if any(p[:len(u)] == u for u in under)]
    assert len(paths) >= 5
    for where in paths:
        for value in (*AWKWARD, 7, "²²²²", "ge", "-1"):
            wrong = replaced(doc, where, value)
            try:
                rs.document_map(wrong)
            except ValueError:
                pass
            problems = rs.check_scenario(wrong)
            assert isinstance(problems, list), (where, value)
            if problems:
                with pytest.raises(ValueError):
                    rs.load_document(wrong)


def test_a_passenger_or_carrier_that_the_forces_do_not_make_is_named():
    rs = ruleset("panzer_leader")
    for key in ("passenger", "carrier"):
        doc = _pl_with_a_carrier_loaded()
        doc["loaded"][0][key] = "ge"
        assert [(p["field"], p["message"]) for p in rs.check_scenario(doc)] == [
            (f"loaded[0].{key}", "no unit 'ge'")]


def test_a_board_whose_hexsides_or_roads_are_not_a_list_says_so():
    rs = ruleset("panzer_grenadier")
    for key, value in (("hexsides", 1), ("hexsides", True), ("roads", 1.5)):
        doc = _pg_with_hexsides_and_roads()
        doc["boards"]["board1"][key] = value
        with pytest.raises(ValueError, match=f"board1.{key}"):
            rs.document_map(doc)
        assert [p["field"] for p in rs.check_scenario(doc)] == [f"boards.board1.{key}"]
