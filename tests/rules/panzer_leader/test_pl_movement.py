"""Movement, roads, stacking, transport, streams, Quick-Time and exits: worked cases (§28)
and Q&A items (§26)."""

from __future__ import annotations

import pytest

from games.rules.common.errors import IllegalCommand
from games.rules.panzer_leader.combat.crt import charts
from games.rules.panzer_leader.core.movement import reach, terrain_cost
from games.rules.panzer_leader.core.state import state_hash
from games.rules.panzer_leader.core.units import catalogue
from games.rules.panzer_leader.legal import legal_commands

from .kit import clear, do, hexof, lab, world

ROAD = [[4, r] for r in range(8)]


def moving(terrain=None, units=(), phase="move_vehicles", **kw):
    return world(terrain or clear(), units=units, phase=phase, **kw)


def test_qa_movement_m3_vehicles_move_first_then_everything_else():
    s = moving(units=[("r", "us_rifle", "allied", "4,4"), ("m", "us_m4", "allied", "4,5")])
    with pytest.raises(IllegalCommand, match="vehicles move first"):
        do(s, "allied", {"type": "move", "unit": "r", "to": lab("4,3")})
    s.phase = "move_foot"
    with pytest.raises(IllegalCommand, match="vehicles move first"):
        do(s, "allied", {"type": "move", "unit": "m", "to": lab("4,6")})


def test_tc32_qa_movement_m2_a_vehicle_without_the_mp_may_not_enter_an_ma_1_unit_always_may():
    s = moving(["....x..."] * 8, units=[("t", "us_truck", "allied", "3,4")])
    s.units["t"].mp_spent = 13  # of 14
    assert lab("4,4") not in reach(s, s.units["t"])  # swamp prohibited anyway; a clear hex
    s.units["t"].mp_spent = 13  # costs a truck 2: not with 1 MP left
    assert lab("2,4") not in reach(s, s.units["t"])
    foot = moving(["....x..."] * 8, units=[("r", "us_rifle", "allied", "3,4")], phase="move_foot")
    assert lab("4,4") in reach(foot, foot.units["r"])  # swamp costs 2, MA 1 moves one hex


def test_qa_road_movement_r1_road_rate_holds_on_a_slope_road():
    s = moving(clear(8, 8), units=[("m", "us_m4", "allied", "4,0")], roads=[ROAD],
               elevation=["00000000", "11111111", "11111111", "11111111"] + ["00000000"] * 4)
    cost, _ = reach(s, s.units["m"])[lab("4,3")]
    assert cost == 1.5


def test_qa_road_movement_r3_road_rate_is_optional():
    s = moving(units=[("m", "us_m4", "allied", "4,0")], roads=[ROAD])
    assert lab("5,0") in reach(s, s.units["m"])  # off the road at the normal cost


def test_tc33_qa_road_movement_r0_a_road_hex_with_three_counters_is_entered_at_terrain_cost():
    units = [(f"x{i}", "us_rifle", "allied", "4,3") for i in range(3)]
    s = moving(units=[*units, ("m", "us_m4", "allied", "4,2")], roads=[ROAD])
    assert reach(s, s.units["m"])[lab("4,3")][0] == 1  # not 1/2
    s.units["y"] = type(s.units["m"])(id="y", type_id="us_rifle", side="allied", hex=lab("4,3"))
    assert lab("4,3") not in reach(s, s.units["m"]) and lab("4,4") not in {
        p[-1] for c, p in reach(s, s.units["m"]).values() if lab("4,3") in p}


def test_qa_road_movement_r2_a_crowded_town_hex_still_costs_half():
    units = [(f"x{i}", "us_rifle", "allied", "4,3") for i in range(3)]
    s = moving(["....t..."] * 8, units=[*units, ("m", "us_m4", "allied", "4,2")], roads=[ROAD])
    assert reach(s, s.units["m"])[lab("4,3")][0] == 0.5


def test_qa_road_movement_r4_a_road_only_hex_with_more_than_two_may_not_be_entered():
    woods = ["........", "........", "........", "....w...", "........", "........", "........",
             "........"]
    units = [(f"x{i}", "us_rifle", "allied", "4,3") for i in range(3)]
    s = moving(woods, units=[*units, ("m", "us_m4", "allied", "4,2")], roads=[ROAD])
    assert lab("4,3") not in reach(s, s.units["m"])
    s2 = moving(woods, units=[("m", "us_m4", "allied", "4,2")], roads=[ROAD])
    assert lab("4,3") in reach(s2, s2.units["m"])


