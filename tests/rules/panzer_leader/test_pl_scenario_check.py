"""The designer's check of a Panzer Leader situation document: every problem names its field,
the hex where it stands and the rule (Ruleset.check_scenario)."""

from __future__ import annotations

import json

import pytest

from games.rules.panzer_leader.core.scenario import scenario_for
from games.rules.registry import ruleset
from tests.designkit import pl_situation as situation_doc

PL = ruleset("panzer_leader")


def test_every_bundled_situation_is_a_valid_document():
    for path in PL.scenario_files():
        sid = json.loads(path.read_text())["id"]
        assert PL.check_scenario(PL.scenario_document(sid)) == [], sid


def test_a_bundled_file_is_a_document_as_it_stands():
    for path in PL.scenario_files():
        assert PL.check_scenario(json.loads(path.read_text())) == [], path.name


def test_a_small_situation_from_a_blank_board_passes():
    assert PL.check_scenario(situation_doc()) == []


def test_it_finds_five_counters_in_a_hex_under_rule_5():
    doc = situation_doc()
    doc["forces"].append({"side": "german", "type": "de_smg", "at": ["N-G-4"], "count": 3})
    [p] = PL.check_scenario(doc)
    assert (p["field"], p["hex"]) == ("forces[2].at", "N-G-4")
    assert p["rule"].startswith("5 Stacking") and "5 counters" in p["message"]


def test_it_refuses_both_sides_in_one_hex():
    doc = situation_doc()
    doc["forces"][0]["at"] = ["N-G-4", "N-A-3"]
    found = [p for p in PL.check_scenario(doc) if p["rule"].startswith("4.5")]
    assert found and found[0]["hex"] == "N-G-4"


def test_it_names_a_unit_off_the_map():
    doc = situation_doc()
    doc["forces"][2]["at"] = ["N-K-4"]
    [p] = PL.check_scenario(doc)
    assert (p["field"], p["hex"]) == ("forces[2].at[0]", "N-K-4")
    assert "off the map" in p["message"] and p["rule"] == "2.1 Boards"


def test_a_force_with_no_hex_and_no_entry_is_off_the_map():
    doc = situation_doc()
    del doc["forces"][3]["at"]
    [p] = PL.check_scenario(doc)
    assert p["field"] == "forces[3].at" and "no set-up hex" in p["message"]


def test_it_names_an_unknown_counter_type():
    doc = situation_doc()
    doc["forces"][0]["type"] = "us_death_star"
    [p] = PL.check_scenario(doc)
    assert p["field"] == "forces[0].type" and "unknown counter type" in p["message"]


def test_reinforcements_need_entry_hexes():
    doc = situation_doc()
    doc["forces"][1]["entry"] = []
    [p] = PL.check_scenario(doc)
    assert p["field"] == "forces[1].entry" and "need entry hexes" in p["message"]


def test_reinforcements_after_the_last_turn_are_refused():
    doc = situation_doc(turns=1)
    [p] = PL.check_scenario(doc)
    assert p["field"] == "forces[1].entry_turn"


def test_an_attacker_who_cannot_reach_marginal_has_no_way_to_win():
    """PL-E27: 2 an objective and 1 a defending unit fall short of marginal (23.4)."""
    doc = situation_doc()
    doc["victory"]["levels"] = {"decisive": 9, "tactical": 8, "marginal": 7}
    [p] = PL.check_scenario(doc)
    assert p["field"] == "victory.levels.marginal" and "no way to win" in p["message"]
    assert "at most 4" in p["message"] and p["rule"] == "23.4 Victory"


def test_an_attacker_without_units_is_told_to_place_a_counter_for_each_side():
    doc = situation_doc()
    doc["forces"] = doc["forces"][2:]
    [p] = PL.check_scenario(doc)
    assert p["field"] == "forces" and p["rule"] == "23 Situations"
    assert p["message"] == "place at least one counter for each side: Allied has none yet"


def test_a_vehicle_set_up_in_a_swamp_breaks_qa_g8():
    doc = situation_doc()
    doc["boards"]["N"]["terrain"][1] = "x..w...."
    [p] = PL.check_scenario(doc)
    assert (p["field"], p["hex"]) == ("forces[0].at", "N-A-2")
    assert "23.2" in p["rule"]


def test_schema_errors_name_the_field():
    doc = situation_doc()
    doc["forces"][0]["count"] = "two"
    [p] = PL.check_scenario(doc)
    assert p["field"] == "forces[0].count" and "situation.schema.json" in p["rule"]


def test_a_drawn_board_is_checked_row_by_row():
    doc = situation_doc()
    doc["boards"]["N"]["elevation"][2] = "000"
    [p] = PL.check_scenario(doc)
    assert p["field"] == "boards.N.elevation[2]" and "expected 8" in p["message"]


def test_a_board_named_nowhere_is_refused():
    doc = situation_doc()
    doc["map"][0]["board"] = "Q"
    [p] = PL.check_scenario(doc)
    assert p["field"] == "map[0].board" and "no board 'Q'" in p["message"]


