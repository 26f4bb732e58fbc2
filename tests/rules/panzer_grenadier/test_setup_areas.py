"""Set-up areas (D-SETUP-1..3): a scenario may let each side place some of its units in areas
drawn on the map before turn 1. The check finds what cannot be set up; the game starts with
a set-up phase, the side that sets up first placing its units, then the other; nobody sees
where the other side's counters go until it has finished."""

from __future__ import annotations

import json

import pytest

from games.rules.common.dice import SeededDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.core.state import seat_of_unit
from games.rules.registry import ruleset
from tests.designkit import pg_setup_battle, played

PG = ruleset("panzer_grenadier")


def opening(doc=None, options=None):
    doc = doc or pg_setup_battle()
    PG.load_document(doc)
    state = PG.opening_state(doc["id"], options)
    return PG.arm(state, options or [], "a secret") if options else state


def play(state, seat, **command):
    return PG.apply(state, seat, command, SeededDice("setup")).state


def placed(state, placements):
    """The state after the side placing now has put each (unit, hex) and finished."""
    seat = PG.who_may_act(state)[0]
    for uid, label in placements:
        state = play(state, seat, type="deploy", unit=uid, hex=label)
    return play(state, seat, type="setup_done")


def problems(doc):
    return PG.check_scenario(doc)


# -- the check ----------------------------------------------------------------------------------


def test_a_battle_whose_forces_set_up_in_areas_passes_the_check():
    assert problems(pg_setup_battle()) == []


def test_a_unit_in_two_areas_is_a_problem_of_the_second_area_d_setup_1():
    doc = pg_setup_battle()
    doc["sides"][1]["setup_areas"].append({"name": "Woods", "hexes": ["A0805"],
                                           "units": ["su-2"]})
    [p] = problems(doc)
    assert p["field"] == "sides[1].setup_areas[1].units[0]"
    assert "already in set-up area 'Village'" in p["message"] and p["rule"].startswith("D-SETUP-1")


def test_an_area_hex_off_the_map_is_named_with_its_field_and_hex():
    doc = pg_setup_battle()
    doc["sides"][1]["setup_areas"][0]["hexes"].append("A0909")
    [p] = problems(doc)
    assert (p["field"], p["hex"]) == ("sides[1].setup_areas[0].hexes[4]", "A0909")
    assert "is not on the map" in p["message"]


def test_an_area_too_small_for_its_units_under_the_stacking_limit_4_1():
    doc = pg_setup_battle()
    doc["units"] += [{"id": f"su-x{i}", "type": "su_rifle", "side": "defender"} for i in range(2)]
    area = doc["sides"][1]["setup_areas"][0]
    area["hexes"], area["units"] = ["A0604"], ["su-1", "su-2", "su-x0", "su-x1"]
    [p] = problems(doc)
    assert p["field"] == "sides[1].setup_areas[0]" and p["rule"] == "4.1 Stacking"
    assert "cannot hold its units" in p["message"]


def test_an_area_whose_terrain_its_unit_may_not_enter_5_1():
    doc = pg_setup_battle()
    doc["boards"]["board1"]["terrain"][2] = ".....ss."  # A0603 and A0703: swamp
    doc["units"].append({"id": "su-t", "type": "su_t34_76", "side": "defender"})
    doc["sides"][1]["setup_areas"].append({"name": "Marsh", "hexes": ["A0603", "A0703"],
                                           "units": ["su-t"]})
    found = problems(doc)
    assert [p["field"] for p in found] == ["sides[1].setup_areas[1].units[0]"]
    # The rule is cited once, beside the message (5.1).
    assert found[0]["message"].endswith("may enter") and found[0]["rule"].startswith("5.1")


def test_an_area_sharing_a_hex_with_the_other_sides_area_is_a_problem():
    doc = pg_setup_battle()
    doc["sides"][0]["setup_areas"][0]["hexes"].append("A0604")
    [p] = problems(doc)  # found on the second area to name it, in the document's order
    assert (p["field"], p["hex"]) == ("sides[1].setup_areas[0].hexes[1]", "A0604")
    assert "also in side 'attacker'" in p["message"]


