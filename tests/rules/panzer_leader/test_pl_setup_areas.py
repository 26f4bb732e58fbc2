"""Set-up areas in Panzer Leader (23.1; PL-E1): a situation may let a side place some of its
units in areas drawn on the map before turn 1. The check finds what cannot be set up; the
game opens with a set-up phase, the side that does not set up last placing first; nobody
sees where the other side's counters go until it has finished; the side that sets up last
keeps out of sight where its area lets it (23.2; QA G9)."""

from __future__ import annotations

import json

import pytest

from games.rules.common.dice import SeededDice
from games.rules.common.errors import IllegalCommand
from games.rules.registry import ruleset
from tests.designkit import pl_setup_situation, played

PL = ruleset("panzer_leader")


def opening(doc=None):
    doc = doc or pl_setup_situation()
    PL.load_document(doc)
    return PL.opening_state(doc["id"])


def play(state, seat, **command):
    return PL.apply(state, seat, command, SeededDice("setup")).state


def placed(state, placements):
    """The state after the side placing now has put each (unit, hex) and finished."""
    seat = PL.who_may_act(state)[0]
    for uid, label in placements:
        state = play(state, seat, type="deploy", unit=uid, hex=label)
    return play(state, seat, type="setup_done")


def problems(doc):
    return PL.check_scenario(doc)


def areas(doc, side):
    return next(s for s in doc["sides"] if s["id"] == side)["setup_areas"]


# -- the check ----------------------------------------------------------------------------------


def test_pl_e1_a_situation_whose_forces_set_up_in_areas_passes_the_check():
    assert problems(pl_setup_situation()) == []


def test_pl_e1_a_unit_in_two_areas_is_a_problem_of_the_second_area():
    doc = pl_setup_situation()
    areas(doc, "german").append({"name": "Woods", "hexes": ["N-D-4"], "units": ["ge-mg-1"]})
    [p] = problems(doc)
    assert p["field"] == "sides[1].setup_areas[1].units[0]"
    assert "already in set-up area 'Village'" in p["message"] and "PL-E1" in p["rule"]


def test_pl_e1_an_area_hex_off_the_map_is_named_with_its_field_and_hex():
    doc = pl_setup_situation()
    areas(doc, "german")[0]["hexes"].append("N-Z-9")
    [p] = problems(doc)
    assert (p["field"], p["hex"]) == ("sides[1].setup_areas[0].hexes[3]", "N-Z-9")
    assert "off the map" in p["message"]


def test_pl_e1_an_area_too_small_for_its_units_at_four_counters_a_hex_5():
    doc = pl_setup_situation()
    doc["forces"][2]["count"] = 4  # four rifles and the machine-gun: five counters
    areas(doc, "german")[0].update(hexes=["N-G-4"], units=[
        "ge-rifle-1", "ge-rifle-2", "ge-rifle-3", "ge-rifle-4", "ge-mg-1"])
    [p] = problems(doc)
    assert p["field"] == "sides[1].setup_areas[0]"
    assert "cannot hold its units" in p["message"] and p["rule"].startswith("5 Stacking")


def test_pl_e1_an_area_whose_terrain_a_unit_could_never_enter_qa_g8():
    doc = pl_setup_situation()
    doc["boards"]["N"]["terrain"][1] = "~~.w...."  # N-A-2 and N-B-2: a stream
    areas(doc, "allied")[0]["hexes"] = ["N-A-2", "N-B-2"]
    found = problems(doc)
    assert [p["field"] for p in found] == ["sides[0].setup_areas[0].units[0]",
                                            "sides[0].setup_areas[0].units[1]"]
    assert "terrain M-4/75 units may enter" in found[0]["message"]
    assert found[0]["rule"] == "23.2 Set-up; QA G8"


def test_pl_e1_an_area_hex_of_the_other_sides_area_or_units_is_a_problem_4_5():
    doc = pl_setup_situation()
    areas(doc, "allied")[0]["hexes"].append("N-G-4")  # the sides are read in their order
    [p] = problems(doc)
    assert (p["field"], p["hex"]) == ("sides[1].setup_areas[0].hexes[1]", "N-G-4")
    assert "also in side 'allied'" in p["message"] and p["rule"] == "4.5 One side a hex"
    doc = pl_setup_situation()
    doc["forces"].append({"side": "german", "type": "de_rifle", "at": ["N-A-3"]})
    [p] = problems(doc)
    assert p["hex"] == "N-A-3" and "set up by the scenario" in p["message"]


