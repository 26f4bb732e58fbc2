"""More Q&A items (§26), each named by its heading and id."""

from __future__ import annotations

import pytest

from games.rules.common.errors import IllegalCommand
from games.rules.panzer_leader.combat import air, attack_sheet
from games.rules.panzer_leader.combat.assault import assault_attack
from games.rules.panzer_leader.combat.direct_fire import direct_attack
from games.rules.panzer_leader.combat.overrun import overrun_attack
from games.rules.panzer_leader.core.los import has_los
from games.rules.panzer_leader.core.movement import reach
from games.rules.panzer_leader.core.scenario import game_map, scenario_from_dict
from games.rules.panzer_leader.core.spotting import is_spotted, spotters
from games.rules.panzer_leader.core.stacking import counters_in, has_room
from games.rules.panzer_leader.core.state import Unit
from games.rules.panzer_leader.legal import legal_commands

from .kit import clear, do, hexof, lab, world

ROAD = [[4, r] for r in range(8)]


def test_qa_transporting_t9_a_bren_carrier_with_its_passenger_defends_at_two():
    s = world(clear(), units=[("b", "gb_bren", "allied", "4,4"), ("r", "us_rifle", "allied", "4,4")],
              loaded=[("b", "r")])
    assert attack_sheet.defense_of(s, s.units["b"]) == 2


def test_qa_road_movement_r5_a_unit_leaves_a_crowded_road_hex_at_road_rate():
    units = [(f"x{i}", "us_rifle", "allied", "4,2") for i in range(3)]
    s = world(clear(), units=[*units, ("m", "us_m4", "allied", "4,2")], roads=[ROAD], phase="move_vehicles")
    assert reach(s, s.units["m"])[lab("4,3")][0] == 0.5


def test_qa_direct_fire_df5_a_road_does_not_open_a_woods_edge_to_fire():
    woods = ["........"] * 3 + ["....w..."] + ["........"] * 4
    s = world(woods, roads=[ROAD])
    m = game_map(s)
    assert not has_los(m, hexof(s, "4,0"), hexof(s, "4,6"))


def test_qa_direct_fire_df2_predominance_applies_only_to_several_targets():
    s = world(clear(), units=[("t", "de_tiger2", "german", "4,4"), ("a", "de_smg", "german", "4,4"),
                              ("b", "de_smg", "german", "4,4"), ("m", "us_m4", "allied", "4,1")])
    assert direct_attack(s, "allied", ["m"], ["t"]).lines[0]["wec"] == "2"
    assert direct_attack(s, "allied", ["m"], ["t", "a", "b"]).lines[0]["wec"] == "1/2"


def _order(s, unit="mo", cell="4,10"):
    s, _ = do(s, "allied", {"type": "order_indirect", "unit": unit, "hex": lab(cell)})
    return s


def test_qa_indirect_fire_if3_a_vacated_target_hex_is_fired_on_with_a_scatter_roll():
    s = world(clear(8, 14), units=[("mo", "us_mortar81", "allied", "4,0"), ("sp", "us_rifle", "allied", "4,8"),
                                   ("e", "de_rifle", "german", "4,10")])
    s = _order(s)
    s.units["e"].hex = lab("5,12")
    s.units["n"] = Unit(id="n", type_id="de_rifle", side="german", hex=lab("4,10"))
    s.turn, s.indirect_done = 2, False
    s.units["n"].hex = None
    s, ev = do(s, "allied", {"type": "resolve_indirect"}, 6)
    assert [e for e in ev if e["type"] == "scatter"]


def test_tc12_qa_spotting_sp5_new_units_in_a_vacated_hex_are_hit_after_a_scatter_roll():
    woods = ["........"] * 10 + ["....w..."] + ["........"] * 3
    s = world(woods, units=[("mo", "us_mortar81", "allied", "4,0"), ("sp", "us_rifle", "allied", "4,6"),
                            ("e", "de_rifle", "german", "4,10")])
    s.units["e"].spotted_at = lab("4,10")  # it fired last segment, in sight of `sp`
    s = _order(s)
    s.units["e"].hex = lab("5,12")
    s.units["n1"] = Unit(id="n1", type_id="de_rifle", side="german", hex=lab("4,10"))
    s.turn, s.indirect_done = 2, False
    s2, ev = do(s, "allied", {"type": "resolve_indirect"}, 1, 6)
    assert next(e for e in ev if e["type"] == "scatter")["lands"] == lab("4,10")
    assert [e for e in ev if e["type"] == "attack" and e["units"] == ["n1"]]


