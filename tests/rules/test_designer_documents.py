"""A designer's document, however wrong, gets its problems listed and never an exception: the
designer's check endpoint draws the map (`document_map`) and lists the problems
(`check_scenario`) of whatever a page or a script sends. Each field of a small battle of
each ruleset is replaced, one at a time, by each kind of JSON value it should not hold."""

from __future__ import annotations

import json

import pytest

from games.rules.panzer_leader.core.scenario import opening_state
from games.rules.panzer_leader.scenario_check import CARGO_RULE, scenario_from_document
from games.rules.panzer_leader.scenario_check import SCHEMA_PATH as PL_SCHEMA
from games.rules.registry import ruleset
from tests.designkit import (
    json_paths,
    pg_battle,
    pl_situation,
    pl_situation_with_special_rules,
    replaced,
    without,
)

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


# The fields of a Panzer Leader situation beside its sides, map, forces and victory: its
# special rules and what its set-up brings (cargo, naval fire, temporary bridges, a board's
# drawn hexsides...), each read by the engine when the game opens or in play.
SPECIAL = ("cargo", "naval", "temporary_bridges", "armour_carries", "dd_survival",
           "demolition_within", "invasion", "no_entry", "sectors", "source")
FORCE_EXTRAS = ("afloat", "land_turn", "inside", "under_bridge", "equipped", "entry")
# Taken out, nothing, a negative and a huge number, a unit the forces do not make, a list of
# the wrong objects: the wrong values a hand-edited file holds.
GONE = object()
WRONG = (GONE, None, -1, 10**9, "al-m4-9", [{"a": 1}])


def _special_paths(doc: dict) -> list[tuple]:
    return [p for p in json_paths(doc)
            if p[0] in SPECIAL or p[:3] == ("boards", "N", "hexsides") and len(p) < 6
            or p[-1] == "join" or (p[0] == "forces" and p[-1] in FORCE_EXTRAS)
            or p[:2] == ("aircraft", 0) and len(p) < 4]


def test_the_schema_declares_every_field_a_situation_carries():
    declared = set(json.loads(PL_SCHEMA.read_text(encoding="utf-8"))["properties"])
    bundled = {k for rs in [ruleset("panzer_leader")] for path in rs.scenario_files()
               for k in json.loads(path.read_text(encoding="utf-8"))}
    assert set(pl_situation_with_special_rules()) | bundled <= declared
    doc = pl_situation(sector=[{"units": ["al-m4-1"], "boards": ["N"]}])  # a typo
    assert [(p["field"], p["message"]) for p in ruleset("panzer_leader").check_scenario(doc)] \
        == [("(top)", "the format has no field 'sector': check its spelling")]


def test_a_situations_special_rules_replaced_by_wrong_values_are_problems_listed():
    """Each field a Panzer Leader situation carries beside its forces, taken out or given a
    wrong value, is a problem listed or a situation the engine opens: never an exception."""
    rs = ruleset("panzer_leader")
    doc = pl_situation_with_special_rules()
    assert rs.check_scenario(doc) == []  # playable as it stands: every problem is the change
    paths = _special_paths(doc)
    assert len(paths) >= 40
    for where in paths:
        for value in WRONG:
            wrong = without(doc, where) if value is GONE else replaced(doc, where, value)
            if where[0] in ("boards", "map"):  # all the map is drawn from
                try:
                    rs.document_map(wrong)
                except ValueError:
                    pass
            problems = rs.check_scenario(wrong)
            assert all(p["message"] and p["field"] for p in problems), (where, value)
            if not problems:  # taken out, or a value the rule allows: the game opens
                opening_state(scenario_from_document(wrong))


def _problems(doc: dict) -> list[tuple]:
    return [(p["field"], p["hex"], p["rule"], p["message"])
            for p in ruleset("panzer_leader").check_scenario(doc)]


@pytest.mark.parametrize(("where", "value", "found"), [
    (("cargo", 0, "carrier"), "al-m4-9",
     ("cargo[0].carrier", None, CARGO_RULE, "no unit 'al-m4-9'")),
    (("engineer_vehicles", "al-engineer-1"), "al-m4-9",
     ("engineer_vehicles.al-engineer-1", None, "18.3 Engineers", "no unit 'al-m4-9'")),
    (("sectors", 0, "units", 0), "al-m4-9",
     ("sectors[0].units[0]", None, "QA SC1, SC2", "no unit 'al-m4-9'")),
    (("temporary_bridges", 0, "hex"), "N-B-2",
     ("temporary_bridges[0].hex", "N-B-2", "18.8 Temporary bridges",
      "N-B-2: a temporary bridge stands in a stream hex, not Clear")),
    (("temporary_bridges", 0, "hex"), "N-Z-9",
     ("temporary_bridges[0].hex", "N-Z-9", "2.1 Boards", "N-Z-9 is off the map")),
    (("naval", 0, "side"), "soviet",
     ("naval[0].side", None, "19.4 Naval support fire", "unknown side 'soviet'")),
    (("naval", 0, "first"), 5,
     ("naval[0].last", None, "19.4 Naval support fire",
      "naval fire from turn 5 to turn 3: the last turn comes before the first")),
    (("naval", 0, "last"), 9,
     ("naval[0].last", None, "19.4 Naval support fire",
      "naval fire's last turn, 9, is after the battle's last turn (8): choose a turn from 1 "
      "to 8")),
    (("no_entry",), {"soviet": ["N"]},
     ("no_entry.soviet", None, "QA SC4", "unknown side 'soviet'")),
    (("no_entry", "german", 0), "X",
     ("no_entry.german[0]", None, "QA SC4",
      "no board 'X' on the map: name one of the map's boards (N, S)")),
    (("sectors", 0, "boards", 0), "X",
     ("sectors[0].boards[0]", None, "QA SC1, SC2",
      "no board 'X' on the map: name one of the map's boards (N, S)")),
    (("armour_carries", 0), "soviet",
     ("armour_carries[0]", None, "6.1 Transport; QA T7, G7", "unknown side 'soviet'")),
    (("dd_survival",), 9,
     ("dd_survival", None, "the situation format (situation.schema.json)",
      "the DD survival roll must be a whole number from 1 to 6, not 9")),
    (("naval", 0, "points"), -1,
     ("naval[0].points", None, "the situation format (situation.schema.json)",
      "the naval fire points a turn must be a whole number from 1 to 1000, not -1")),
])
def test_a_special_rule_naming_what_the_situation_lacks_is_named_in_words(where, value, found):
    assert _problems(replaced(pl_situation_with_special_rules(), where, value)) == [found]


def test_a_force_afloat_with_no_landing_turn_is_named_and_nothing_else_is_built():
    doc = without(pl_situation_with_special_rules(), ("forces", 7, "land_turn"))
    assert _problems(doc) == [("forces[7].land_turn", None, "19.2 Amphibious landings",
                               "M4 DD Sherman afloat: set the landing turn (land_turn)")]


def test_two_cargo_counters_of_one_id_are_named():
    doc = pl_situation_with_special_rules()
    doc["cargo"].append({"id": "al-truck-bridge", "kind": "minefield", "carrier": "al-truck-1"})
    assert ("cargo[1].id", None, CARGO_RULE,
            "two cargo counters with the id 'al-truck-bridge': give each its own") \
        in _problems(doc)
