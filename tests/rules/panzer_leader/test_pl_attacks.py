"""Overrun, close assault, opportunity fire, minefields and victory: worked cases (§28) and
Q&A items (§26)."""

from __future__ import annotations

import json

import pytest

from games.rules.common.errors import IllegalCommand, InvalidCommand
from games.rules.panzer_leader.combat import crt
from games.rules.panzer_leader.combat.assault import assault_attack
from games.rules.panzer_leader.combat.direct_fire import may_fire
from games.rules.panzer_leader.combat.overrun import overrun_attack
from games.rules.panzer_leader.core import victory
from games.rules.panzer_leader.views import redact_events, view_for

from .kit import clear, do, lab, world


def overrun_world(terrain=None, **kw):
    units = kw.pop("units", [("a", "us_m4", "allied", "4,2"), ("b", "us_m4_76", "allied", "4,2"),
                             ("x", "de_rifle", "german", "4,3"), ("y", "de_rifle", "german", "4,3")])
    return world(terrain or clear(), units=units, phase="move_vehicles", **kw)


def test_tc19_pl_d11_two_tanks_overrun_two_infantry_one_column_and_minus_two():
    s = overrun_world()
    a, exits = overrun_attack(s, "allied", ["a", "b"], lab("4,3"))
    assert a.attack == 25 and a.defense == 16 and crt.column_name(a.index) == "2-1" and a.drm == -2
    s, ev = do(s, "allied", {"type": "overrun", "units": ["a", "b"], "target": lab("4,3")}, 3)
    assert s.units["x"].eliminated and s.units["y"].eliminated
    assert s.units["a"].hex == lab("4,4")  # PL-D21: it ends in the exit hex


def test_pl_d21_overrunners_end_in_the_exit_hex_even_when_the_defenders_survive():
    s = overrun_world()
    s, _ = do(s, "allied", {"type": "overrun", "units": ["a"], "target": lab("4,3")}, 6)
    assert s.units["a"].hex == lab("4,4") and s.units["x"].on_map


def test_tc20_qa_overrun_o4_odds_worse_than_1_4_no_overrun_the_move_ends_in_the_entry_hex():
    units = [("h", "us_halftrack", "allied", "4,2")] + [
        (f"d{i}", "de_rifle", "german", "4,3") for i in range(4)]
    s = overrun_world(units=units)
    s, ev = do(s, "allied", {"type": "overrun", "units": ["h"], "target": lab("4,3")})
    assert s.units["h"].hex == lab("4,2") and any(e["type"] == "overrun_refused" for e in ev)


def test_tc21_overrun_targets_woods_wreck_fort_illegal_clear_hilltop_and_bridge_legal():
    woods = overrun_world(["....w..."] * 8)
    with pytest.raises(IllegalCommand, match="clear"):
        overrun_attack(woods, "allied", ["a"], lab("4,3"))
    wreck = overrun_world(wrecks={"4,3": 1})
    with pytest.raises(IllegalCommand, match="wreck"):
        overrun_attack(wreck, "allied", ["a"], lab("4,3"))
    fort = overrun_world()
    fort.forts = {lab("4,3"): {"defense": 16}}
    fort.units["x"].in_fort = True
    with pytest.raises(IllegalCommand, match="fortification"):
        overrun_attack(fort, "allied", ["a"], lab("4,3"))  # in a fort, or on top of one
    hill = overrun_world(clear(8, 8), elevation=["22222222"] * 8)
    overrun_attack(hill, "allied", ["a"], lab("4,3"))
    bridge = overrun_world(["........"] * 3 + ["~~~~~~~~"] + ["........"] * 4,
                           roads=[[[4, r] for r in range(8)]])
    overrun_attack(bridge, "allied", ["a"], lab("4,3"))  # QA O1


def test_rb_vii_d_1_a_slope_hex_is_not_clear_terrain_for_an_overrun():
    s = overrun_world(clear(8, 8), elevation=["00000000"] * 3 + ["11111111"] + ["00000000"] * 4)
    with pytest.raises(IllegalCommand):
        overrun_attack(s, "allied", ["a"], lab("4,3"))