def test_tc11_qa_indirect_fire_if8_scattered_fire_adds_to_fire_aimed_at_that_hex():
    s = world(clear(8, 14), units=[("mo", "us_mortar81", "allied", "4,0"), ("m2", "us_mortar81", "allied", "3,0"),
                                   ("sp", "us_rifle", "allied", "4,8"), ("e", "de_rifle", "german", "4,10"),
                                   ("f", "de_rifle", "german", "4,9")])
    s = _order(s, "mo", "4,10")
    s = _order(s, "m2", "4,9")
    s.units["e"].hex = lab("6,12")  # the 4,10 order now scatters
    s.turn, s.indirect_done = 2, False
    s, ev = do(s, "allied", {"type": "resolve_indirect"}, 4, 1, 6)  # 4,10 scatters north to 4,9
    hit = [e for e in ev if e["type"] == "attack" and e["units"] == ["f"]]
    assert hit and hit[0]["attack"] == "6"  # 3 + 3


def test_tc23_qa_overrun_o3_an_exit_hex_in_a_town_costs_one_not_road_rate():
    town = ["........"] * 4 + ["....t..."] + ["........"] * 3
    s = world(town, units=[("a", "us_m4", "allied", "4,2"), ("x", "de_rifle", "german", "4,3")],
              phase="move_vehicles", roads=[ROAD])
    s.units["a"].mp_spent = 6
    overrun_attack(s, "allied", ["a"], lab("4,3"))  # 1 + 1 = 2 MP left: enough
    s.units["a"].mp_spent = 6.5
    with pytest.raises(IllegalCommand, match="movement points"):
        overrun_attack(s, "allied", ["a"], lab("4,3"))


def test_qa_overrun_o6_an_exit_hex_off_the_map_is_refused():
    s = world(clear(), units=[("a", "us_m4", "allied", "4,1"), ("x", "de_rifle", "german", "4,0")],
              phase="move_vehicles")
    with pytest.raises(IllegalCommand, match="O6"):
        overrun_attack(s, "allied", ["a"], lab("4,0"))


def test_qa_close_assault_cat2_a_unit_may_move_onto_a_minefield_and_assault_from_it():
    s = world(clear(), units=[("r", "us_rifle", "allied", "4,1"), ("e", "de_rifle", "german", "4,3")],
              mines=[("4,2", "german")], phase="move_foot")
    s, _ = do(s, "allied", {"type": "move", "unit": "r", "to": lab("4,2")})
    s, _ = do(s, "german", {"type": "decline"})  # the rifle in 4,3 may opportunity-fire
    s, _ = do(s, "allied", {"type": "end_phase"})
    assault_attack(s, "allied", ["r"], lab("4,3"))


def test_qa_close_assault_cat11_different_units_of_one_hex_may_assault_different_hexes():
    s = world(clear(), units=[("r", "us_rifle", "allied", "4,2"), ("q", "us_rifle", "allied", "4,2"),
                              ("e", "de_rifle", "german", "4,3"), ("f", "de_rifle", "german", "4,1")],
              phase="assault")
    s, _ = do(s, "allied", {"type": "assault", "units": ["r"], "target": lab("4,3")}, 6)
    s, _ = do(s, "allied", {"type": "assault", "units": ["q"], "target": lab("4,1")}, 6)


def test_qa_spotting_sp2_a_unit_that_moves_out_and_back_stays_spotted():
    woods = ["........"] * 6 + ["....w..."] + ["........"]
    s = world(woods, units=[("g", "de_rifle", "german", "4,6"), ("m", "us_m4", "allied", "4,2")],
              phase="move_foot", active="german")
    s.units["g"].spotted_at = lab("4,6")
    s.units["g"].hex = lab("5,6")
    s.units["g"].hex = lab("4,6")
    assert is_spotted(s, s.units["g"], "allied")