def test_pl_e1_a_force_with_no_hex_no_entry_and_no_area_is_off_the_map():
    doc = pl_setup_situation()
    areas(doc, "allied")[0]["units"] = ["al-m4-1"]
    [p] = problems(doc)
    assert p["field"] == "forces[0].at" and "no place in a set-up area" in p["message"]


def test_pl_e1_a_unit_of_an_area_that_also_has_set_up_hexes_is_a_problem():
    doc = pl_setup_situation()
    doc["forces"][0]["at"] = ["N-A-2"]
    found = problems(doc)
    assert found and {p["field"] for p in found} == {"sides[0].setup_areas[0].units[0]",
                                                      "sides[0].setup_areas[0].units[1]"}
    assert "placed by its player" in found[0]["message"]


def test_pl_e1_a_situation_with_no_areas_opens_at_turn_1_as_before():
    doc = pl_setup_situation()
    for side in doc["sides"]:
        del side["setup_areas"]
    doc["forces"][0]["at"] = ["N-A-2", "N-A-3"]
    doc["forces"][2]["at"] = doc["forces"][3]["at"] = ["N-G-4"]
    s = opening(doc)
    assert (s.phase, s.active_side) == ("combat", "allied")


# -- the set-up phase ---------------------------------------------------------------------------


def test_pl_e1_the_side_that_does_not_set_up_last_places_first_then_the_attacker():
    s = opening()
    assert (s.phase, s.active_side, PL.who_may_act(s)) == ("setup", "german", ("german",))
    assert PL.legal_commands(s, "allied") == {}
    offered = PL.legal_commands(s, "german")
    assert set(offered) == {"deploy"}
    assert {(c["unit"], c["hex"]) for c in offered["deploy"]} == {
        (u, h) for u in ("ge-rifle-1", "ge-mg-1") for h in ("N-G-3", "N-G-4", "N-H-4")}
    with pytest.raises(IllegalCommand, match="starts with the set-up"):
        play(s, "german", type="end_phase")
    s = placed(s, [("ge-rifle-1", "N-G-4"), ("ge-mg-1", "N-H-4")])
    assert (s.phase, s.active_side, PL.who_may_act(s)) == ("setup", "allied", ("allied",))
    s = placed(s, [("al-m4-1", "N-A-2"), ("al-m4-2", "N-A-2")])
    assert (s.phase, s.turn, s.active_side) == ("combat", 1, "allied")
    assert {u.id: u.hex for u in s.units.values() if u.hex} == {
        "ge-rifle-1": "N-G-4", "ge-mg-1": "N-H-4", "al-m4-1": "N-A-2", "al-m4-2": "N-A-2"}
    with pytest.raises(IllegalCommand, match="set-up is over"):
        play(s, "allied", type="deploy", unit="al-m4-1", hex="N-A-3")


def test_pl_e1_the_situation_may_name_the_side_that_sets_up_last():
    s = opening(pl_setup_situation(setup_last="german"))
    assert (s.phase, s.active_side) == ("setup", "allied")
    [p] = problems(pl_setup_situation(setup_last="soviet"))
    assert p["field"] == "setup_last" and "unknown side 'soviet'" in p["message"]


def test_pl_e1_a_placement_outside_the_area_is_refused_and_changes_nothing():
    s = opening()
    before = PL.state_hash(s)
    for hex_label, words in (("N-A-2", "not in set-up area 'Village'"),
                             ("N-Q-9", "not a hex of this map")):
        with pytest.raises(IllegalCommand, match=words):
            play(s, "german", type="deploy", unit="ge-rifle-1", hex=hex_label)
    with pytest.raises(IllegalCommand, match="no unit 'al-m4-1' to place"):
        play(s, "german", type="deploy", unit="al-m4-1", hex="N-G-4")
    with pytest.raises(IllegalCommand, match="not your turn"):
        play(s, "allied", type="deploy", unit="al-m4-1", hex="N-A-2")
    assert PL.state_hash(s) == before


