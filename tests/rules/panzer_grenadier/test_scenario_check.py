"""The designer's check of a Panzer Grenadier scenario document: every problem names its field,
the hex where it stands and the rule (Ruleset.check_scenario)."""

from __future__ import annotations

import copy
import json

import pytest

from games.rules.registry import ruleset
from tests.designkit import pg_battle as battle

PG = ruleset("panzer_grenadier")


def fields(problems: list[dict]) -> list[str]:
    return [p["field"] for p in problems]


def test_every_bundled_scenario_is_a_valid_document():
    for path in PG.scenario_files():
        sid = json.loads(path.read_text())["id"]
        assert PG.check_scenario(PG.scenario_document(sid)) == [], sid


def test_a_bundled_file_is_a_document_as_it_stands():
    import json

    from games.rules.panzer_grenadier.core.scenario import SCENARIO_DIR

    for path in sorted(SCENARIO_DIR.glob("*.json")):
        assert PG.check_scenario(json.loads(path.read_text())) == [], path.name


def test_a_small_battle_from_a_blank_board_passes():
    assert PG.check_scenario(battle()) == []


def test_it_finds_impossible_stacking_on_the_hex_under_rule_4():
    doc = battle()
    doc["units"] += [{"id": f"ge-x{i}", "type": "ge_rifle", "side": "attacker", "hex": "A0102"}
                     for i in range(4)]
    found = [p for p in PG.check_scenario(doc) if p["rule"] == "4.1 Stacking"]
    assert found and found[0]["hex"] == "A0102"
    assert found[0]["field"].startswith("units[") and found[0]["field"].endswith(".hex")


def test_it_refuses_two_sides_in_one_hex():
    doc = battle()
    doc["units"][2]["hex"] = "A0102"
    [p] = PG.check_scenario(doc)
    assert (p["field"], p["hex"]) == ("units[2].hex", "A0102")
    assert "already holds units" in p["message"] and p["rule"].startswith("4.0")


def test_it_names_a_unit_off_the_map():
    doc = battle()
    doc["units"][0]["hex"] = "A0909"
    [p] = PG.check_scenario(doc)
    assert p["field"] == "units[0].hex" and p["hex"] == "A0909"
    assert "not on the map" in p["message"]


def test_it_names_an_unknown_counter_type():
    doc = battle()
    doc["units"][1]["type"] = "ge_death_star"
    [p] = PG.check_scenario(doc)
    assert p["field"] == "units[1].type" and "unknown unit type" in p["message"]
    assert p["rule"].startswith("0.0 Unit data")


def test_a_reinforcement_needs_its_entry_edge():
    doc = battle()
    doc["units"].append({"id": "ge-late", "type": "ge_rifle", "side": "attacker",
                         "entry_turn": 3})
    found = PG.check_scenario(doc)
    assert fields(found) == ["units[4]"]
    assert "entry_turn with entry_edge" in found[0]["message"]


def test_an_entry_hex_must_lie_on_its_edge():
    doc = battle()
    doc["units"].append({"id": "ge-late", "type": "ge_rifle", "side": "attacker",
                         "entry_turn": 3, "entry_edge": "W", "entry_hex": "A0504"})
    [p] = PG.check_scenario(doc)
    assert (p["field"], p["hex"]) == ("units[4].entry_hex", "A0504")
    assert p["rule"].startswith("16.5")


def test_a_battle_nobody_can_score_in_has_no_way_to_win():
    """D-DESIGN-1: no objective, exit or loss scores a point."""
    doc = battle()
    doc["victory"]["hexes"][0]["points"] = 0
    [p] = PG.check_scenario(doc)
    assert p["field"] == "victory" and "no way to win" in p["message"]


def test_a_threshold_out_of_reach_has_no_way_to_win():
    """D-DESIGN-1: the side cannot score the points its threshold asks."""
    doc = battle()
    doc["victory"]["decision"] = {"method": "threshold", "side": "attacker", "at_least": 4}
    [p] = PG.check_scenario(doc)
    assert p["field"] == "victory.decision.at_least"
    assert "at most 3 points" in p["message"]


def test_a_side_without_units_is_named():
    doc = battle()
    doc["units"] = doc["units"][:2]
    assert [p["message"] for p in PG.check_scenario(doc)] == [
        "place at least one counter for each side: Defender has none yet"]


def test_schema_errors_name_the_field():
    doc = battle(turns="eight")
    [p] = PG.check_scenario(doc)
    assert p["field"] == "turns" and "scenario.schema.json" in p["rule"]


def test_a_drawn_board_is_checked_row_by_row():
    doc = battle()
    doc["boards"]["board1"]["terrain"][2] = "....."
    found = PG.check_scenario(doc)
    assert "boards.board1.terrain[2]" in fields(found)


def test_a_board_past_the_size_limit_is_refused_before_it_is_built():
    doc = battle()
    doc["boards"]["board1"].update(columns=60, rows=60)
    [p] = PG.check_scenario(doc)
    assert (p["field"], p["rule"]) == ("boards.board1", "size limits")