def test_qa_movement_m4_vehicles_and_wagons_never_cross_a_woods_edge_off_the_road():
    woods = ["....w..."] * 8
    s = moving(woods, units=[("w", "de_wagon", "german", "3,4")], active="german")
    assert lab("4,4") not in reach(s, s.units["w"])


def test_qa_stacking_s1_never_more_than_four_even_passing_through():
    units = [(f"x{i}", "us_rifle", "allied", "4,3") for i in range(4)]
    s = moving(["wwww.www"] * 8, units=[*units, ("m", "us_m4", "allied", "4,2")])
    assert lab("4,4") not in reach(s, s.units["m"])  # the only way on is through the full hex


def test_qa_combat_general_c3_a_dispersed_enemy_still_blocks_its_hex():
    s = moving(units=[("m", "us_m4", "allied", "4,2"), ("e", "de_rifle", "german", "4,3")])
    s.units["e"].status = "dispersed"
    assert lab("4,3") not in reach(s, s.units["m"])


def test_tc35_a_truck_loads_infantry_for_half_its_ma_then_moves_the_rest():
    """PL-E7: one move command for the whole move, after the carrier's operation."""
    s = moving(units=[("t", "us_truck", "allied", "4,0"), ("r", "us_rifle", "allied", "4,0")])
    s, _ = do(s, "allied", {"type": "load", "carrier": "t", "passenger": "r"})
    assert s.units["t"].mp_spent == 7 and s.units["r"].carried_by == "t"  # half of 14
    s, _ = do(s, "allied", {"type": "move", "unit": "t", "to": lab("4,3")})  # 3 hexes x 2
    assert s.units["r"].hex == lab("4,3")


def test_tc35_a_105mm_gun_takes_the_whole_ma_to_unload():
    s = moving(units=[("t", "us_truck", "allied", "4,0"), ("g", "us_how105", "allied", "4,0")],
               loaded=[("t", "g")])
    s, _ = do(s, "allied", {"type": "unload", "carrier": "t"})
    assert s.units["t"].mp_spent == 14
    with pytest.raises(IllegalCommand):
        do(s, "allied", {"type": "move", "unit": "t", "to": lab("4,1")})


def test_tc36_qa_transporting_t1_a_fourth_carrier_may_not_unload_into_a_full_hex():
    units = [(f"r{i}", "us_rifle", "allied", "4,0") for i in range(3)]
    s = moving(units=[*units, ("t", "us_truck", "allied", "4,0"), ("p", "us_rifle", "allied", "4,0")],
               loaded=[("t", "p")])
    with pytest.raises(IllegalCommand, match="five"):
        do(s, "allied", {"type": "unload", "carrier": "t"})


def test_qa_transporting_t7_allied_armour_carries_nothing():
    s = moving(units=[("m", "us_m4", "allied", "4,0"), ("r", "us_rifle", "allied", "4,0")])
    with pytest.raises(IllegalCommand, match="carries nothing"):
        do(s, "allied", {"type": "load", "carrier": "m", "passenger": "r"})


def test_qa_transporting_t5_pl_d10_german_armour_takes_rifles_not_mg_or_mortars():
    s = moving(units=[("p", "de_panther", "german", "4,0"), ("r", "de_rifle", "german", "4,0"),
                      ("g", "de_mg", "german", "4,0"), ("o", "de_mortar81", "german", "4,0")],
               active="german")
    for bad in ("g", "o"):
        with pytest.raises(IllegalCommand, match="QA T5"):
            do(s, "german", {"type": "load", "carrier": "p", "passenger": bad})
    s, _ = do(s, "german", {"type": "load", "carrier": "p", "passenger": "r"})
    assert s.units["r"].carried_by == "p"


def test_qa_transporting_t6_german_spa_carries_nothing():
    s = moving(units=[("w", "de_wespe", "german", "4,0"), ("r", "de_rifle", "german", "4,0")],
               active="german")
    with pytest.raises(IllegalCommand):
        do(s, "german", {"type": "load", "carrier": "w", "passenger": "r"})


def test_a_carrier_loads_or_unloads_once_a_phase_never_both():
    s = moving(units=[("t", "us_truck", "allied", "4,0"), ("r", "us_rifle", "allied", "4,0")])
    s, _ = do(s, "allied", {"type": "load", "carrier": "t", "passenger": "r"})
    with pytest.raises(IllegalCommand, match="never both"):
        do(s, "allied", {"type": "unload", "carrier": "t"})