def test_pl_e1_a_unit_is_taken_back_and_the_side_finishes_only_with_everything_placed():
    s = play(opening(), "german", type="deploy", unit="ge-rifle-1", hex="N-G-4")
    with pytest.raises(IllegalCommand, match="place ge-mg-1 first"):
        play(s, "german", type="setup_done")
    with pytest.raises(IllegalCommand, match="already in N-G-4"):
        play(s, "german", type="deploy", unit="ge-rifle-1", hex="N-G-3")
    assert PL.legal_commands(s, "german")["undeploy"] == [{"type": "undeploy",
                                                            "unit": "ge-rifle-1"}]
    s = play(s, "german", type="undeploy", unit="ge-rifle-1")
    assert s.units["ge-rifle-1"].hex is None
    s = play(s, "german", type="deploy", unit="ge-rifle-1", hex="N-G-3")
    s = play(s, "german", type="deploy", unit="ge-mg-1", hex="N-G-3")
    assert PL.legal_commands(s, "german")["setup_done"] == [{"type": "setup_done"}]


def test_pl_e1_four_counters_a_hex_5_and_no_placement_that_leaves_no_room_for_the_rest():
    """Four rifles and a Panzer IV for the village and a stream hex beside it: the tank can
    stand only in the village (a vehicle never sets up in a stream, QA G8), so once three
    rifles are there the fourth is offered the stream only."""
    doc = pl_setup_situation()
    doc["boards"]["N"]["terrain"][4] = "...w~..."  # N-E-5: a stream
    doc["forces"][2]["count"] = 4
    doc["forces"][3] = {"side": "german", "type": "de_pz4", "count": 1}
    areas(doc, "german")[0].update(hexes=["N-G-4", "N-E-5"], units=[
        "ge-rifle-1", "ge-rifle-2", "ge-rifle-3", "ge-rifle-4", "ge-pz4-1"])
    assert problems(doc) == []
    s = opening(doc)
    for n in (1, 2, 3):
        s = play(s, "german", type="deploy", unit=f"ge-rifle-{n}", hex="N-G-4")
    hexes = {c["hex"] for c in PL.legal_commands(s, "german")["deploy"]
             if c["unit"] == "ge-rifle-4"}
    assert hexes == {"N-E-5"}
    with pytest.raises(IllegalCommand, match="could not all be placed after this"):
        play(s, "german", type="deploy", unit="ge-rifle-4", hex="N-G-4")
    s = play(s, "german", type="deploy", unit="ge-pz4-1", hex="N-G-4")
    with pytest.raises(IllegalCommand, match="four counters already"):
        play(s, "german", type="deploy", unit="ge-rifle-4", hex="N-G-4")


def test_pl_e1_qa_game_procedure_g9_the_last_side_keeps_out_of_sight_where_its_area_lets_it():
    """The Allies set up last: N-F-2, east of the wood, is in the sight of the Germans in the
    village; N-A-2 behind the wood is not. While N-A-2 has room a Sherman may not go to N-F-2;
    an area all in sight is set up anyway, as many units unseen as can be (QA G9)."""
    doc = pl_setup_situation()
    areas(doc, "allied")[0]["hexes"] = ["N-F-2", "N-A-2"]
    s = placed(opening(doc), [("ge-rifle-1", "N-G-4"), ("ge-mg-1", "N-G-4")])
    offered = {(c["unit"], c["hex"]) for c in PL.legal_commands(s, "allied")["deploy"]}
    assert offered == {("al-m4-1", "N-A-2"), ("al-m4-2", "N-A-2")}
    with pytest.raises(IllegalCommand, match=r"in sight of .*N-A-2 of its area is out of sight \(23.2\)"):
        play(s, "allied", type="deploy", unit="al-m4-1", hex="N-F-2")
    doc = pl_setup_situation()
    areas(doc, "allied")[0]["hexes"] = ["N-F-2", "N-F-3"]
    s = placed(opening(doc), [("ge-rifle-1", "N-G-4"), ("ge-mg-1", "N-G-4")])
    s = placed(s, [("al-m4-1", "N-F-2"), ("al-m4-2", "N-F-3")])
    assert s.phase == "combat"