def test_a_unit_with_no_hex_entry_carrier_or_area_is_a_problem():
    doc = pg_setup_battle()
    doc["sides"][0]["setup_areas"][0]["units"] = ["ge-1"]
    [p] = problems(doc)
    assert p["field"] == "units[1]" and "set-up area" in p["message"]


def test_a_unit_of_an_area_that_also_has_a_hex_is_a_problem():
    doc = pg_setup_battle()
    doc["units"][0]["hex"] = "A0102"
    [p] = problems(doc)
    assert p["field"] == "sides[0].setup_areas[0].units[0]"
    assert "placed by its player" in p["message"]


# -- the set-up phase ---------------------------------------------------------------------------


def test_the_game_starts_with_the_set_up_of_the_side_that_sets_up_first_d_setup_1():
    s = opening()
    assert (s.phase, s.active_side) == ("setup", "defender")
    assert PG.who_may_act(s) == ("defender",)
    assert PG.legal_commands(s, "attacker") == {}
    legal = PG.legal_commands(s, "defender")
    assert list(legal) == ["deploy"]  # nothing placed yet: nothing to take back or finish
    assert {c["hex"] for c in legal["deploy"]} == {"A0603", "A0604", "A0703", "A0704"}
    assert {c["unit"] for c in legal["deploy"]} == {"su-1", "su-2"}


def test_a_placement_outside_the_area_is_refused_and_changes_nothing():
    s = opening()
    for bad in ({"type": "deploy", "unit": "su-1", "hex": "A0503"},  # next to the area
                {"type": "deploy", "unit": "ge-1", "hex": "A0603"},  # the other side's unit
                {"type": "deploy", "unit": "su-1", "hex": "Z9999"},
                {"type": "roll_initiative"}):
        before = PG.encode_state(s)
        with pytest.raises(IllegalCommand):
            PG.apply(s, "defender", bad, SeededDice("setup"))
        assert PG.encode_state(s) == before
    with pytest.raises(IllegalCommand, match="other side is setting up"):
        PG.apply(s, "attacker", {"type": "deploy", "unit": "ge-1", "hex": "A0101"},
                 SeededDice("setup"))


def test_stacking_is_honoured_in_the_area_4_1():
    doc = pg_setup_battle()
    doc["units"] += [{"id": f"su-x{i}", "type": "su_rifle", "side": "defender"} for i in range(2)]
    doc["sides"][1]["setup_areas"][0]["units"] += ["su-x0", "su-x1"]
    s = opening(doc)
    for uid in ("su-1", "su-2", "su-x0"):
        s = play(s, "defender", type="deploy", unit=uid, hex="A0604")
    assert not [c for c in PG.legal_commands(s, "defender")["deploy"] if c["hex"] == "A0604"]
    with pytest.raises(IllegalCommand, match="limit is 3"):
        PG.apply(s, "defender", {"type": "deploy", "unit": "su-x1", "hex": "A0604"},
                 SeededDice("setup"))


def test_a_placement_that_would_leave_no_room_for_the_rest_is_not_offered_d_setup_2():
    """The tank may enter only A0603; three rifles there would leave it nowhere to go."""
    doc = pg_setup_battle()
    doc["boards"]["board1"]["terrain"][3] = "......s."  # A0704: swamp, no vehicles
    doc["units"] += [{"id": "su-x", "type": "su_rifle", "side": "defender"},
                     {"id": "su-t", "type": "su_t34_76", "side": "defender"}]
    area = doc["sides"][1]["setup_areas"][0]
    area["hexes"], area["units"] = ["A0603", "A0704"], ["su-1", "su-2", "su-x", "su-t"]
    assert problems(doc) == []
    s = opening(doc)
    s = play(s, "defender", type="deploy", unit="su-1", hex="A0603")
    s = play(s, "defender", type="deploy", unit="su-2", hex="A0603")
    offered = {c["hex"] for c in PG.legal_commands(s, "defender")["deploy"] if c["unit"] == "su-x"}
    assert offered == {"A0704"}
    with pytest.raises(IllegalCommand, match="D-SETUP-2"):
        PG.apply(s, "defender", {"type": "deploy", "unit": "su-x", "hex": "A0603"},
                 SeededDice("setup"))
    tank = {c["hex"] for c in PG.legal_commands(s, "defender")["deploy"] if c["unit"] == "su-t"}
    assert tank == {"A0603"}  # the swamp is no place for a tank (5.1)