def test_qa_spotting_sp3_when_the_firer_leaves_the_others_are_not_spotted():
    s = world(["....w..."] * 8, units=[("g", "de_at75", "german", "4,6"), ("r", "de_rifle", "german", "4,6"),
                                      ("m", "us_m4", "allied", "4,0")])
    s.units["g"].spotted_at = lab("4,6")
    s.units["g"].hex = lab("5,6")
    assert not is_spotted(s, s.units["r"], "allied")


def test_qa_spotting_sp4_a_spotted_gun_loading_into_a_halftrack_makes_both_spotted():
    s = world(["....w..."] * 8, units=[("g", "de_at75", "german", "4,6"), ("h", "de_halftrack", "german", "4,6"),
                                      ("m", "us_m4", "allied", "4,0")], phase="move_vehicles", active="german")
    s.units["g"].spotted_at = lab("4,6")
    s, _ = do(s, "german", {"type": "load", "carrier": "h", "passenger": "g"})
    assert s.units["h"].spotted_at == lab("4,6")


def test_qa_spotting_sp9_german_infantry_riding_armour_cannot_spot():
    s = world(clear(), units=[("p", "de_panther", "german", "4,4"), ("i", "de_rifle", "german", "4,4")],
              loaded=[("p", "i")])
    assert [u.id for u in spotters(s, "german")] == ["p"]


def test_qa_bridges_b11_vehicles_get_on_a_bridge_from_any_adjacent_dry_hex():
    stream = ["~~~~~~~~"] * 3 + ["........"] * 5
    s = world(stream, units=[("m", "us_m4", "allied", "5,3")], roads=[[[4, 0], [4, 1], [4, 2], [4, 3], [4, 4]]],
              phase="move_vehicles")
    assert lab("4,2") in reach(s, s.units["m"])  # on the bridge from off its road


def test_qa_bridges_b12_three_wrecks_and_a_block_seal_a_bridge_hex():
    s = world(clear(), wrecks={"4,3": 3}, blocks=["4,3"])
    assert not has_room(s, lab("4,3"))


def test_qa_wreckage_w1_w3_wrecks_alone_never_seal_a_hex_three_wrecks_still_let_one_pass():
    s = world(clear(), units=[("m", "us_m4", "allied", "4,2")], wrecks={"4,3": 3}, phase="move_vehicles")
    assert counters_in(s, lab("4,3")) == 3 and lab("4,3") in reach(s, s.units["m"])
    s.units["m"].hex = lab("4,2")
    assert attack_sheet.WRECK_CAP == 3


def test_qa_wreckage_no_more_than_three_wrecks_in_a_hex():
    s = world(clear(), units=[(f"t{i}", "de_pz4", "german", "4,3") for i in range(4)])
    for i in range(4):
        attack_sheet.eliminate(s, s.units[f"t{i}"], [])
    assert s.wrecks[lab("4,3")] == 3


def test_qa_mines_mn3_a_survivor_later_dispersed_is_not_attacked_again():
    s = world(clear(), units=[("r", "de_rifle", "german", "4,3")], mines=[("4,3", "allied")],
              phase="assault", active="german")
    s.units["r"].mine = f"survived:{lab('4,3')}"
    s.units["r"].status = "dispersed"
    s, ev = do(s, "german", {"type": "end_phase"})
    assert not [e for e in ev if e.get("kind") == "mine"]


def test_qa_mines_mn5_no_minefield_in_a_town_hex():
    raw = {"id": "bad", "title": "bad", "turns": 1, "sides": [{"id": "a"}, {"id": "b"}],
           "map": [{"board": "T", "drawing": {"id": "T", "terrain": ["t."], "elevation": ["00"]}}],
           "forces": [], "mines": [{"hex": "T-A-1", "owner": "b"}],
           "victory": {"attacker": "a", "objectives": [], "levels": {}}}
    with pytest.raises(ValueError, match="MN5"):
        scenario_from_dict(raw)


def test_qa_blocks_bl2_a_carrier_on_a_block_may_unload():
    s = world(clear(), units=[("t", "us_truck", "allied", "4,3"), ("r", "us_rifle", "allied", "4,3")],
              loaded=[("t", "r")], blocks=["4,3"], phase="move_vehicles")
    s, _ = do(s, "allied", {"type": "unload", "carrier": "t"})
    assert s.units["r"].carried_by is None


