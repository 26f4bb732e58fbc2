"""The optional and experimental rules, switchable per game: smoke (22.3; QA SM1), field of
fire (22.2), the Q&A's engineering (18.9; QA EM1-EM6, TB1-TB5), and the special rules a
situation may bring (QA G5, G7, SC1-SC4, Note 1)."""

from __future__ import annotations

import pytest

from games.rules.common.errors import IllegalCommand
from games.rules.panzer_leader.combat.direct_fire import direct_attack
from games.rules.panzer_leader.core import scenario
from games.rules.panzer_leader.core.movement import reach
from games.rules.panzer_leader.core.state import Unit
from games.rules.panzer_leader.optional.options import DEFAULT_OPTIONS, EXPERIMENTAL

from .kit import clear, do, lab, world


def test_pl_d13_experimental_rules_are_off_by_default_and_each_rule_switches_per_game():
    assert {"turreted_afv", "field_of_fire", "smoke", "qa_engineering", "pl1940_bell"} == EXPERIMENTAL
    assert not DEFAULT_OPTIONS & EXPERIMENTAL
    assert {"opportunity_fire", "quick_time", "panzerblitz_assault", "naval_support",
            "no_self_destruction"} == DEFAULT_OPTIONS
    from games.rules.panzer_leader.ruleset import RULESET

    s = RULESET.opening_state("pl-hollenbach", ["smoke", "quick_time"])
    assert s.options == ["quick_time", "smoke"]
    with pytest.raises(ValueError, match="1940"):
        RULESET.opening_state("pl-hollenbach", ["pl1940_bell"])


def smoke_world(units, terrain=None, options=("smoke",)):
    return world(terrain or clear(10, 14), units=units, options=["opportunity_fire", *options])


def test_22_3_smoke_needs_25_points_and_the_experimental_rule():
    two_mortars = [("a", "us_mortar81", "allied", "4,0"), ("b", "us_mortar81", "allied", "5,0"),
                   ("e", "de_rifle", "german", "4,6")]
    s = smoke_world(two_mortars)
    with pytest.raises(IllegalCommand, match="25"):
        do(s, "allied", {"type": "smoke", "units": ["a", "b"], "hex": lab("4,5")})
    off = smoke_world([("h", "us_how105", "allied", "4,0")], options=())
    with pytest.raises(IllegalCommand, match="experimental"):
        do(off, "allied", {"type": "smoke", "units": ["h"], "hex": lab("4,5")})
    s = smoke_world([("h", "us_how105", "allied", "4,0"), ("e", "de_rifle", "german", "4,6")])
    s, ev = do(s, "allied", {"type": "smoke", "units": ["h"], "hex": lab("4,5")})
    assert s.smoke[lab("4,5")]["side"] == "allied" and s.units["h"].fired


def test_22_3_no_smoke_into_friends_streams_or_a_hex_fired_on_and_no_fire_into_new_smoke():
    s = smoke_world([("h", "us_how105", "allied", "4,0"), ("m", "us_m4", "allied", "3,0"),
                     ("r", "us_rifle", "allied", "4,5"), ("e", "de_rifle", "german", "4,6")])
    with pytest.raises(IllegalCommand, match="friendly"):
        do(s, "allied", {"type": "smoke", "units": ["h"], "hex": lab("4,5")})
    s2, _ = do(s, "allied", {"type": "fire", "units": ["m"], "targets": ["e"]}, 6)
    with pytest.raises(IllegalCommand, match="fired on"):
        do(s2, "allied", {"type": "smoke", "units": ["h"], "hex": lab("4,6")})
    s3, _ = do(s, "allied", {"type": "smoke", "units": ["h"], "hex": lab("4,6")})
    with pytest.raises(IllegalCommand, match="smoked"):
        direct_attack(s3, "allied", ["m"], ["e"])


def test_qa_experimental_sm1_smoke_blocks_the_line_even_where_another_unit_spots():
    woods = ["........."] * 8 + ["....w...."] + ["........."] * 5
    s = smoke_world([("h", "us_how105", "allied", "4,0"), ("m", "us_m4", "allied", "4,2"),
                     ("r", "us_rifle", "allied", "4,9"), ("e", "de_rifle", "german", "4,8")],
                    terrain=woods)
    direct_attack(s, "allied", ["m"], ["e"])  # spotted by the rifle beside it
    s.smoke[lab("4,5")] = {"side": "allied", "turn": 0, "flipped": True}
    with pytest.raises(IllegalCommand, match="smoke"):
        direct_attack(s, "allied", ["m"], ["e"])