def test_a_unit_is_taken_back_and_the_side_finishes_only_with_everything_placed():
    s = opening()
    s = play(s, "defender", type="deploy", unit="su-1", hex="A0603")
    assert PG.legal_commands(s, "defender")["undeploy"] == [{"type": "undeploy", "unit": "su-1"}]
    assert "setup_done" not in PG.legal_commands(s, "defender")
    with pytest.raises(IllegalCommand, match="place su-2 first"):
        PG.apply(s, "defender", {"type": "setup_done"}, SeededDice("setup"))
    s = play(s, "defender", type="undeploy", unit="su-1")
    assert s.units["su-1"].hex is None
    s = placed(s, [("su-1", "A0604"), ("su-2", "A0703")])
    assert (s.phase, s.active_side) == ("setup", "attacker")
    s = placed(s, [("ge-1", "A0101"), ("ge-2", "A0103")])
    assert (s.phase, s.active_side, s.turn) == ("initiative", None, 1)
    assert PG.legal_commands(s, "attacker") == {"roll_initiative": [{"type": "roll_initiative"}]}
    with pytest.raises(IllegalCommand, match="set-up is over"):
        PG.apply(s, "attacker", {"type": "undeploy", "unit": "ge-1"}, SeededDice("setup"))


def test_the_same_placements_give_the_same_state_d_setup_1():
    a = placed(opening(), [("su-1", "A0604"), ("su-2", "A0703")])
    b = placed(opening(), [("su-1", "A0604"), ("su-2", "A0703")])
    assert PG.state_hash(a) == PG.state_hash(b)


# -- team games (D-SETUP-4) ---------------------------------------------------------------------


def sector_opening():
    """The defender's two players under Sector Command (D-SECTOR-1): d-1 holds the west band
    (columns 0-3) and places both platoons (the deal gives it every unit outside a formation),
    d-2 the east band (4-7), where the village lies; the area reaches into the west band."""
    doc = pg_setup_battle()
    doc["sides"][1]["setup_areas"][0]["hexes"] += ["A0203", "A0204"]
    PG.load_document(doc)
    seats = {"a-1": ("attacker", None), "d-1": ("defender", None), "d-2": ("defender", None)}
    s = PG.opening_state(doc["id"], ["sector_command"], seats)
    assert {x.id: x.sector for x in s.seats if x.side == "defender"} == {"d-1": (0, 3),
                                                                        "d-2": (4, 7)}
    return s


def test_the_player_who_placed_a_unit_in_a_partners_sector_takes_it_back_d_setup_4():
    s = play(sector_opening(), "d-1", type="deploy", unit="su-1", hex="A0603")
    assert PG.legal_commands(s, "d-1")["undeploy"] == [{"type": "undeploy", "unit": "su-1"}]
    back = play(s, "d-1", type="undeploy", unit="su-1")
    assert back.units["su-1"].hex is None
    assert {c["unit"] for c in PG.legal_commands(back, "d-1")["deploy"]} == {"su-1", "su-2"}


def test_the_sectors_owner_may_not_take_back_a_partners_placement_d_setup_4():
    s = play(sector_opening(), "d-1", type="deploy", unit="su-1", hex="A0603")
    assert PG.legal_commands(s, "d-2") == {}
    before = PG.encode_state(s)
    with pytest.raises(IllegalCommand, match="d-1 places su-1") as exc:
        PG.apply(s, "d-2", {"type": "undeploy", "unit": "su-1"}, SeededDice("setup"))
    assert exc.value.rule == "D-SETUP-4" and PG.encode_state(s) == before