def test_qa_fortifications_f5_units_on_top_of_a_fort_may_fire_at_others():
    s = world(clear(), units=[("o", "us_m4", "allied", "4,4"), ("e", "de_rifle", "german", "4,1")])
    s.forts = {lab("4,4"): {"defense": 16}}
    direct_attack(s, "allied", ["o"], ["e"])


def test_qa_fortifications_f6_units_on_top_and_adjacent_combine_in_an_assault():
    s = world(clear(), units=[("i", "de_rifle", "german", "4,4"), ("r", "us_rifle", "allied", "4,4"),
                              ("q", "us_rifle", "allied", "4,3")], phase="assault")
    s.forts = {lab("4,4"): {"defense": 16}}
    s.units["i"].in_fort = True
    assert assault_attack(s, "allied", ["r", "q"], lab("4,4")).attack == 4


def test_qa_airpower_ap3_the_armament_is_fixed_before_play():
    s = world(clear(), units=[("t", "de_pz4", "german", "4,4")], phase="air")
    s.aircraft = {"p": {"id": "p", "type": "us_p47", "side": "allied", "ordnance": "bombs",
                        "ordnance_left": 1, "mg_left": 4, "first": 1, "last": 5, "lost": False,
                        "flown": False}}
    assert air.strike_attack(s, "allied", {"p": "ordnance"}, ["t"]).lines[0]["class"] == "H"


def test_qa_airpower_ap7_aircraft_may_attack_units_in_streams():
    s = world(["....~..."] * 8, units=[("e", "de_rifle", "german", "4,4")], phase="air")
    s.aircraft = {"p": {"id": "p", "type": "us_p47", "side": "allied", "ordnance": "rockets",
                        "ordnance_left": 1, "mg_left": 4, "first": 1, "last": 5, "lost": False,
                        "flown": False}}
    air.strike_attack(s, "allied", {"p": "mg"}, ["e"])


def test_qa_airpower_ap11_a_side_with_aircraft_gets_an_air_phase():
    s = world(clear(), units=[("e", "de_rifle", "german", "4,4")], active="allied")
    s.aircraft = {"f": {"id": "f", "type": "us_p47", "side": "allied", "ordnance": "bombs",
                        "ordnance_left": 1, "mg_left": 4, "first": 1, "last": 5, "lost": False,
                        "flown": False}}
    s, _ = do(s, "allied", {"type": "end_phase"})
    assert s.phase == "air"


def test_qa_airpower_ap1_no_opportunity_fire_against_aircraft():
    s = world(clear(), units=[("e", "de_rifle", "german", "4,4"), ("g", "de_at75", "german", "4,6")],
              phase="air")
    s.aircraft = {"p": {"id": "p", "type": "us_p47", "side": "allied", "ordnance": "rockets",
                        "ordnance_left": 1, "mg_left": 4, "first": 1, "last": 5, "lost": False,
                        "flown": False}}
    s, _ = do(s, "allied", {"type": "air_strike", "aircraft": {"p": "mg"}, "targets": ["e"]}, 6)
    assert s.pending is None and not s.units["g"].opfired


def test_qa_opportunity_fire_of1_several_units_combine_when_each_has_seen_a_quarter():
    s = world(clear(10, 12), units=[("t", "us_truck", "allied", "4,0"), ("g", "de_pz4", "german", "6,4"),
                                    ("h", "de_pz4", "german", "2,4")],
              phase="move_vehicles", roads=[[[4, r] for r in range(12)]])
    s, _ = do(s, "allied", {"type": "move", "unit": "t", "to": lab("4,8")})
    assert sorted(s.pending["eligible"]) == ["g", "h"]
    assert {"type": "opportunity_fire", "units": ["g", "h"], "target": "t"} in legal_commands(
        s, "german")["opportunity_fire"]


def test_qa_opportunity_fire_of3_the_other_side_may_fire_in_the_last_segment_of_the_game():
    s = world(clear(10, 12), units=[("t", "de_truck", "german", "4,0"), ("g", "us_m4", "allied", "6,4")],
              phase="move_vehicles", active="german", roads=[[[4, r] for r in range(12)]])
    s.turn = s.turns
    s, _ = do(s, "german", {"type": "move", "unit": "t", "to": lab("4,8")})
    assert s.pending and "g" in s.pending["eligible"]