def test_tc22_qa_overrun_o5_an_unfound_mine_in_the_overrun_hex_cancels_it():
    """PL-E2: cancelled, the mine found, the overrunners stay in their entry hex."""
    s = overrun_world(mines=[("4,3", "german")])
    s, ev = do(s, "allied", {"type": "overrun", "units": ["a"], "target": lab("4,3")})
    assert s.units["a"].hex == lab("4,2") and any(e["type"] == "overrun_cancelled" for e in ev)


def test_tc22_qa_overrun_o5_a_mine_in_the_exit_hex_stops_the_tank_after_the_overrun():
    s = overrun_world(mines=[("4,4", "german")])
    s, ev = do(s, "allied", {"type": "overrun", "units": ["a", "b"], "target": lab("4,3")}, 3)
    assert s.units["a"].hex == lab("4,4") and s.units["a"].mine == "pending"
    assert s.units["x"].eliminated


def test_qa_overrun_o9_halftracks_never_overrun_armour():
    s = overrun_world(units=[("h", "us_halftrack", "allied", "4,2"), ("p", "de_pz4", "german", "4,3")])
    with pytest.raises(IllegalCommand, match="O9"):
        overrun_attack(s, "allied", ["h"], lab("4,3"))


def test_qa_overrun_o2_no_overrun_after_using_the_road_rate():
    s = overrun_world()
    s.units["a"].road_used = True
    with pytest.raises(IllegalCommand, match="O2"):
        overrun_attack(s, "allied", ["a"], lab("4,3"))


def test_qa_overrun_o7_a_stack_suffers_one_overrun_a_phase():
    s = overrun_world(units=[("a", "us_m4", "allied", "4,2"), ("b", "us_m4", "allied", "3,3"),
                             ("x", "de_rifle", "german", "4,3")])
    s, _ = do(s, "allied", {"type": "overrun", "units": ["a"], "target": lab("4,3")}, 6)
    with pytest.raises(IllegalCommand, match="one overrun"):
        overrun_attack(s, "allied", ["b"], lab("4,3"))


def test_qa_stacking_s3_a_stack_of_four_may_be_overrun():
    units = [("a", "us_m4", "allied", "4,2")] + [(f"d{i}", "de_smg", "german", "4,3") for i in range(1)]
    units += [(f"t{i}", "de_truck", "german", "4,3") for i in range(3)]
    s = overrun_world(units=units)
    overrun_attack(s, "allied", ["a"], lab("4,3"))


def test_qa_wreckage_w2_wrecks_never_change_the_odds():
    s = world(clear(), units=[("r", "us_rifle", "allied", "4,2"), ("e", "de_rifle", "german", "4,3")],
              phase="assault", wrecks={"4,3": 2})
    assert assault_attack(s, "allied", ["r"], lab("4,3")).defense == 8


def assaulting(terrain=None, units=()):
    return world(terrain or clear(), units=units, phase="assault")


def test_tc24_qa_close_assault_cat1_rifle_and_engineer_in_woods_one_column_and_minus_two_plus_one():
    s = assaulting(["....w..."] * 8, units=[("r", "us_rifle", "allied", "4,2"),
                                           ("s", "us_rifle", "allied", "4,2"),
                                           ("g", "us_engineer", "allied", "4,2"),
                                           ("e", "de_rifle", "german", "4,3")])
    a = assault_attack(s, "allied", ["r", "s", "g"], lab("4,3"))
    assert crt.column_name(a.raw_index) == "1-2" and crt.column_name(a.index) == "1-1"
    assert a.drm == -1


def test_tc25_qa_close_assault_cat6_cat7_engineer_alone_none_several_engineers_one_paratroops_alone_one():
    e = [("e", "de_rifle", "german", "4,3")]
    s = assaulting(units=[("g", "us_engineer", "allied", "4,2"), ("h", "us_engineer", "allied", "4,2"),
                          ("r", "us_rifle", "allied", "4,2"), ("p", "us_para", "allied", "3,3"), *e])
    assert assault_attack(s, "allied", ["g"], lab("4,3")).shift == 0
    assert assault_attack(s, "allied", ["g", "h", "r"], lab("4,3")).shift == 1
    assert assault_attack(s, "allied", ["p"], lab("4,3")).shift == 1


def test_tc26_qa_close_assault_cat10_an_mg_alone_may_not_assault_with_an_engineer_it_may_and_shifts():
    s = assaulting(units=[("m", "us_mg", "allied", "4,2"), ("g", "us_engineer", "allied", "4,2"),
                          ("e", "de_rifle", "german", "4,3")])
    with pytest.raises(IllegalCommand, match="MG"):
        assault_attack(s, "allied", ["m"], lab("4,3"))
    assert assault_attack(s, "allied", ["m", "g"], lab("4,3")).shift == 1


