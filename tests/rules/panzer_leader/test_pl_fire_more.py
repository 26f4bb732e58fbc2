"""More fire: fortifications shared with the other side (QA DF1, F7; TC-49), forts to be
spotted and entered off the road rate (12.2, 7.6), streams (2.4; QA ST3), units afloat
(19.3: hidden, halved indirect fire, DD survival), mines on a beach (17.1), overruns on a
beach (PL-D8), naval fire (19.4; QA N2), the L-5 (20.2) and AA (QA AP2, AP9, AP12, FF1)."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest

from games.rules.common.errors import IllegalCommand
from games.rules.panzer_leader.combat.assault import assault_attack
from games.rules.panzer_leader.combat.direct_fire import direct_attack
from games.rules.panzer_leader.combat.indirect import hex_attacks, order, spotters_for
from games.rules.panzer_leader.combat.overrun import overrun_attack
from games.rules.panzer_leader.core import hidden
from games.rules.panzer_leader.core.movement import reach
from games.rules.panzer_leader.ruleset import RULESET as rs
from games.rules.panzer_leader.views import redact_events, view_for

from .kit import clear, do, lab, world


def fort(s, cell="4,4", defense=16):
    s.forts = {lab(cell): {"defense": defense}}
    return s


def test_tc49_qa_fortifications_f7_fire_at_a_fort_with_our_units_on_top_is_applied_twice():
    s = fort(world(clear(), units=[("i", "de_rifle", "german", "4,4"), ("a", "us_m4", "allied", "4,4"),
                                   ("b", "us_m4", "allied", "4,2"), ("c", "us_m4_76", "allied", "4,3")]))
    s.units["i"].in_fort = True
    a = direct_attack(s, "allied", ["a", "b", "c"], [f"fort:{lab('4,4')}"])
    assert a.targets == [f"fort:{lab('4,4')}"] and a.defense == 16
    (own,) = a.extra
    assert own.targets == ["a"] and own.attack == a.attack and own.defense == 9
    s, ev = do(s, "allied", {"type": "fire", "units": ["a", "b", "c"],
                             "targets": [f"fort:{lab('4,4')}"]}, 6, 1)
    rolls = [e for e in ev if e["type"] == "attack"]
    assert len(rolls) == 2 and rolls[1]["units"] == ["a"]  # separate odds, separate rolls


def test_qa_direct_fire_df1_enemy_on_our_fort_in_a_town_is_fired_on_twice():
    town = ["........"] * 4 + ["....t..."] + ["........"] * 3
    s = fort(world(town, units=[("in", "us_rifle", "allied", "4,4"), ("e", "de_rifle", "german", "4,4"),
                                ("m", "us_m4", "allied", "4,1")]))
    s.units["in"].in_fort = True
    a = direct_attack(s, "allied", ["m"], ["e"])
    assert a.targets == ["e"] and [x.targets for x in a.extra] == [[f"fort:{lab('4,4')}"]]
    assert a.extra[0].attack == a.attack and a.extra[0].defense == 16
    open_ground = fort(world(clear(), units=[("in", "us_rifle", "allied", "4,4"),
                                             ("e", "de_rifle", "german", "4,4"),
                                             ("m", "us_m4", "allied", "4,1")]))
    open_ground.units["in"].in_fort = True
    assert not direct_attack(open_ground, "allied", ["m"], ["e"]).extra  # singled out


def test_qa_direct_fire_df1_a_close_assault_on_the_enemy_on_our_fort_hits_our_fort_too():
    s = fort(world(clear(), units=[("in", "us_rifle", "allied", "4,4"), ("e", "de_rifle", "german", "4,4"),
                                   ("r", "us_rifle", "allied", "4,3")], phase="assault"))
    s.units["in"].in_fort = True
    a = assault_attack(s, "allied", ["r"], lab("4,4"))
    assert a.targets == ["e"] and a.extra[0].targets == [f"fort:{lab('4,4')}"]


def test_12_2_a_fort_in_woods_must_be_spotted_like_anything_else():
    woods = ["........"] * 4 + ["....w..."] + ["........"] * 3
    s = fort(world(woods, units=[("i", "de_rifle", "german", "4,4"), ("m", "us_m4", "allied", "4,0")]))
    s.units["i"].in_fort = True
    with pytest.raises(IllegalCommand, match="not spotted"):
        direct_attack(s, "allied", ["m"], [f"fort:{lab('4,4')}"])
    s.units["i"].spotted_at = lab("4,4")  # it fired from there in sight of the tank
    direct_attack(s, "allied", ["m"], [f"fort:{lab('4,4')}"])


def test_7_6_a_fort_hex_is_never_entered_at_the_road_rate():
    road = [[4, r] for r in range(8)]
    s = fort(world(clear(), units=[("m", "us_m4", "allied", "4,2")], roads=[road],
                   phase="move_vehicles"), "4,3")
    assert reach(s, s.units["m"])[lab("4,3")][0] == 1  # not 1/2


def test_2_4_a_unit_in_a_stream_is_fired_on_from_the_ground_only_when_adjacent():
    stream = ["........"] * 4 + ["....~..."] + ["........"] * 3
    s = world(stream, units=[("e", "de_rifle", "german", "4,4"), ("m", "us_m4", "allied", "4,1"),
                             ("n", "us_m4", "allied", "4,3")])
    with pytest.raises(IllegalCommand, match="only when adjacent"):
        direct_attack(s, "allied", ["m"], ["e"])
    direct_attack(s, "allied", ["n"], ["e"])


def test_qa_streams_st3_from_a_slope_a_stream_unit_is_seen_only_with_a_friend_beside_it():
    """PL-E17."""
    stream = ["........"] * 4 + ["....~..."] + ["........"] * 3
    elev = ["11111111"] + ["00000000"] * 7
    s = world(stream, elev, units=[("e", "de_rifle", "german", "4,4"), ("m", "us_m4", "allied", "4,0")])
    with pytest.raises(IllegalCommand, match="friend adjacent"):
        direct_attack(s, "allied", ["m"], ["e"])
    assert spotters_for(s, "allied", lab("4,4")) == []
    s.units["r"] = type(s.units["m"])(id="r", type_id="us_rifle", side="allied", hex=lab("4,5"))
    direct_attack(s, "allied", ["m"], ["e"])
    assert "m" in spotters_for(s, "allied", lab("4,4"))


def test_13_4_indirect_fire_at_a_unit_afloat_is_halved_it_is_armoured_19_3():
    coast = ["==b....."] * 8
    s = world(coast, units=[("r", "us_rifle", "allied", "1,3")])
    s.units["r"].afloat = True
    (a,) = hex_attacks(s, lab("1,3"), F(40))
    assert a.attack == 20 and a.defense == 8


def test_17_1_landing_on_a_mined_beach_stops_the_unit_and_finds_the_minefield():
    coast = ["==b....."] * 8
    s = world(coast, units=[("m", "us_m4", "allied", "1,3")], mines=[("2,3", "german")],
              phase="move_vehicles")
    s.units["m"].afloat, s.units["m"].entry_turn, s.turn = True, 2, 2
    s, ev = do(s, "allied", {"type": "land", "unit": "m", "to": lab("2,3")})
    assert s.units["m"].stopped and s.units["m"].mine == "pending"
    assert lab("2,3") in view_for(s, ("side", "allied"))["minefields"]


def test_17_1_an_engineer_stepping_off_its_work_onto_a_minefield_stops_there():
    road = [[4, r] for r in range(8)]
    s = world(clear(), units=[("g", "us_engineer", "allied", "4,2"), ("v", "us_truck", "allied", "4,2")],
              roads=[road], mines=[("4,3", "german")], phase="move_foot")
    s.units["g"].vehicle = "v"
    for _ in range(4):
        s, _ = do(s, "allied", {"type": "engineer", "units": ["g"], "task": "make_block",
                                "hex": lab("4,2")})
        s.turn += 1
        s.units["g"].moved = False
    s, ev = do(s, "allied", {"type": "engineer", "units": ["g"], "task": "make_block",
                             "hex": lab("4,2"), "to": lab("4,3")}, 1)
    assert s.units["g"].mine == "pending" and [e for e in ev if e["type"] == "minefield_found"]


def test_pl_d8_an_overrun_may_go_through_a_beach_hex():
    beach = ["...b...."] * 8
    s = world(beach, units=[("a", "us_m4", "allied", "3,2"), ("x", "de_rifle", "german", "3,3")],
              phase="move_vehicles")
    overrun_attack(s, "allied", ["a"], lab("3,3"))


def afloat_world():
    coast = ["==b......."] * 8
    s = world(coast, units=[("d", "us_m4_dd", "allied", "1,2"), ("r", "us_rifle", "allied", "1,4"),
                            ("g", "de_pz4", "german", "5,3")], active="german")
    for u in ("d", "r"):
        s.units[u].afloat, s.units[u].entry_turn = True, 2
    return s


def test_19_3_a_unit_afloat_is_face_down_to_the_enemy_and_the_public():
    """PL-E10."""
    s = afloat_world()
    for aud in (("side", "german"), ("spectator", "public")):
        v = view_for(s, aud)
        down = [u for u in v["units"] if u.get("hidden")]
        assert len(down) == 2 and "us_m4_dd" not in json.dumps(v) and '"d"' not in json.dumps(v)
    assert not [u for u in view_for(s, ("side", "allied"))["units"] if u.get("hidden")]


def test_19_3_fire_is_committed_at_a_face_down_counter_and_turns_it_up():
    s = afloat_world()
    handle = hidden.handle(s, "german", s.units["d"])
    with pytest.raises(IllegalCommand, match="know of no enemy unit"):
        do(s, "german", {"type": "fire", "units": ["g"], "targets": ["d"]})  # the real id
    p = rs.composed_preview(s, "german", {"type": "fire", "units": ["g"], "targets": [handle]})
    assert p["ok"] and p["hidden"] and "defense" not in p["attack"]
    s, ev = do(s, "german", {"type": "fire", "units": ["g"], "targets": [handle]}, 6)
    assert s.units["d"].revealed
    seen = redact_events(ev, ("side", "german"), s)
    assert [e for e in seen if e["type"] == "revealed" and e["was"] == handle]
    why = rs.why_not(afloat_world(), "german", ["g"], s.units["d"].hex)
    assert "al-" not in json.dumps(why)  # the board's "why not" names it by its handle too


def test_tc44_a_dd_tank_rolls_for_survival_before_anything_lands_and_the_roll_is_private():
    from games.rules.panzer_leader.core import scenario

    s = afloat_world()
    scenario.scenario_for(s.scenario_id).raw["dd_survival"] = 4
    s.turn, s.active_side, s.phase = 2, "allied", "air"
    s, ev = do(s, "allied", {"type": "end_phase"}, 5)
    assert s.units["d"].eliminated and not s.units["r"].eliminated
    german = redact_events(ev, ("side", "german"), s)
    assert not [e for e in german if e["type"] == "dd_survival"]
    assert "us_m4_dd" not in json.dumps(german) and '"d"' not in json.dumps(german)


def test_qa_naval_n2_naval_direct_fire_comes_from_sea_level_halved_against_slopes():
    """PL-E20."""
    coast = ["==b......."] * 10
    elev = ["0000001111"] * 10
    s = world(coast, elev, units=[("e", "de_rifle", "german", "6,5"), ("t", "de_pz4", "german", "4,5")])
    s.naval = [{"side": "allied", "points": 60, "first": 1, "last": 5}]
    s.options = sorted({*s.options, "naval_support"})
    slope = direct_attack(s, "allied", [], ["e"], navy=20)
    assert slope.attack == 10  # (H) on a slope: halved for the slope
    tank = direct_attack(s, "allied", [], ["t"], navy=20)
    assert tank.attack == 10  # always beyond six hexes: halved against armour
    with pytest.raises(IllegalCommand, match="lots of at least 20"):
        direct_attack(s, "allied", [], ["t"], navy=10)


def test_19_4_naval_indirect_orders_are_written_two_turns_ahead_and_need_a_ground_spotter():
    coast = ["==b......."] * 10
    s = world(coast, units=[("e", "de_rifle", "german", "7,5"), ("r", "us_rifle", "allied", "5,5")])
    s.naval = [{"side": "allied", "points": 40, "first": 1, "last": 5}]
    s.options = sorted({*s.options, "naval_support"})
    s, ev = do(s, "allied", {"type": "order_indirect", "naval": 40, "hex": lab("7,5")})
    assert s.naval_orders[0]["turn"] == 3 and ev[0]["private"] == "allied"
    assert view_for(s, ("side", "german"))["naval"]["orders"] == []
    with pytest.raises(IllegalCommand, match="naval points are left"):
        do(s, "allied", {"type": "order_indirect", "naval": 20, "hex": lab("7,5")})


def l5_world(units):
    wall = ["............"] * 15 + ["wwwwwwwwwwww"] + ["............"] * 20  # no ground sight
    s = world(wall, units=units)
    s.aircraft = {"l5": {"id": "l5", "type": "us_l5", "side": "allied", "ordnance": "bombs",
                         "ordnance_left": 0, "mg_left": 0, "first": 1, "last": 5, "lost": False,
                         "flown": False, "hex": None}}
    return s


def test_20_2_the_l5_sights_units_in_the_open_within_30_hexes_for_indirect_fire():
    s = l5_world([("h", "us_how105", "allied", "4,0"), ("e", "de_rifle", "german", "4,30")])
    with pytest.raises(IllegalCommand, match="no friendly spotter"):
        order(s.copy(), "allied", "h", lab("4,30"))
    s.phase = "air"
    s, ev = do(s, "allied", {"type": "fly", "aircraft": "l5", "hex": lab("4,5")})
    s.phase = "combat"
    o = order(s, "allied", "h", lab("4,30"))
    assert o["spotters"] == ["air:l5"]


def test_qa_airpower_ap9_aa_may_fire_at_any_plane_in_range_not_only_attackers():
    s = world(clear(), units=[("f", "de_flak20", "german", "4,4"), ("e", "de_rifle", "german", "4,7")],
              phase="air")
    s.aircraft = {"l5": {"id": "l5", "type": "us_l5", "side": "allied", "ordnance": "bombs",
                         "ordnance_left": 0, "mg_left": 0, "first": 1, "last": 5, "lost": False,
                         "flown": False, "hex": None}}
    s, _ = do(s, "allied", {"type": "fly", "aircraft": "l5", "hex": lab("4,2")})
    assert s.pending["kind"] == "aa" and s.pending["aircraft"] == ["l5"]
    s, ev = do(s, "german", {"type": "anti_aircraft", "units": ["f"], "aircraft": "l5"}, 1)
    assert s.units["f"].opfired


def test_qa_airpower_ap2_qa_experimental_ff1_aa_guns_fire_only_into_their_field_their_hex_in_it():
    from games.rules.panzer_leader.combat import antiaircraft

    s = world(clear(), units=[("f", "de_flak20", "german", "4,4")], phase="air",
              options=["field_of_fire"])
    s.units["f"].facing = 0  # north
    assert antiaircraft.reaches(s, s.units["f"], {"hex": lab("4,2")})
    assert not antiaircraft.reaches(s, s.units["f"], {"hex": lab("4,6")})  # behind it
    assert antiaircraft.reaches(s, s.units["f"], {"hex": lab("4,4")})  # its own hex


def test_qa_airpower_ap12_aa_capability_comes_from_the_unit_data():
    from games.rules.panzer_leader.core.units import catalogue

    aa = sorted(t for t, u in catalogue().items() if u.aa)
    # RB XII.D.2's German four, and the transcription's American 40 mm and M-16 (PL-D18)
    assert aa == ["de_flak20", "de_flak20_4", "de_flak37", "de_wirbelwind", "us_bofors40", "us_m16"]
    s = world(clear(), units=[("g", "de_pz4", "german", "4,4")], phase="air")
    s.aircraft = {"p": {"id": "p", "type": "us_p47", "side": "allied", "ordnance": "bombs",
                        "ordnance_left": 1, "mg_left": 4, "first": 1, "last": 5, "lost": False,
                        "flown": False, "hex": None}}
    s.units["e"] = type(s.units["g"])(id="e", type_id="de_rifle", side="german", hex=lab("4,5"))
    s, _ = do(s, "allied", {"type": "air_strike", "aircraft": {"p": "mg"}, "targets": ["e"]}, 6)
    assert s.pending is None  # a tank is no AA unit