def test_once_the_set_up_is_over_the_sectors_owner_commands_the_unit_d_sector_1():
    s = placed(sector_opening(), [("su-1", "A0603"), ("su-2", "A0203")])
    s = placed(s, [("ge-1", "A0101"), ("ge-2", "A0103")])
    assert s.phase == "initiative"
    assert {uid: seat_of_unit(s, s.units[uid]) for uid in ("su-1", "su-2")} == {"su-1": "d-2",
                                                                               "su-2": "d-1"}


# -- hidden information (D-SETUP-3) -------------------------------------------------------------


def twins(options=None, doc=None):
    """Two games where the defender placed its platoons differently, not yet finished."""
    one, two = opening(doc, options), opening(doc, options)
    one = play(one, "defender", type="deploy", unit="su-1", hex="A0603")
    two = play(two, "defender", type="deploy", unit="su-2", hex="A0704")
    return one, two


def test_the_other_side_and_spectators_learn_nothing_of_a_set_up_in_progress_byte_for_byte():
    one, two = twins()
    for audience in (("side", "attacker"), ("spectator", "public")):
        assert json.dumps(PG.view_for(one, audience)) == json.dumps(PG.view_for(two, audience))
    own = PG.view_for(one, ("side", "defender"))
    assert {u["id"]: u["hex"] for u in own["units"] if u["own"]} == {"su-1": "A0603",
                                                                       "su-2": None}
    assert own["setup_areas"][0]["name"] == "Village"
    assert "setup_areas" not in PG.view_for(one, ("side", "attacker"))
    # The log of a placement tells the other side and the spectators nothing.
    step = PG.apply(opening(), "defender", {"type": "deploy", "unit": "su-1", "hex": "A0603"},
                    SeededDice("setup"))
    for audience in (("side", "attacker"), ("spectator", "public")):
        assert PG.redact_events(step.events, audience, step.state) == []
    assert PG.redact_events(step.events, ("side", "defender"), step.state) == [
        {"type": "deployed", "side": "defender", "units": ["su-1"], "hex": "A0603"}]


def test_the_side_setting_up_second_sees_the_first_sides_finished_set_up_in_open_play():
    s = placed(opening(), [("su-1", "A0604"), ("su-2", "A0703")])
    seen = {u["id"]: u["hex"] for u in PG.view_for(s, ("side", "attacker"))["units"]
            if not u["own"]}
    assert seen == {"su-1": "A0604", "su-2": "A0703"}
    public = {u["id"] for u in PG.view_for(s, ("spectator", "public"))["units"]}
    assert public == {"su-1", "su-2"}  # the attacker's area units are still its own


def test_with_hidden_units_a_set_up_in_progress_is_not_in_contact_byte_for_byte():
    """Under 17.8 every enemy counter on the map that is not hidden is in contact: the
    defender's placements would be, were they on the map for the attacker before it is done."""
    doc = pg_setup_battle()
    doc["units"].append({"id": "ge-o", "type": "ge_rifle", "side": "attacker", "hex": "A0201"})
    one, two = twins(["hidden_units"], doc)
    for audience in (("side", "attacker"), ("spectator", "public")):
        assert json.dumps(PG.view_for(one, audience)) == json.dumps(PG.view_for(two, audience))