def test_pl_e1_the_same_placements_give_the_same_state():
    one = placed(opening(), [("ge-rifle-1", "N-G-4"), ("ge-mg-1", "N-G-3")])
    two = placed(opening(), [("ge-mg-1", "N-G-3"), ("ge-rifle-1", "N-G-4")])
    assert PL.state_hash(one) == PL.state_hash(two)


# -- nobody sees a set-up in progress -----------------------------------------------------------


def twins():
    """Two games where the Germans placed differently, not yet finished."""
    one = play(opening(), "german", type="deploy", unit="ge-rifle-1", hex="N-G-4")
    two = play(opening(), "german", type="deploy", unit="ge-mg-1", hex="N-H-4")
    return one, two


def test_pl_e1_the_other_side_and_spectators_learn_nothing_of_a_set_up_in_progress_byte_for_byte():
    one, two = twins()
    for audience in (("side", "allied"), ("seat", "allied"), ("spectator", "public")):
        assert json.dumps(PL.view_for(one, audience)) == json.dumps(PL.view_for(two, audience))
    own = PL.view_for(one, ("side", "german"))
    assert {u["id"]: u["hex"] for u in own["units"] if u["own"]} == {"ge-rifle-1": "N-G-4",
                                                                       "ge-mg-1": None}
    assert own["setup_areas"] == [{"name": "Village", "hexes": ["N-G-3", "N-G-4", "N-H-4"],
                                   "units": ["ge-rifle-1", "ge-mg-1"]}]
    assert "setup_areas" not in PL.view_for(one, ("side", "allied"))
    # Asking why a Sherman may not go to a hex tells the Allies nothing either.
    for label in ("N-G-4", "N-H-4"):
        assert PL.why_not(one, "allied", ["al-m4-1"], label) == PL.why_not(
            two, "allied", ["al-m4-1"], label)
    assert PL.why_not(one, "german", ["ge-mg-1"], "N-G-4")["actions"] == [
        {"action": "deploy", "ok": True, "reasons": []}]
    # The log of a placement is the placing side's alone.
    step = PL.apply(opening(), "german", {"type": "deploy", "unit": "ge-rifle-1",
                                          "hex": "N-G-4"}, SeededDice("setup"))
    for audience in (("side", "allied"), ("spectator", "public")):
        assert PL.redact_events(step.events, audience, step.state) == []
    [seen] = PL.redact_events(step.events, ("side", "german"), step.state)
    assert (seen["type"], seen["units"], seen["hex"]) == ("deployed", ["ge-rifle-1"], "N-G-4")


def test_pl_e1_the_side_setting_up_last_sees_the_first_sides_finished_set_up():
    s = placed(opening(), [("ge-rifle-1", "N-G-4"), ("ge-mg-1", "N-G-3")])
    seen = {u["id"]: u["hex"] for u in PL.view_for(s, ("side", "allied"))["units"]
            if u["side"] == "german"}
    assert seen == {"ge-rifle-1": "N-G-4", "ge-mg-1": "N-G-3"}
    s = play(s, "allied", type="deploy", unit="al-m4-1", hex="N-A-2")
    public = {u["id"]: u["hex"] for u in PL.view_for(s, ("spectator", "public"))["units"]}
    assert public["al-m4-1"] is None and public["ge-mg-1"] == "N-G-3"


def test_pl_e1_an_export_of_a_game_with_a_set_up_replays_to_the_same_state():
    start = opening()
    steps, state = played(PL, start, [("german", {"type": "deploy", "unit": "ge-rifle-1", "hex": "N-G-4"}),
                          ("german", {"type": "deploy", "unit": "ge-mg-1", "hex": "N-G-4"}),
                          ("german", {"type": "setup_done"}),
                          ("allied", {"type": "deploy", "unit": "al-m4-1", "hex": "N-A-2"}),
                          ("allied", {"type": "deploy", "unit": "al-m4-2", "hex": "N-A-3"}),
                          ("allied", {"type": "setup_done"}),
                          ("allied", {"type": "end_phase"})])
    assert (state.phase, state.active_side) != ("setup", "allied")
    assert PL.verify(PL.export(start, "replayed", steps, state)) == "OK 7 steps"