@pytest.mark.parametrize("doc", [None, [], "scenario", 3])
def test_anything_but_an_object_is_one_problem(doc):
    [p] = PG.check_scenario(doc)
    assert p["field"] == "(top)"


def test_a_checked_document_is_playable_under_its_own_id():
    doc = copy.deepcopy(battle(id="design-test-pg-village"))
    info = PG.load_document(doc)
    assert info.id == "design-test-pg-village"
    state = PG.opening_state(info.id, None, None)
    assert set(PG.who_may_act(state)) == {"attacker", "defender"}
    assert PG.map_payload(info.id)["boards"]


def test_loading_a_broken_document_is_refused():
    with pytest.raises(ValueError, match="units\\[0\\].hex"):
        PG.load_document(battle(id="design-test-pg-broken", units=[
            {"id": "x", "type": "ge_rifle", "side": "attacker", "hex": "A0909"}]))


def test_the_board_draws_a_drafts_map_as_it_draws_a_games():
    doc = battle()
    doc["boards"]["board1"]["terrain"][3] = ".....t.."
    drawn = PG.document_map(doc)
    town = next(h for h in drawn["hexes"] if h["hex"] == "A0604")
    assert town["terrain"] == "town" and len(drawn["hexes"]) == 48
    assert PG.document_map(PG.scenario_document("meeting-at-kessel")) == PG.map_payload(
        "meeting-at-kessel")


def test_a_map_that_cannot_be_laid_out_is_a_value_error():
    doc = battle()
    doc["map"]["boards"][0]["board"] = "nowhere"
    with pytest.raises(ValueError, match="unknown board"):
        PG.document_map(doc)


def test_the_counter_catalogue_offers_every_type_with_its_printed_values():
    found = PG.counter_catalogue()
    assert found["ge_rifle"]["nationality"] == "german" and "full" in found["ge_rifle"]
    assert found["ge_rifle"] == PG.counter_types("meeting-at-kessel")["ge_rifle"]


def test_d_tec_rail_a_railway_is_no_kind_of_road():
    doc = battle()
    board = next(iter(doc["boards"].values()))
    board["roads"] = [{"kind": "railway", "hexes": ["0101", "0201"]}]
    found = PG.check_scenario(doc)
    assert found and all("roads[0].kind" in p["field"] for p in found)
    del board["roads"]
    board["railways"] = [["0101", "0201"]]  # nor a feature of its own
    assert PG.check_scenario(doc)


def test_the_check_lists_every_independent_problem_in_one_pass():
    # "turns: 0" once hid a counter off the map and an unknown counter type.
    doc = battle()
    doc["turns"] = 0
    doc["units"][0]["hex"] = "A9999"
    doc["units"][1]["type"] = "ge_nothing"
    found = PG.check_scenario(doc)
    assert fields(found) == ["turns", "units[0].hex", "units[1].type"]
    assert found[0]["message"] == "a battle lasts at least one turn, not 0"


def test_a_field_the_schema_refuses_is_not_checked_again():
    doc = battle()
    doc["units"][0]["hex"] = 7  # the schema's; no "not on the map" after it
    doc["units"][3]["hex"] = "A0909"
    assert fields(PG.check_scenario(doc)) == ["units[0].hex", "units[3].hex"]


def test_a_blank_board_asks_for_a_counter_on_each_side():
    [p] = PG.check_scenario(PG.blank_document(8, 6))
    assert p["field"] == "units"
    assert p["message"] == "no counters yet: place at least one counter for each side"


def test_a_problem_leads_with_the_counter_names_terrain_as_the_chart_does_and_cites_once():
    doc = battle()
    doc["boards"]["board1"]["terrain"][1] = "RRRRRRRR"  # row 2: major river
    doc["units"].append({"id": "ge-3", "type": "ge_rifle", "side": "attacker", "hex": "A0502",
                         "name": "Kampfgruppe Weber"})
    doc["units"] += [{"id": f"ge-{n}", "type": "ge_rifle", "side": "attacker", "hex": "A0103"}
                     for n in (4, 5, 7)]
    doc["units"].append({"id": "ge-6", "type": "ge_rifle", "side": "attacker", "entry_turn": 2,
                         "entry_edge": "W", "entry_hex": "A0504"})
    found = PG.check_scenario(doc)
    messages = [p["message"] for p in found]
    assert "Kampfgruppe Weber at A0502: foot units may not enter major river; place it on " \
           "other ground" in messages
    assert "Grenadier platoon at A0103: 4 combat units would be in the hex; the limit is 3 " \
           "per side" in messages  # (4.1) is the rule beside it, not in the message too
    assert "Grenadier platoon enters at A0504, which is not on the west edge it enters by; " \
           "pick a hex on that edge" in messages
    assert not any("_" in m or "units[" in m for m in messages)