def test_22_3_smoke_flips_at_the_next_combat_phase_and_lifts_at_the_one_after():
    s = smoke_world([("h", "us_how105", "allied", "4,0"), ("e", "de_rifle", "german", "4,6")])
    s, _ = do(s, "allied", {"type": "smoke", "units": ["h"], "hex": lab("4,5")})
    for _ in range(4 + 5):  # the rest of turn 1, the German segment
        s, _ = do(s, s.active_side, {"type": "end_phase"})
        if s.active_side == "allied" and s.phase == "combat":
            break
    assert s.turn == 2 and s.smoke[lab("4,5")]["flipped"]
    for _ in range(12):
        s, _ = do(s, s.active_side, {"type": "end_phase"})
        if s.turn == 3 and s.phase == "combat":
            break
    assert lab("4,5") not in s.smoke


def test_22_3_an_indirect_smoke_order_lays_smoke_when_it_lands():
    s = smoke_world([("h", "us_how105", "allied", "4,0"), ("r", "us_rifle", "allied", "4,9"),
                     ("e", "de_rifle", "german", "4,11")])
    s, _ = do(s, "allied", {"type": "order_indirect", "unit": "h", "hex": lab("4,11"),
                            "smoke": True})
    s.turn, s.indirect_done = 2, False
    s, ev = do(s, "allied", {"type": "resolve_indirect"})
    assert lab("4,11") in s.smoke and not [e for e in ev if e["type"] == "attack"]


def gun_world(facing=0, options=("field_of_fire",)):
    s = world(clear(10, 12), units=[("g", "de_at75", "german", "4,6"), ("n", "us_m4", "allied", "4,2"),
                                    ("b", "us_m4", "allied", "4,10")],
              options=list(options), active="german")
    s.units["g"].facing = facing
    return s


def test_22_2_a_gun_fires_only_into_the_120_degrees_it_faces():
    s = gun_world(0)
    direct_attack(s, "german", ["g"], ["n"])
    with pytest.raises(IllegalCommand, match="field of fire"):
        direct_attack(s, "german", ["g"], ["b"])
    direct_attack(gun_world(0, options=()), "german", ["g"], ["b"])  # the rule is off


def test_22_2_a_gun_turns_in_its_movement_phase_a_big_one_needs_a_carrier_with_it():
    s = gun_world(0)
    s.phase = "move_foot"
    s, _ = do(s, "german", {"type": "face", "unit": "g", "facing": 3})
    assert s.units["g"].facing == 3
    big = gun_world(0)
    big.units["g"].type_id = "de_flak88"
    big.phase = "move_foot"
    with pytest.raises(IllegalCommand, match="carrier"):
        do(big, "german", {"type": "face", "unit": "g", "facing": 3})
    big.units["t"] = Unit(id="t", type_id="de_truck", side="german", hex=lab("4,6"),
                          start_hex=lab("4,6"))
    big, _ = do(big, "german", {"type": "face", "unit": "g", "facing": 3})
    assert big.units["g"].facing == 3


def em_world(options=("qa_engineering",)):
    s = world(clear(), units=[("t", "us_truck", "allied", "4,3"), ("g", "us_engineer", "allied", "4,3")],
              phase="move_vehicles", options=list(options))
    s.cargo = {"m1": {"id": "m1", "kind": "minefield", "side": "allied", "carried_by": "t",
                      "hex": None}}
    return s


def work(s, units, task, cell, to=None, *dice):
    c = {"type": "engineer", "units": list(units), "task": task, "hex": lab(cell)}
    if to:
        c["to"] = lab(to)
    s, ev = do(s, "allied", c, *dice)
    s.turn += 1
    for u in units:
        s.units[u].moved = False
    return s, ev