def test_a_board_path_cannot_leave_the_boards_folder():
    doc = situation_doc()
    doc["map"][0]["board"] = "../counters"
    assert [p["field"] for p in PL.check_scenario(doc)] == ["map[0].board"]


def test_too_many_counters_break_the_size_limit():
    doc = situation_doc()
    doc["forces"] += [{"side": "german", "type": "de_rifle", "count": 100,
                       "entry_turn": 2, "entry": ["N-H-1"]}] * 7
    [p] = PL.check_scenario(doc)
    assert (p["field"], p["rule"]) == ("units", "size limits")


@pytest.mark.parametrize("doc", [None, [], "situation", 3])
def test_anything_but_an_object_is_one_problem(doc):
    [p] = PL.check_scenario(doc)
    assert p["field"] == "(top)"


def test_a_draft_never_stands_in_for_a_bundled_situation_while_checked():
    doc = situation_doc(id="pl-hollenbach")
    assert PL.check_scenario(doc) == []
    assert scenario_for("pl-hollenbach").map.boards[0]["board"] == "A"


def test_a_checked_document_is_playable_under_its_own_id():
    info = PL.load_document(situation_doc(id="design-test-pl-outpost"))
    state = PL.opening_state(info.id, None, None)
    assert PL.who_may_act(state) == ("allied",)
    assert PL.map_payload(info.id)["boards"] == [
        {"label": "N", "columns": 8, "rows": 6, "at": [0, 0]}]


def test_the_board_draws_a_drafts_map_as_it_draws_a_games():
    drawn = PL.document_map(situation_doc())
    assert next(h for h in drawn["hexes"] if h["hex"] == "N-G-4")["terrain"] == "town"
    assert any("green" in s["features"] for s in drawn["hexsides"])  # the wood's edge (2.3)
    assert PL.document_map(PL.scenario_document("pl-hollenbach")) == PL.map_payload(
        "pl-hollenbach")


def test_a_map_that_cannot_be_laid_out_is_a_value_error():
    doc = situation_doc()
    doc["map"][0]["board"] = "Q"
    with pytest.raises(ValueError, match="map"):
        PL.document_map(doc)


def test_the_counter_catalogue_offers_every_type_as_the_board_draws_it():
    found = PL.counter_catalogue()
    assert found["us_m4"] == PL.counter_types("pl-hollenbach")["us_m4"]


def test_the_check_lists_every_independent_problem_in_one_pass():
    # An aircraft flying after the last turn once hid every set-up problem behind it.
    doc = situation_doc(id="pl-one-pass")
    doc["aircraft"] = [{"side": "allied", "type": "us_p47", "first": 9, "ordnance": "bombs"}]
    doc["forces"][1]["entry_turn"] = 12
    doc["forces"][0]["at"] = ["N-E-2", "N-A-3"]  # a Sherman in the open, in sight (23.2)
    doc["forces"].append({"side": "allied", "type": "us_m4", "count": 5, "at": ["N-A-5"] * 5})
    found = PL.check_scenario(doc)
    assert {p["field"] for p in found} >= {"aircraft[0].first", "forces[1].entry_turn",
                                          "forces[0].at", "forces[4].at"}
    by_field = {p["field"]: p for p in found}
    assert by_field["aircraft[0].first"]["message"].startswith("P-47")
    assert by_field["forces[1].entry_turn"]["message"].startswith("2 x Rifle Platoon enter")


def test_a_problem_names_counters_by_their_names_says_the_limit_and_cites_its_rule_once():
    doc = situation_doc()
    doc["forces"][0]["at"] = ["N-E-2", "N-A-3"]
    doc["forces"].append({"side": "allied", "type": "us_m4", "count": 5, "at": ["N-A-5"] * 5})
    found = PL.check_scenario(doc)
    seen = next(p for p in found if p["rule"].startswith("23.2"))
    # The unit's name and hex first, no internal id, and what to do (23.2).
    assert seen["message"].startswith("M-4/75 at N-E-2 is in the open in sight of the enemy's ")
    assert "out of the enemy's sight" in seen["message"] and "al-" not in seen["message"]
    stacked = next(p for p in found if p["rule"].startswith("5 "))
    assert stacked["message"] == ("N-A-5: 5 counters, over the limit of 4 a hex; move some to "
                                  "another hex")
    for p in found:
        number = p["rule"].split()[0]
        assert f"({number})" not in p["message"], p


def test_a_unit_set_up_where_it_cannot_go_is_named_by_its_counter_and_hex_qa_g8():
    doc = situation_doc()
    doc["boards"]["N"]["terrain"][1] = "=..w...."  # N-A-2 is sea
    found = PL.check_scenario(doc)
    assert any("on the sea" in p["message"] and p["message"].startswith("M-4/75 at N-A-2")
               for p in found), found