def test_qa_opportunity_fire_of8_an_ma_1_unit_is_attacked_in_the_hex_it_entered():
    s = world(clear(), units=[("r", "us_rifle", "allied", "4,2"), ("g", "de_pz4", "german", "4,6")],
              phase="move_foot")
    s, _ = do(s, "allied", {"type": "move", "unit": "r", "to": lab("4,3")})
    assert s.pending and s.units["r"].hex == lab("4,3")


def test_qa_quick_time_qt3_a_quick_time_mover_defends_at_half_against_opportunity_fire():
    s = world(clear(), units=[("r", "us_rifle", "allied", "4,2"), ("g", "de_pz4", "german", "4,6")],
              phase="move_foot")
    s, _ = do(s, "allied", {"type": "move", "unit": "r", "to": lab("4,4"), "mode": "quick_time"})
    from games.rules.panzer_leader.combat.opfire import opportunity_attack

    assert opportunity_attack(s, ["g"], s.units["r"]).defense == 3  # half of 6


def test_qa_direct_fire_a_unit_fires_once_a_segment():
    s = world(clear(), units=[("m", "us_m4", "allied", "4,0"), ("e", "de_rifle", "german", "4,3")])
    s, _ = do(s, "allied", {"type": "fire", "units": ["m"], "targets": ["e"]}, 6)
    with pytest.raises(IllegalCommand):
        do(s, "allied", {"type": "fire", "units": ["m"], "targets": ["e"]}, 6)


def test_a_unit_that_fired_may_not_move_that_segment():
    s = world(clear(), units=[("m", "us_m4", "allied", "4,0"), ("e", "de_rifle", "german", "4,3")])
    s, _ = do(s, "allied", {"type": "fire", "units": ["m"], "targets": ["e"]}, 6)
    s, _ = do(s, "allied", {"type": "end_phase"})
    with pytest.raises(IllegalCommand, match="fired"):
        do(s, "allied", {"type": "move", "unit": "m", "to": lab("4,1")})


def test_dispersal_from_the_enemy_segment_lasts_through_the_owners_next_segment():
    s = world(clear(), units=[("r", "us_rifle", "allied", "4,0")], phase="assault", active="german")
    s.units["r"].status = "dispersed"
    s, _ = do(s, "german", {"type": "end_phase"})  # the Allied segment begins
    assert s.units["r"].status == "dispersed"
    for _ in range(4):
        s, _ = do(s, "allied", {"type": "end_phase"})
    assert s.units["r"].status == "ok"


def pa_world(options=None):
    s = world(clear(), units=[("p", "de_panther", "german", "4,2"), ("i", "de_rifle", "german", "4,2"),
                              ("x", "us_rifle", "allied", "4,3")], phase="move_vehicles",
              active="german", loaded=[("p", "i")], options=options)
    return s


def test_qa_panzerblitz_assault_pa1_riders_jump_off_free_before_the_overrun():
    s = pa_world()
    s, ev = do(s, "german", {"type": "overrun", "units": ["p"], "target": lab("4,3"), "drop": True}, 6)
    assert s.units["i"].hex == lab("4,2") and s.units["i"].carried_by is None
    assert s.units["p"].hex == lab("4,4") and s.units["i"].pa_target == lab("4,3")


def test_qa_panzerblitz_assault_pa3_the_riders_may_assault_only_the_overrun_hex():
    s = pa_world()
    s.units["y"] = Unit(id="y", type_id="us_rifle", side="allied", hex=lab("3,2"))
    s, _ = do(s, "german", {"type": "overrun", "units": ["p"], "target": lab("4,3"), "drop": True}, 6)
    s.phase = "assault"
    assault_attack(s, "german", ["i"], lab("4,3"))  # carried this segment, yet it may (21.4)
    with pytest.raises(IllegalCommand, match="PA3"):
        assault_attack(s, "german", ["i"], lab("3,2"))


def test_pl_d13_panzerblitz_assault_is_a_switchable_option():
    s = pa_world(options=["opportunity_fire"])
    with pytest.raises(IllegalCommand, match="21.4"):
        do(s, "german", {"type": "overrun", "units": ["p"], "target": lab("4,3"), "drop": True}, 6)