def test_qa_experimental_em1_a_minefield_counter_is_unloaded_inverted_for_the_whole_ma():
    """PL-E11."""
    with pytest.raises(IllegalCommand, match="not in play"):
        do(em_world(options=()), "allied", {"type": "unload_cargo", "carrier": "t"})
    s, _ = do(em_world(), "allied", {"type": "unload_cargo", "carrier": "t"})
    mine = s.mines[lab("4,3")]
    assert mine["inverted"] and mine["emplacing"]["work"] == 0 and s.units["t"].mp_spent == 14
    blocked = em_world()
    blocked.blocks.append(lab("4,3"))  # never a minefield with a block (17.1)
    with pytest.raises(IllegalCommand, match="MN5, EM1"):
        do(blocked, "allied", {"type": "unload_cargo", "carrier": "t"})


def laid(s):
    s, _ = do(s, "allied", {"type": "unload_cargo", "carrier": "t"})
    s.phase = "move_foot"
    s.turn += 1  # the unloading turn does not count (EM2)
    return s


def test_qa_experimental_em2_em3_one_engineer_lays_a_minefield_in_sixteen_turns_then_moves_off():
    s = laid(em_world())
    for _ in range(15):
        s, _ = work(s, ["g"], "emplace_mine", "4,3")
    with pytest.raises(IllegalCommand, match="move off"):
        work(s, ["g"], "emplace_mine", "4,3")
    s, _ = work(s, ["g"], "emplace_mine", "4,3", "4,4")
    assert s.units["g"].hex == lab("4,4") and s.mines[lab("4,3")]["emplacing"]["live"]
    s.phase, s.active_side = "assault", "allied"
    s, ev = do(s, "allied", {"type": "end_phase"})
    assert "emplacing" not in s.mines[lab("4,3")] and [e for e in ev if e["type"] == "minefield_laid"]


def test_qa_experimental_em2_em4_two_engineers_take_eight_turns_and_the_rest_rescales():
    s = laid(em_world())
    s.units["h"] = Unit(id="h", type_id="us_engineer", side="allied", hex=lab("4,3"))
    s.units["k"] = Unit(id="k", type_id="us_engineer", side="allied", hex=lab("4,3"))
    s, _ = work(s, ["g", "h", "k"], "emplace_mine", "4,3")  # three: 4 of 16 a turn
    s, _ = work(s, ["g", "h", "k"], "emplace_mine", "4,3")
    s, _ = work(s, ["g", "h", "k"], "emplace_mine", "4,3")
    assert s.mines[lab("4,3")]["emplacing"]["work"] == 12  # three turns of the four
    s.units["k"].eliminated = True
    s, _ = work(s, ["g", "h"], "emplace_mine", "4,3", "4,4")  # two: one turn = two left...
    assert s.mines[lab("4,3")]["emplacing"]["work"] == 14
    s.units["g"].hex = s.units["h"].hex = lab("4,3")
    s, _ = work(s, ["g", "h"], "emplace_mine", "4,3", "4,4")
    assert s.mines[lab("4,3")]["emplacing"]["live"]  # ...as 1 x 4 = 2 x 2 = 3 x 1


def test_qa_experimental_em4_a_dispersed_engineer_stops_the_work_even_with_others_working():
    s = laid(em_world())
    s.units["h"] = Unit(id="h", type_id="us_engineer", side="allied", hex=lab("4,3"),
                        status="dispersed")
    with pytest.raises(IllegalCommand, match="dispersed"):
        work(s, ["g"], "emplace_mine", "4,3")


def test_qa_experimental_em5_an_inverted_minefield_attacks_nobody():
    s = laid(em_world())
    s.units["t"].hex = s.units["g"].hex = lab("1,1")
    s.units["e"] = Unit(id="e", type_id="de_rifle", side="german", hex=lab("4,2"))
    s.active_side, s.phase = "german", "move_foot"
    s, _ = do(s, "german", {"type": "move", "unit": "e", "to": lab("4,3")})
    assert s.units["e"].mine == ""


def test_qa_experimental_em6_minefields_of_the_starting_forces_are_live():
    s = world(clear(), units=[("r", "de_rifle", "german", "4,2")], mines=[("4,3", "allied")],
              phase="move_foot", active="german", options=["qa_engineering"])
    s, _ = do(s, "german", {"type": "move", "unit": "r", "to": lab("4,3")})
    assert s.units["r"].mine == "pending"