def test_tc27_no_close_assault_from_a_stream_or_against_a_sea_hex():
    s = assaulting(["....~..."] + ["........"] * 7, units=[("r", "us_rifle", "allied", "4,0"),
                                                         ("e", "de_rifle", "german", "4,1")])
    with pytest.raises(IllegalCommand, match="stream"):
        assault_attack(s, "allied", ["r"], lab("4,1"))
    sea = assaulting(["........", "....=..."] + ["........"] * 6,
                     units=[("r", "us_rifle", "allied", "4,0"), ("e", "de_rifle", "german", "4,1")])
    with pytest.raises(IllegalCommand, match="sea"):
        assault_attack(sea, "allied", ["r"], lab("4,1"))


def test_tc28_qa_close_assault_cat4_infantry_unloaded_this_segment_may_not_assault():
    s = assaulting(units=[("r", "us_rifle", "allied", "4,2"), ("e", "de_rifle", "german", "4,3")])
    s.units["r"].unloaded = True
    with pytest.raises(IllegalCommand, match="CAT4"):
        assault_attack(s, "allied", ["r"], lab("4,3"))


def test_tc29_qa_close_assault_cat12_no_close_assault_at_1_to_5():
    s = assaulting(units=[("r", "us_mg", "allied", "4,2"), ("q", "us_rifle", "allied", "4,2")]
                   + [(f"d{i}", "de_tiger2", "german", "4,3") for i in range(3)])
    with pytest.raises(IllegalCommand, match="CAT12"):
        do(s, "allied", {"type": "assault", "units": ["q"], "target": lab("4,3")})


def test_tc30_qa_spotting_sp7_close_assault_does_not_spot_the_assaulters():
    s = assaulting(["....w..."] * 8, units=[("r", "us_rifle", "allied", "4,2"),
                                           ("e", "de_rifle", "german", "4,3")])
    s, _ = do(s, "allied", {"type": "assault", "units": ["r"], "target": lab("4,3")}, 6)
    assert s.units["r"].spotted_at is None


def test_qa_close_assault_cat9_cat8_attackers_may_come_from_several_hexes_each_unit_once():
    s = assaulting(units=[("r", "us_rifle", "allied", "4,2"), ("q", "us_rifle", "allied", "3,3"),
                          ("e", "de_rifle", "german", "4,3")])
    assert assault_attack(s, "allied", ["r", "q"], lab("4,3")).attack == 4
    with pytest.raises(IllegalCommand):
        assault_attack(s, "allied", ["r", "r"], lab("4,3"))


def test_qa_close_assault_cat3_close_assault_ignores_passengers():
    s = assaulting(units=[("r", "us_rifle", "allied", "4,2"), ("p", "de_panther", "german", "4,3"),
                          ("i", "de_rifle", "german", "4,3")])
    s.units["i"].carried_by = "p"
    a = assault_attack(s, "allied", ["r"], lab("4,3"))
    assert a.targets == ["p"] and a.defense == 12


def test_pl_d19_no_wec_in_close_assault_rifles_hit_armour_at_full_strength():
    s = assaulting(units=[("r", "us_rifle", "allied", "4,2"), ("p", "de_panther", "german", "4,3")])
    assert assault_attack(s, "allied", ["r"], lab("4,3")).attack == 2


def test_pl_d25_the_engineer_shift_is_lost_above_4_to_1_but_the_minus_two_stays():
    s = assaulting(units=[("r", "us_armd_inf", "allied", "4,2"), ("g", "us_engineer", "allied", "4,2"),
                          ("e", "de_flak88", "german", "4,3")])
    a = assault_attack(s, "allied", ["r", "g"], lab("4,3"))  # 5 against 1
    assert crt.column_name(a.index) == "4-1" and a.drm == -2


def test_qa_mines_mn4_qa_blocks_bl3_units_on_a_minefield_or_block_may_be_assaulted():
    s = assaulting(units=[("r", "us_rifle", "allied", "4,2"), ("e", "de_rifle", "german", "4,3")])
    s.mines[lab("4,3")] = {"owner": "german", "known": ["german", "allied"]}
    s.blocks.append(lab("4,3"))
    assault_attack(s, "allied", ["r"], lab("4,3"))