def test_double_blind_the_second_side_learns_nothing_beyond_spotting_byte_for_byte():
    """In double-blind the first side's set-up is not shown to the second side while the
    first side places, nor beyond what its counters spot while it places its own: the
    defender's platoons in heavy woods out of sight of the attacker's edge differ unseen."""
    options = ["double_blind"]
    doc = pg_setup_battle()
    doc["boards"]["board1"]["terrain"][2:4] = [".....WW."] * 2  # the village area: woods
    one, two = twins(options, doc)
    for audience in (("side", "attacker"), ("spectator", "public")):
        assert json.dumps(PG.view_for(one, audience)) == json.dumps(PG.view_for(two, audience))
    one = placed(opening(doc, options), [("su-1", "A0603"), ("su-2", "A0604")])
    two = placed(opening(doc, options), [("su-1", "A0704"), ("su-2", "A0703")])
    one = play(one, "attacker", type="deploy", unit="ge-1", hex="A0101")
    two = play(two, "attacker", type="deploy", unit="ge-1", hex="A0101")
    for audience in (("side", "attacker"), ("spectator", "public")):
        assert json.dumps(PG.view_for(one, audience)) == json.dumps(PG.view_for(two, audience))


def test_control_of_a_victory_hex_is_recorded_once_the_set_up_is_over_d_setup_1():
    doc = pg_setup_battle()
    doc["victory"]["hexes"][0]["holder"] = None
    s = placed(opening(doc), [("su-1", "A0604"), ("su-2", "A0703")])

    def control(state):
        return [m for m in PG.view_for(state, ("side", "defender"))["markers"]
                if "control:defender" in m["markers"]]

    assert control(s) == []  # the attacker has yet to set up: nothing is taken before
    s = placed(s, [("ge-1", "A0101"), ("ge-2", "A0102")])
    assert control(s) == [{"hex": "A0604", "markers": ["control:defender"]}]


def test_an_area_still_empty_is_no_problem_and_its_side_has_nothing_to_place():
    """A designer draws an area before choosing its counters: the attacker's forces are set up
    by the scenario again and its empty area asks nothing of its player."""
    doc = pg_setup_battle()
    doc["units"][0]["hex"], doc["units"][1]["hex"] = "A0101", "A0102"
    doc["sides"][0]["setup_areas"][0]["units"] = []
    assert problems(doc) == []
    s = placed(opening(doc), [("su-1", "A0604"), ("su-2", "A0703")])
    assert s.phase == "initiative"


def test_why_not_says_why_a_unit_may_not_be_placed_in_a_hex_d_setup_1():
    s = opening()
    [no] = PG.why_not(s, "defender", ["su-1"], "A0101")["actions"]
    assert (no["action"], no["ok"]) == ("deploy", False)
    assert no["reasons"][0]["message"] == ("1st Rifle platoon: A0101 is not in set-up area "
                                           "'Village' (D-SETUP-1)")
    [yes] = PG.why_not(s, "defender", ["su-1"], "A0604")["actions"]
    assert yes == {"action": "deploy", "ok": True, "reasons": []}


def test_an_export_of_a_game_with_a_set_up_replays_to_the_same_state_d_setup_1():
    start = opening()
    steps, state = played(PG, start, [("defender", {"type": "deploy", "unit": "su-1", "hex": "A0604"}),
                          ("defender", {"type": "deploy", "unit": "su-2", "hex": "A0703"}),
                          ("defender", {"type": "setup_done"}),
                          ("attacker", {"type": "deploy", "unit": "ge-1", "hex": "A0101"}),
                          ("attacker", {"type": "deploy", "unit": "ge-2", "hex": "A0103"}),
                          ("attacker", {"type": "setup_done"}),
                          ("attacker", {"type": "roll_initiative"})])
    assert state.phase == "action"
    replayed = PG.verify(PG.export(start, "replayed", steps, state))
    assert PG.state_hash(replayed) == PG.state_hash(state)


def test_a_hex_the_unit_may_not_enter_is_refused_by_its_terrain_name_not_its_key_5_1():
    doc = pg_setup_battle()
    board = doc["boards"]["board1"]
    board["terrain"][2] = board["terrain"][2][:5] + "R" + board["terrain"][2][6:]  # A0603
    state = opening(doc)
    with pytest.raises(IllegalCommand) as refused:
        play(state, PG.who_may_act(state)[0], type="deploy", unit="su-1", hex="A0603")
    assert "A0603 is major river, which foot units may not enter (5.1)" in refused.value.message
    assert "major_river" not in refused.value.message