STREAM = ["........"] * 3 + ["~~~~~~~~"] + ["........"] * 4


def tb_world(kind="truck_bridge"):
    s = world(STREAM, units=[("t", "us_truck", "allied", "4,2"), ("g", "us_engineer", "allied", "4,2")],
              phase="move_vehicles", options=["qa_engineering"])
    s.cargo = {"b1": {"id": "b1", "kind": kind, "side": "allied", "carried_by": "t", "hex": None}}
    return s


def test_qa_experimental_tb1_tb2_a_bridge_counter_is_unloaded_beside_the_stream_and_carried_in():
    s, _ = do(tb_world(), "allied", {"type": "unload_cargo", "carrier": "t"})
    assert s.cargo["b1"]["hex"] == lab("4,2") and s.units["t"].mp_spent == 14
    s.phase, s.turn = "move_foot", 2
    s, ev = do(s, "allied", {"type": "engineer", "units": ["g"], "task": "place_bridge",
                             "hex": lab("4,3")})  # no stream roll asked for (TB2)
    assert s.units["g"].hex == lab("4,3") and not s.temp_bridges[lab("4,3")]["built"]
    far = tb_world()
    far.units["t"].hex = far.units["g"].hex = lab("4,0")
    with pytest.raises(IllegalCommand, match="TB1"):
        do(far, "allied", {"type": "unload_cargo", "carrier": "t"})


def placed(kind="truck_bridge"):
    s, _ = do(tb_world(kind), "allied", {"type": "unload_cargo", "carrier": "t"})
    s.phase, s.turn = "move_foot", 2
    s, _ = do(s, "allied", {"type": "engineer", "units": ["g"], "task": "place_bridge",
                            "hex": lab("4,3")})
    s.turn += 1
    s.units["g"].moved = False
    return s


def test_qa_experimental_tb3_tb5_a_truck_bridge_takes_one_engineer_twelve_turns_then_carries():
    s = placed()
    for _ in range(11):
        s, _ = work(s, ["g"], "build_bridge", "4,3")
    assert not s.temp_bridges[lab("4,3")]["built"]
    s, ev = work(s, ["g"], "build_bridge", "4,3")
    assert s.temp_bridges[lab("4,3")]["built"] and [e for e in ev if e["type"] == "bridge_built"]
    s.units["g"].hex = lab("4,2")
    s.phase = "move_vehicles"
    s.units["t"].mp_spent, s.units["t"].moved, s.units["t"].op_done = 0.0, False, ""
    assert lab("4,4") in reach(s, s.units["t"])


def test_qa_experimental_tb3_a_tank_bridge_needs_four_engineers():
    s = placed("tank_bridge")
    with pytest.raises(IllegalCommand, match="needs 4"):
        work(s, ["g"], "build_bridge", "4,3")


def test_qa_experimental_tb4_no_work_while_one_is_dispersed_and_losses_cost_no_time():
    s = placed()
    s, _ = work(s, ["g"], "build_bridge", "4,3")
    s.units["h"] = Unit(id="h", type_id="us_engineer", side="allied", hex=lab("4,3"),
                        status="dispersed")
    with pytest.raises(IllegalCommand, match="dispersed"):
        work(s, ["g"], "build_bridge", "4,3")
    s.units["h"].status = "ok"
    s.units["g"].eliminated = True
    s, _ = work(s, ["h"], "build_bridge", "4,3")
    assert s.temp_bridges[lab("4,3")]["progress"] == 2  # the replacement keeps the time


def test_qa_experimental_tb5_a_bridge_may_be_fired_on_while_it_is_built():
    from games.rules.panzer_leader.core.bridges import bridge_attack

    s = placed()
    s.units["x"] = Unit(id="x", type_id="de_at75", side="german", hex=lab("4,6"))
    a = bridge_attack(s, "german", [s.units["x"]], lab("4,3"), "direct")
    assert a.targets == [f"bridge:{lab('4,3')}"]