def of_world(terrain=None, units=None, **kw):
    units = units or [("t", "us_truck", "allied", "4,0"), ("g", "de_pz4", "german", "6,4")]
    return world(terrain or clear(10, 12), units=units, phase="move_vehicles", active="allied",
                 roads=[[[4, r] for r in range(12)]], **kw)


def test_tc46_qa_opportunity_fire_of2_a_truck_is_a_target_once_a_quarter_of_its_ma_is_spent():
    s = of_world()
    s, ev = do(s, "allied", {"type": "move", "unit": "t", "to": lab("4,8")})
    assert s.pending and s.units["t"].hex == lab("4,7")  # 7 road hexes = 3½ MP = a quarter of 14


def test_tc47_qa_opportunity_fire_of4_only_the_moving_unit_is_attacked():
    town = ["........."] * 7 + ["....t...."] + ["........."] * 4
    s = of_world(town, units=[("t", "us_truck", "allied", "4,0"), ("o", "us_rifle", "allied", "4,7"),
                              ("g", "de_pz4", "german", "6,3"), ("sp", "de_rifle", "german", "5,7")])
    s, _ = do(s, "allied", {"type": "move", "unit": "t", "to": lab("4,9")})
    assert s.units["t"].hex == lab("4,7")  # the quarter ends in the town, spotted by `sp`
    s, ev = do(s, "german", {"type": "opportunity_fire", "units": ["g"]}, 1)
    hit = next(e for e in ev if e["type"] == "attack")
    assert hit["units"] == ["t"]


def test_opportunity_firers_get_a_marker_and_may_not_fire_next_segment():
    s = of_world()
    s, _ = do(s, "allied", {"type": "move", "unit": "t", "to": lab("4,8")})
    s, _ = do(s, "german", {"type": "opportunity_fire", "units": ["g"]}, 6)
    assert s.units["g"].opfired and s.units["t"].eliminated  # 5 against 1: 4-1, X on a 6
    assert may_fire(s, s.units["g"]) is not None


def test_a_declined_window_lets_the_move_go_on():
    """PL-E3: the declining unit is not asked again during this move."""
    s = of_world()
    s, _ = do(s, "allied", {"type": "move", "unit": "t", "to": lab("4,8")})
    s, _ = do(s, "german", {"type": "decline"})
    assert s.pending is None and s.units["t"].hex == lab("4,8")


def test_qa_opportunity_fire_only_the_other_side_acts_in_the_window():
    s = of_world()
    s, _ = do(s, "allied", {"type": "move", "unit": "t", "to": lab("4,8")})
    with pytest.raises(IllegalCommand):
        do(s, "allied", {"type": "end_phase"})


def test_tc41_qa_mines_mn1_mn2_a_mine_stops_attacks_at_2_to_1_without_woods_and_spares_survivors():
    """PL-E6: the mine attack is rolled as the other side's segment opens."""
    s = world(["....w..."] * 8, units=[("r", "de_rifle", "german", "4,2")], mines=[("4,3", "allied")],
              phase="move_foot", active="german")
    s, ev = do(s, "german", {"type": "move", "unit": "r", "to": lab("4,3")})
    assert s.units["r"].hex == lab("4,3") and s.units["r"].mine == "pending"
    s.phase, s.active_side = "assault", "german"
    s, ev = do(s, "german", {"type": "end_phase"}, 6)  # the Allied segment opens: mines attack
    mine = next(e for e in ev if e.get("kind") == "mine")
    assert mine["column"] == "2-1" and mine["modified"] == 6  # no woods +1
    assert s.units["r"].mine == f"survived:{lab('4,3')}"


def test_rb_ix_a_4_a_unit_dispersed_by_a_mine_is_attacked_again():
    s = world(clear(), units=[("r", "de_rifle", "german", "4,3")], mines=[("4,3", "allied")],
              phase="assault", active="german")
    s.units["r"].mine = "pending"
    s, _ = do(s, "german", {"type": "end_phase"}, 4)  # 2-1 at 4: D
    assert s.units["r"].status == "dispersed" and s.units["r"].mine == "pending"