def test_tc31_qa_streams_st2_a_failed_stream_roll_stops_the_unit_where_it_was():
    stream = ["....~..."] * 8
    s = moving(stream, units=[("r", "us_rifle", "allied", "3,4")], phase="move_foot")
    s, ev = do(s, "allied", {"type": "move", "unit": "r", "to": lab("4,4")}, 4)
    assert s.units["r"].hex == lab("3,4") and s.units["r"].stopped
    s2 = moving(stream, units=[("r", "us_rifle", "allied", "3,4")], phase="move_foot")
    s2, _ = do(s2, "allied", {"type": "move", "unit": "r", "to": lab("4,4")}, 2)
    assert s2.units["r"].hex == lab("4,4")


def test_qa_streams_st1_a_unit_stays_in_a_stream_hex_without_rolling_again():
    stream = ["....~..."] * 8
    s = moving(stream, units=[("r", "us_rifle", "allied", "4,4")], phase="move_foot")
    s, ev = do(s, "allied", {"type": "end_phase"})  # it stays: no roll, nothing happens
    assert s.units["r"].hex == lab("4,4") and not [e for e in ev if "stream" in e["type"]]
    s2 = moving(stream, units=[("r", "us_rifle", "allied", "4,4")], phase="move_foot")
    s2, _ = do(s2, "allied", {"type": "move", "unit": "r", "to": lab("3,4")})  # out: no roll
    assert s2.units["r"].hex == lab("3,4")


def test_rb_vii_k_vehicles_never_enter_a_stream_but_cross_by_bridge():
    stream = ["....~..."] * 8
    s = moving(stream, units=[("m", "us_m4", "allied", "3,4")], roads=[[[2, 4], [3, 4], [4, 4], [5, 4]]])
    assert lab("4,4") in reach(s, s.units["m"])  # the road makes it a bridge
    s2 = moving(stream, units=[("m", "us_m4", "allied", "3,4")])
    assert lab("4,4") not in reach(s2, s2.units["m"])


def test_tc42_qa_blocks_bl1_a_block_is_entered_only_from_an_adjacent_start_and_stops_the_unit():
    s = moving(units=[("m", "us_m4", "allied", "4,0")], blocks=["4,3"])
    s.phase = "combat"
    s, _ = do(s, "allied", {"type": "end_phase"})
    assert lab("4,3") not in reach(s, s.units["m"])
    near = moving(units=[("m", "us_m4", "allied", "4,2")], blocks=["4,3"])
    near.phase = "combat"
    near, _ = do(near, "allied", {"type": "end_phase"})
    near, _ = do(near, "allied", {"type": "move", "unit": "m", "to": lab("4,3")})
    assert near.units["m"].hex == lab("4,3") and near.units["m"].stopped


def test_tc52_qa_game_procedure_g4_units_that_do_not_enter_on_schedule_are_eliminated():
    s = moving(units=[], phase="move_foot")
    from games.rules.panzer_leader.core.state import Unit

    s.units["late"] = Unit(id="late", type_id="us_rifle", side="allied", entry_turn=1,
                           entry=[lab("0,0")])
    s.units["on"] = Unit(id="on", type_id="us_rifle", side="allied", entry_turn=1, entry=[lab("0,0")])
    s, _ = do(s, "allied", {"type": "move", "unit": "on", "to": lab("0,0")})
    s, _ = do(s, "allied", {"type": "end_phase"})
    assert s.units["late"].eliminated and not s.units["on"].eliminated


def test_qa_movement_m1_entering_costs_the_first_hex():
    s = moving(units=[], phase="move_vehicles")
    from games.rules.panzer_leader.core.state import Unit

    s.units["m"] = Unit(id="m", type_id="us_m4", side="allied", entry_turn=1, entry=[lab("0,0")])
    assert reach(s, s.units["m"])[lab("0,0")][0] == 1


def test_tc54_qa_movement_m5_leaving_the_map_costs_the_last_hex_entry_cost():
    s = moving(["w......."] * 8, units=[("m", "us_truck", "allied", "0,3")])
    from games.rules.panzer_leader.core import scenario

    scenario.scenario_for(s.scenario_id).raw["exits"] = {"allied": [lab("0,3")]}
    s.units["m"].mp_spent = 13  # of 14
    with pytest.raises(IllegalCommand, match="QA M5"):
        do(s, "allied", {"type": "exit", "unit": "m"})
    s.units["m"].mp_spent = 12
    s, _ = do(s, "allied", {"type": "exit", "unit": "m"})
    assert s.units["m"].exited


