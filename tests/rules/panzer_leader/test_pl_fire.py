"""Direct and indirect fire, spotting and results: worked cases (§28) and Q&A items (§26)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from games.rules.common.errors import IllegalCommand
from games.rules.panzer_leader.combat import crt
from games.rules.panzer_leader.combat.attack_sheet import apply_result
from games.rules.panzer_leader.combat.direct_fire import direct_attack
from games.rules.panzer_leader.combat.indirect import hex_attacks, indirect_range_ok
from games.rules.panzer_leader.combat.wec import elevation_factor
from games.rules.panzer_leader.core.units import catalogue

from .kit import clear, do, hexof, lab, world


def col(a):
    return crt.column_name(a.index)


def test_tc02_qa_direct_fire_df8_hetzer_against_an_m4_at_six_and_four_hexes():
    s = world(clear(), units=[("h", "de_hetzer", "german", "4,0"), ("m", "us_m4", "allied", "4,6")],
              active="german")
    assert col(direct_attack(s, "german", ["h"], ["m"])) == "1-1"
    s.units["m"].hex = lab("4,4")
    a = direct_attack(s, "german", ["h"], ["m"])
    assert a.attack == 24 and col(a) == "2-1"


def test_tc03_qa_direct_fire_df3_predominance_counts_counters_not_defence():
    s = world(clear(), units=[("a", "de_smg", "german", "4,0"), ("b", "de_smg", "german", "4,0"),
                              ("t", "de_tiger2", "german", "4,0"), ("m", "us_m4", "allied", "4,3")])
    a = direct_attack(s, "allied", ["m"], ["a", "b", "t"])
    assert a.lines[0]["wec"] == "1/2"  # non-armoured stack: A halved


def test_tc04_qa_direct_fire_df4_a_tie_takes_the_worse_kind_for_each_firer():
    s = world(clear(12, 10), units=[
        ("p", "de_panther", "german", "4,0"), ("r", "de_rifle", "german", "4,0"),
        ("m7", "us_m7", "allied", "4,7"), ("m4", "us_m4", "allied", "4,4"),
        ("ai", "us_armd_inf", "allied", "4,2")])
    a = direct_attack(s, "allied", ["m7", "m4"], ["p", "r"])
    assert a.attack == F(20) + F(11, 2) and a.defense == 20
    with pytest.raises(IllegalCommand):
        direct_attack(s, "allied", ["ai"], ["p", "r"])


def test_tc05_qa_combat_general_c1_halvings_keep_their_fractions():
    s = world(clear(), units=[("i", "de_rifle", "german", "4,0"), ("a", "us_m4", "allied", "4,3"),
                              ("b", "us_m4", "allied", "5,3"), ("c", "us_m4", "allied", "3,3")])
    a = direct_attack(s, "allied", ["a", "b", "c"], ["i"])
    assert a.attack == F(33, 2)  # 3 x 5 1/2, not 15


def test_tc06_indirect_fire_divided_among_three_counters_fractions_kept_pl_d15():
    s = world(clear(), units=[("e", "de_engineer", "german", "4,4"), ("i", "de_rifle", "german", "4,4"),
                              ("m", "de_mortar81", "german", "4,4")])
    attacks = {a.targets[0]: a for a in hex_attacks(s, lab("4,4"), F(80))}
    assert attacks["e"].attack == F(80, 3)
    assert [col(attacks[k]) for k in "eim"] == ["2-1", "3-1", "4-1"]


def test_tc07_qa_indirect_fire_if1_into_a_town_halved_and_plus_one_each():
    s = world(["....t....."] * 6, units=[("a", "de_rifle", "german", "4,2"), ("b", "de_rifle", "german", "4,2")])
    for a in hex_attacks(s, lab("4,2"), F(48)):
        assert a.attack == 12 and a.drm == 1 and a.defense == 8


def test_tc08_qa_indirect_fire_if12_a_block_is_not_a_counter():
    s = world(clear(), units=[(u, "de_rifle", "german", "4,4") for u in "abc"], blocks=["4,4"])
    assert [a.attack for a in hex_attacks(s, lab("4,4"), F(60))] == [20, 20, 20]


def test_tc09_qa_indirect_fire_if9_the_25_pounder_fires_indirectly_beyond_a_quarter_range():
    t = catalogue()["gb_25pdr"]
    assert not indirect_range_ok(t, 8) and indirect_range_ok(t, 9)
    assert indirect_range_ok(catalogue()["us_mortar81"], 1)  # M at any range up to its own


def _ordered(dice_spotter_dispersed=True):
    wall = ["........"] * 5 + ["wwwwwwww"] + ["........"] * 8  # the mortar cannot see itself
    s = world(wall, units=[("mo", "us_mortar81", "allied", "4,0"),
                           ("sp", "us_rifle", "allied", "4,8"),
                           ("e", "de_rifle", "german", "4,10")])
    s, _ = do(s, "allied", {"type": "order_indirect", "unit": "mo", "hex": lab("4,10")})
    s.turn = 2
    s.indirect_done = False
    if dice_spotter_dispersed:
        s.units["sp"].status = "dispersed"
    return s


def test_tc10_scatter_roll_two_hits_the_target_hex():
    s, ev = do(_ordered(), "allied", {"type": "resolve_indirect"}, 2, 6)
    assert any(e["type"] == "scatter" and e["lands"] == lab("4,10") for e in ev)


def test_tc10_pl_d24_qa_indirect_fire_if10_scatter_four_then_three_hits_neighbour_three_clockwise_from_north():
    s, ev = do(_ordered(), "allied", {"type": "resolve_indirect"}, 4, 3)
    sc = next(e for e in ev if e["type"] == "scatter")
    assert sc["lands"] == lab("5,10")  # 1 N, 2 NE, 3 SE


def test_tc10_scatter_roll_six_has_no_effect():
    s, ev = do(_ordered(), "allied", {"type": "resolve_indirect"}, 6)
    assert next(e for e in ev if e["type"] == "scatter")["lands"] is None
    assert not [e for e in ev if e["type"] == "attack"]


def test_qa_indirect_fire_if7_a_surviving_original_spotter_prevents_scatter():
    s, ev = do(_ordered(dice_spotter_dispersed=False), "allied", {"type": "resolve_indirect"}, 6)
    assert not [e for e in ev if e["type"] == "scatter"]


def test_tc13_qa_indirect_fire_if6_an_ordered_unit_that_holds_fire_may_move():
    s = _ordered(False)
    s, _ = do(s, "allied", {"type": "cancel_order", "unit": "mo"})
    s, _ = do(s, "allied", {"type": "end_phase"})
    s, _ = do(s, "allied", {"type": "end_phase"})
    assert s.phase == "move_foot"
    s, _ = do(s, "allied", {"type": "move", "unit": "mo", "to": lab("4,1")})
    assert s.units["mo"].hex == lab("4,1")


def test_qa_indirect_fire_if4_ordered_units_may_not_move_until_they_fire():
    s = _ordered(False)
    s.indirect_done = True
    s.phase = "move_foot"
    with pytest.raises(IllegalCommand):
        do(s, "allied", {"type": "move", "unit": "mo", "to": lab("4,1")})


def test_qa_indirect_fire_if2_a_hex_no_spotter_sees_cannot_be_ordered():
    s = world(clear(8, 14), units=[("mo", "us_mortar81", "allied", "4,0"),
                                   ("e", "de_rifle", "german", "4,12")])
    s.units["mo"].hex = lab("4,0")
    woods = world(["........"] * 10 + ["....w..."] + ["........"] * 3,
                  units=[("mo", "us_mortar81", "allied", "4,0"), ("e", "de_rifle", "german", "4,10")])
    with pytest.raises(IllegalCommand):
        do(woods, "allied", {"type": "order_indirect", "unit": "mo", "hex": lab("4,10")})


def test_tc14_qa_indirect_fire_if5_no_direct_fire_on_a_unit_hit_by_indirect_fire_this_turn():
    s = world(clear(), units=[("e", "de_rifle", "german", "4,3"), ("m", "us_m4", "allied", "4,0")])
    s.units["e"].indirect_turn = s.turn
    with pytest.raises(IllegalCommand, match="IF5"):
        direct_attack(s, "allied", ["m"], ["e"])


def test_tc16_slope_target_adjacent_without_a_brown_hexside_is_not_halved_with_one_it_is():
    s = world(clear(8, 8), ["00000000"] * 2 + ["00001000", "00001000"] + ["00000000"] * 4)
    assert elevation_factor_at(s, "4,2", "4,3") == 1  # slope to slope: no brown between
    assert elevation_factor_at(s, "4,1", "4,2") == F(1, 2)  # ground to slope: brown between


def elevation_factor_at(s, a, b):
    from games.rules.panzer_leader.core.scenario import game_map

    return elevation_factor(game_map(s), hexof(s, a), hexof(s, b))


def test_tc17_qa_hill_and_slope_h1_h2_hilltop_to_hilltop_whole_slope_to_hilltop_halved():
    elev = ["22222222", "22222222", "11111111", "00000000", "11111111", "22222222", "22222222", "22222222"]
    s = world(clear(8, 8), elev)
    assert elevation_factor_at(s, "4,0", "4,5") == 1
    assert elevation_factor_at(s, "4,4", "4,5") == F(1, 2)


def test_tc18_qa_indirect_fire_if11_qa_close_assault_cat1_are_not_halved_on_hilltops():
    s = world(clear(8, 8), ["22222222"] * 8, units=[("e", "de_rifle", "german", "4,4")])
    assert hex_attacks(s, lab("4,4"), F(16))[0].attack == 16


def test_tc39_truck_and_passenger_share_dispersal_and_elimination_without_a_wreck():
    s = world(clear(), units=[("t", "de_truck", "german", "4,4"), ("r", "de_rifle", "german", "4,4")],
              loaded=[("t", "r")])
    apply_result(s, ["t"], "D", [])
    assert s.units["t"].status == s.units["r"].status == "dispersed"
    apply_result(s, ["t"], "X", [])
    assert s.units["t"].eliminated and s.units["r"].eliminated and not s.wrecks


def test_tc37_qa_transporting_t3_a_dispersed_passenger_on_armour_jumps_off_only_if_room():
    full = world(clear(), units=[("p", "de_panther", "german", "4,4"), ("i", "de_rifle", "german", "4,4"),
                                 ("a", "de_rifle", "german", "4,4"), ("b", "de_rifle", "german", "4,4"),
                                 ("c", "de_rifle", "german", "4,4")], loaded=[("p", "i")])
    apply_result(full, ["i"], "D", [], alone_passenger=True)
    assert full.units["i"].carried_by == "p" and full.units["p"].status == "dispersed"
    room = world(clear(), units=[("p", "de_panther", "german", "4,4"), ("i", "de_rifle", "german", "4,4")],
                 loaded=[("p", "i")])
    apply_result(room, ["i"], "D", [], alone_passenger=True)
    assert room.units["i"].carried_by is None and room.units["p"].status == "ok"


def test_pl_d10_a_passenger_on_german_armour_may_be_attacked_alone_at_defence_one():
    s = world(clear(), units=[("p", "de_panther", "german", "4,4"), ("i", "de_rifle", "german", "4,4"),
                              ("m", "us_m4", "allied", "4,1")], loaded=[("p", "i")])
    a = direct_attack(s, "allied", ["m"], ["i"])
    assert a.defense == 1 and a.alone_passenger


def test_tc38_qa_transporting_t8_in_a_town_the_passenger_cannot_be_singled_out():
    s = world(["....t..."] * 8, units=[("p", "de_panther", "german", "4,4"), ("i", "de_rifle", "german", "4,4"),
                                       ("m", "us_m4", "allied", "4,3")], loaded=[("p", "i")])
    with pytest.raises(IllegalCommand):
        direct_attack(s, "allied", ["m"], ["i"])


def test_tc40_qa_spotting_sp1_in_woods_only_the_unit_that_fired_is_spotted():
    s = world(["........"] * 6 + ["....w..."] + ["........"], units=[
        ("g", "de_at75", "german", "4,6"), ("r", "de_rifle", "german", "4,6"),
        ("m", "us_m4", "allied", "4,0")])
    s.units["g"].spotted_at = lab("4,6")
    direct_attack(s, "allied", ["m"], ["g"])
    with pytest.raises(IllegalCommand, match="not spotted"):
        direct_attack(s, "allied", ["m"], ["r"])


def test_tc40_qa_direct_fire_df6_in_a_town_all_spotted_units_are_attacked_together():
    town = ["........"] * 6 + ["....t..."] + ["........"]
    s = world(town, units=[
        ("g", "de_at75", "german", "4,6"), ("r", "de_rifle", "german", "4,6"),
        ("m", "us_m4", "allied", "4,2")])
    s.units["g"].spotted_at = lab("4,6")
    a = direct_attack(s, "allied", ["m"], ["g"])
    assert a.targets == ["g"]  # the unspotted rifle is ignored (QA SP1)
    with pytest.raises(IllegalCommand):
        direct_attack(s, "allied", ["m"], ["g", "r"])


def test_qa_spotting_sp8_trucks_never_spot():
    from games.rules.panzer_leader.core.spotting import is_spotted

    s = world(["....w..."] * 8, units=[("e", "de_rifle", "german", "4,4"), ("t", "us_truck", "allied", "4,3")])
    assert not is_spotted(s, s.units["e"], "allied")
    s.units["t"].type_id = "us_rifle"
    assert is_spotted(s, s.units["e"], "allied")


def test_tc50_qa_combat_general_c2_dd_then_d_leaves_the_unit_dispersed_pl_d4():
    s = world(clear(), units=[("e", "de_rifle", "german", "4,4")])
    apply_result(s, ["e"], "DD", [])
    apply_result(s, ["e"], "D", [])
    assert s.units["e"].status == "dispersed" and not s.units["e"].eliminated


def test_pl_d4_switchable_dd_on_a_dispersed_unit_eliminates_it():
    s = world(clear(), units=[("e", "de_rifle", "german", "4,4")], options=["dd_escalates"])
    apply_result(s, ["e"], "D", [])
    apply_result(s, ["e"], "DD", [])
    assert s.units["e"].eliminated


def test_tc51_qa_combat_general_c4_a_player_may_not_fire_on_his_own_units():
    s = world(clear(), units=[("a", "us_m4", "allied", "4,4"), ("b", "us_m4", "allied", "4,1")])
    with pytest.raises(IllegalCommand):
        direct_attack(s, "allied", ["b"], ["a"])


def test_qa_combat_general_c3_a_dispersed_unit_keeps_its_full_defence():
    s = world(clear(), units=[("e", "de_rifle", "german", "4,4"), ("m", "us_m4", "allied", "4,1")])
    s.units["e"].status = "dispersed"
    assert direct_attack(s, "allied", ["m"], ["e"]).defense == 8


def test_pl_d3_the_dispersed_defender_modifier_is_off_by_default_and_switchable():
    s = world(clear(), units=[("e", "de_rifle", "german", "4,4"), ("m", "us_m4", "allied", "4,1")])
    s.units["e"].status = "dispersed"
    assert direct_attack(s, "allied", ["m"], ["e"]).drm == 0
    s.options = ["dispersed_drm"]
    assert direct_attack(s, "allied", ["m"], ["e"]).drm == -1


def test_pl_d14_halvings_multiply_a_class_on_infantry_on_a_slope_is_a_quarter():
    s = world(clear(8, 8), ["00000000"] * 4 + ["11111111"] * 4,
              units=[("e", "de_rifle", "german", "4,7"), ("m", "us_m4", "allied", "4,4")])
    assert direct_attack(s, "allied", ["m"], ["e"]).attack == F(11, 4)


def test_star_range_infantry_fire_to_twice_their_range_at_half_strength():
    """9.3: a `2*` rifle platoon hits at 4 hexes with half its 2, and not at 5."""
    s = world(clear(), units=[("e", "de_rifle", "german", "4,4"), ("r", "us_rifle", "allied", "4,0")])
    assert direct_attack(s, "allied", ["r"], ["e"]).attack == 1
    s.units["e"].hex = lab("4,5")
    with pytest.raises(IllegalCommand, match="out of range"):
        direct_attack(s, "allied", ["r"], ["e"])


def test_qa_direct_fire_df7_qa_transporting_t4_an_armoured_carrier_fires_while_carrying_its_passenger_never():
    s = world(clear(), units=[("h", "us_halftrack", "allied", "4,0"), ("r", "us_rifle", "allied", "4,0"),
                              ("e", "de_rifle", "german", "4,2")], loaded=[("h", "r")])
    assert direct_attack(s, "allied", ["h"], ["e"]).attack == 2
    with pytest.raises(IllegalCommand):
        direct_attack(s, "allied", ["r"], ["e"])  # passengers never fire (QA T4)