def test_leak_no_audience_learns_an_unfound_minefield():
    s = world(clear(), units=[("r", "us_rifle", "allied", "4,0"), ("e", "de_rifle", "german", "4,7")],
              mines=[("4,3", "german")], phase="move_foot")
    for aud in (("side", "allied"), ("seat", "allied"), ("spectator", "public")):
        assert lab("4,3") not in json.dumps(view_for(s, aud))
    assert lab("4,3") in json.dumps(view_for(s, ("side", "german")))
    steps = []
    for to in ("4,1", ):
        s, ev = do(s, "allied", {"type": "move", "unit": "r", "to": lab(to)})
        steps.append(ev)
    for ev in steps:
        assert lab("4,3") not in json.dumps(redact_events(ev, ("side", "allied"), s))


def test_a_found_minefield_is_known_to_everyone():
    s = world(clear(), units=[("r", "us_rifle", "allied", "4,2")], mines=[("4,3", "german")],
              phase="move_foot")
    s, ev = do(s, "allied", {"type": "move", "unit": "r", "to": lab("4,3")})
    for aud in (("side", "allied"), ("spectator", "public")):
        assert lab("4,3") in view_for(s, aud)["minefields"]


def test_leak_indirect_fire_orders_are_secret_to_their_side():
    s = world(clear(8, 14), units=[("mo", "us_mortar81", "allied", "4,0"), ("sp", "us_rifle", "allied", "4,8"),
                                   ("e", "de_rifle", "german", "4,10")])
    s, ev = do(s, "allied", {"type": "order_indirect", "unit": "mo", "hex": lab("4,10")})
    german = view_for(s, ("side", "german"))
    assert not [u for u in german["units"] if "order" in u] and not german["naval"]["orders"]
    assert redact_events(ev, ("side", "german"), s) == []
    assert redact_events(ev, ("spectator", "public"), s) == []
    assert [u for u in view_for(s, ("side", "allied"))["units"] if "order" in u]


def test_tc53_a_bridge_needs_a_hex_on_each_bank():
    s = world(["........"] * 3 + ["~~~~~~~~"] + ["........"] * 4, roads=[[[4, r] for r in range(8)]],
              objectives=[lab("4,3")])
    s.control = {lab("4,3"): "allied", lab("4,2"): "allied"}
    assert victory.held(s, "allied") == []
    s.control[lab("4,4")] = "allied"
    assert victory.held(s, "allied") == [lab("4,3")]


def test_pl_d26_a_truck_never_counts_as_a_loss_its_passenger_does():
    s = world(clear(), units=[("t", "de_truck", "german", "4,4"), ("r", "de_rifle", "german", "4,4")],
              loaded=[("t", "r")])
    s.units["t"].eliminated = s.units["r"].eliminated = True
    assert victory.losses(s, "german") == 1


def test_resigning_ends_the_game_for_the_other_side():
    s = world(clear(), units=[])
    s, ev = do(s, "german", {"type": "resign"})
    assert s.result["winner"] == "allied" and s.phase == "ended"


def test_a_game_ends_after_its_last_turn_with_a_result():
    s = world(clear(), units=[("r", "us_rifle", "allied", "4,4")], phase="assault", active="german")
    s.turn = s.turns
    s.attacks_made = {"allied": 3}
    s, ev = do(s, "german", {"type": "end_phase"})
    assert s.phase == "ended" and s.result["winner"] in ("allied", "german")


def test_qa_game_procedure_g6_an_attacker_that_never_attacks_has_no_battle_pl_e12():
    s = world(clear(), units=[("r", "us_rifle", "allied", "4,4")], phase="assault", active="german")
    s.turn = s.turns
    s, ev = do(s, "german", {"type": "end_phase"})
    assert s.result["winner"] is None and s.result["reason"] == "no_battle"
    assert "G6" in s.result["why"]


def test_d_agree_1_an_agreed_draw_ends_the_game_with_no_winner():
    s = world(clear(), units=[])
    s, ev = do(s, "allied", {"type": "end_agreed", "outcome": "draw"})
    assert (s.phase, s.result["winner"], s.result["agreed"]) == ("ended", None, "draw")
    assert ev[-1]["type"] == "game_over" and ev[-1]["reason"] == "drawn by agreement"


def test_d_agree_1_an_end_by_agreement_needs_a_known_outcome():
    with pytest.raises(InvalidCommand):
        do(world(clear(), units=[]), "german", {"type": "end_agreed", "outcome": "win"})