def test_qa_game_procedure_g5_a_force_that_cannot_enter_at_all_has_no_battle():
    s = world(clear(4, 4), units=[(f"b{i}", "de_rifle", "german", "0,0") for i in range(4)],
              phase="air")
    s.units["a"] = Unit(id="a", type_id="us_rifle", side="allied", entry_turn=1, entry=[lab("0,0")])
    s, ev = do(s, "allied", {"type": "end_phase"})
    assert s.result["reason"] == "no_battle" and "G5" in s.result["why"]
    way_in = world(clear(4, 4), units=[("b", "de_rifle", "german", "0,0")], phase="air")
    way_in.units["a"] = Unit(id="a", type_id="us_m4", side="allied", entry_turn=1,
                             entry=[lab("0,0"), lab("0,1")])
    way_in, _ = do(way_in, "allied", {"type": "end_phase"})
    assert way_in.result is None


def test_qa_game_procedure_g7_a_situations_special_rule_lets_allied_armour_carry():
    s = world(clear(), units=[("m", "us_m4", "allied", "4,0"), ("r", "us_rifle", "allied", "4,0"),
                              ("p", "us_m7", "allied", "4,0")], phase="move_vehicles")
    with pytest.raises(IllegalCommand, match="carries nothing"):
        do(s, "allied", {"type": "load", "carrier": "m", "passenger": "r"})
    scenario.scenario_for(s.scenario_id).raw["armour_carries"] = ["allied"]
    s2, _ = do(s, "allied", {"type": "load", "carrier": "m", "passenger": "r"})
    assert s2.units["r"].carried_by == "m"
    with pytest.raises(IllegalCommand):  # the M-7 never carries (QA T7)
        do(s, "allied", {"type": "load", "carrier": "p", "passenger": "r"})


def test_qa_scenarios_sc1_sc2_a_sector_bounds_movement_over_two_boards_never_fire():
    two = world(clear(8, 4), units=[("m", "us_m4", "allied", "2,1"), ("e", "de_rifle", "german", "6,1")],
                phase="move_vehicles")
    raw = scenario.scenario_for(two.scenario_id).raw
    raw["sectors"] = [{"units": ["m"], "boards": ["X", "Y"]}]  # boards named X and Y only
    assert not reach(two, two.units["m"])  # board T is outside: it may not move there
    raw["sectors"] = [{"units": ["m"], "boards": ["T"]}]
    assert reach(two, two.units["m"])
    two.phase = "combat"
    raw["sectors"] = [{"units": ["m"], "boards": ["X"]}]
    direct_attack(two, "allied", ["m"], ["e"])  # fire ignores sectors (QA SC1)


def test_qa_scenarios_sc3_not_until_the_enemy_is_near_governs_the_roll_not_the_start():
    bridge = ["........"] * 3 + ["~~~~~~~~"] + ["........"] * 4
    s = world(bridge, units=[("g", "us_engineer", "allied", "4,3"), ("v", "us_truck", "allied", "4,2")],
              roads=[[[4, r] for r in range(8)]], phase="move_foot")
    s.units["g"].vehicle = "v"
    scenario.scenario_for(s.scenario_id).raw["demolition_within"] = 5
    for _ in range(3):
        s, _ = work(s, ["g"], "demolish", "4,3")  # starting is allowed
    with pytest.raises(IllegalCommand, match="SC3"):
        work(s, ["g"], "demolish", "4,3", "4,4", 1)
    s.units["e"] = Unit(id="e", type_id="de_rifle", side="german", hex=lab("4,7"))
    s, _ = work(s, ["g"], "demolish", "4,3", "4,4", 1)
    assert lab("4,3") in s.blown


def test_qa_scenarios_sc4_a_side_barred_from_a_board_may_not_enter_any_hex_of_it():
    s = world(clear(), units=[("m", "de_pz4", "german", "4,0")], phase="move_vehicles",
              active="german")
    scenario.scenario_for(s.scenario_id).raw["no_entry"] = {"german": ["T"]}
    assert not reach(s, s.units["m"])


def test_qa_pl1940_note1_no_self_destruction_is_a_switchable_player_rule_qa_combat_general_c4():
    units = [("a", "us_m4", "allied", "4,4"), ("b", "us_m4", "allied", "4,1")]
    with pytest.raises(IllegalCommand, match="C4"):
        direct_attack(world(clear(), units=units), "allied", ["b"], ["a"])
    allowed = world(clear(), units=units, options=["opportunity_fire"])
    assert direct_attack(allowed, "allied", ["b"], ["a"]).targets == ["a"]