def test_tc55_quick_time_may_not_enter_woods_off_the_road_and_disperses_on_four_to_six():
    s = moving(["....w..."] * 8, units=[("r", "us_rifle", "allied", "3,4")], phase="move_foot")
    with pytest.raises(IllegalCommand, match="21.1"):
        do(s, "allied", {"type": "move", "unit": "r", "to": lab("4,4"), "mode": "quick_time"})
    s2 = moving(clear(), units=[("r", "us_rifle", "allied", "4,4")], phase="move_foot")
    s2, _ = do(s2, "allied", {"type": "move", "unit": "r", "to": lab("4,2"), "mode": "quick_time"}, 5)
    assert s2.units["r"].hex == lab("4,2") and s2.units["r"].status == "dispersed"
    s3 = moving(clear(), units=[("r", "us_rifle", "allied", "4,4")], phase="move_foot")
    s3, _ = do(s3, "allied", {"type": "move", "unit": "r", "to": lab("4,2"), "mode": "quick_time"}, 3)
    assert s3.units["r"].status == "ok"


def test_qa_quick_time_qt2_road_movement_never_risks_dispersal():
    s = moving(clear(), units=[("r", "us_rifle", "allied", "4,4")], phase="move_foot", roads=[ROAD])
    s, _ = do(s, "allied", {"type": "move", "unit": "r", "to": lab("4,2")})  # road rate, 2 x 1/2
    assert s.units["r"].status == "ok"


def test_qa_quick_time_qt3_an_mg_unit_may_not_quick_time():
    s = moving(clear(), units=[("g", "us_mg", "allied", "4,4")], phase="move_foot")
    with pytest.raises(IllegalCommand):
        do(s, "allied", {"type": "move", "unit": "g", "to": lab("4,2"), "mode": "quick_time"})


def test_pl_d5_movement_costs_by_class_are_the_transcriptions():
    """pl-counters.md, section 4.4: clear, slope and road for foot, vehicle, truck, wagon."""
    import json
    from pathlib import Path

    costs = json.loads((Path(__file__).resolve().parents[2] / "data" / "pl_counters.json")
                       .read_text(encoding="utf-8"))["movement"]
    s = world(clear(8, 8), ["00000000", "11111111"] + ["00000000"] * 6)
    cat = catalogue()
    for move, type_id in (("foot", "us_rifle"), ("vehicle", "us_m4"), ("truck", "us_truck"),
                          ("wagon", "de_wagon")):
        t = cat[type_id]
        assert terrain_cost(s, t, hexof(s, "4,4")) == costs[move]["clear"], move
        assert terrain_cost(s, t, hexof(s, "4,1")) == costs[move]["slope"], move
        assert charts()["road_cost"] == costs[move]["road"]
    assert cat["de_wagon"].move_class == "wagon" and cat["de_truck"].move_class == "truck"


def test_pl_d6_cliffs_are_impassable():
    s = moving(clear(8, 8), units=[("r", "us_rifle", "allied", "4,3")], phase="move_foot",
               elevation=["22222222"] * 3 + ["00000000"] * 5)
    assert lab("4,2") not in reach(s, s.units["r"])


def test_pl_d7_swamps_bar_vehicles_and_cost_foot_two():
    s = world(["....x..."] * 8)
    assert terrain_cost(s, catalogue()["us_m4"], hexof(s, "4,4")) is None
    assert terrain_cost(s, catalogue()["us_rifle"], hexof(s, "4,4")) == 2


def test_pl_d8_beach_is_clear_terrain_for_movement():
    s = world(["....b..."] * 8)
    for t in ("us_m4", "us_truck", "us_rifle"):
        assert terrain_cost(s, catalogue()[t], hexof(s, "4,4")) == terrain_cost(
            s, catalogue()[t], hexof(s, "3,4"))


def test_pl_d12_there_is_no_zone_of_control_beyond_the_enemy_hex():
    s = moving(units=[("m", "us_m4", "allied", "3,3"), ("e", "de_rifle", "german", "4,3")])
    assert lab("4,2") in reach(s, s.units["m"]) and lab("4,4") in reach(s, s.units["m"])


def test_legal_commands_never_change_the_state_they_are_asked_about():
    s = moving(units=[("t", "us_truck", "allied", "4,0"), ("r", "us_rifle", "allied", "4,0"),
                      ("m", "us_m4", "allied", "4,3"), ("e", "de_rifle", "german", "4,4")])
    before = state_hash(s)
    legal_commands(s, "allied")
    assert state_hash(s) == before


def test_turreted_afvs_fire_then_move_half_only_with_the_experimental_rule():
    s = moving(units=[("m", "us_m4", "allied", "4,0")], options=["turreted_afv"])
    s.units["m"].fired = True
    assert max(c for c, _ in reach(s, s.units["m"]).values()) <= 4
    s.options = []
    with pytest.raises(IllegalCommand, match="fired"):
        do(s, "allied", {"type": "move", "unit": "m", "to": lab("4,1")})
