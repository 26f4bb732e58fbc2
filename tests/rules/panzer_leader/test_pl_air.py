"""Airpower and anti-aircraft (20)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from games.rules.common.errors import IllegalCommand
from games.rules.panzer_leader.combat import air, antiaircraft
from games.rules.panzer_leader.core.scenario import scenario_for, starting_aircraft

from .kit import clear, do, lab, world


def air_world(terrain=None, elevation=None, units=(), ordnance="rockets"):
    s = world(terrain or clear(8, 8), elevation, units=units, phase="air")
    s.aircraft = {"p": {"id": "p", "type": "us_p47", "side": "allied", "ordnance": ordnance,
                        "ordnance_left": 1, "mg_left": 4, "first": 1, "last": 5, "lost": False,
                        "flown": False}}
    return s


def test_tc45_qa_airpower_ap4_rockets_halved_against_infantry():
    s = air_world(units=[("e", "de_rifle", "german", "4,4")])
    assert air.strike_attack(s, "allied", {"p": "ordnance"}, ["e"]).attack == 10


def test_tc45_qa_airpower_ap5_no_slope_halving_for_air_attacks():
    s = air_world(elevation=["11111111"] * 8, units=[("t", "de_pz4", "german", "4,4")])
    assert air.strike_attack(s, "allied", {"p": "ordnance"}, ["t"]).attack == 20


def test_qa_airpower_ap4_bombs_are_halved_against_armour_machine_guns_useless():
    s = air_world(units=[("t", "de_pz4", "german", "4,4")], ordnance="bombs")
    assert air.strike_attack(s, "allied", {"p": "ordnance"}, ["t"]).attack == 15
    with pytest.raises(IllegalCommand, match="armour"):
        air.strike_attack(s, "allied", {"p": "mg"}, ["t"])


def test_qa_airpower_ap6_ap8_aircraft_see_units_in_woods_only_if_they_fired():
    s = air_world(["....w..."] * 8, units=[("e", "de_rifle", "german", "4,4"),
                                          ("r", "us_rifle", "allied", "4,3")])
    with pytest.raises(IllegalCommand, match="AP6"):  # an adjacent friend does not spot (AP8)
        air.strike_attack(s, "allied", {"p": "ordnance"}, ["e"])
    s.units["e"].spotted_at = lab("4,4")
    air.strike_attack(s, "allied", {"p": "ordnance"}, ["e"])


def test_qa_airpower_ap10_air_may_strike_a_unit_already_fired_on():
    s = air_world(units=[("e", "de_rifle", "german", "4,4")])
    s.units["e"].indirect_turn = s.turn
    air.strike_attack(s, "allied", {"p": "ordnance"}, ["e"])


def test_bombs_or_rockets_once_a_game_machine_guns_four_times():
    s = air_world(units=[("e", "de_rifle", "german", "4,4"), ("f", "de_rifle", "german", "4,6")])
    s, _ = do(s, "allied", {"type": "air_strike", "aircraft": {"p": "ordnance"}, "targets": ["e"]}, 6)
    s.aircraft["p"]["flown"] = False
    s.air_hexes = []
    with pytest.raises(IllegalCommand, match="no ordnance"):
        do(s, "allied", {"type": "air_strike", "aircraft": {"p": "ordnance"}, "targets": ["f"]}, 6)


def test_each_hex_is_struck_once_an_air_phase():
    s = air_world(units=[("e", "de_rifle", "german", "4,4")])
    s, _ = do(s, "allied", {"type": "air_strike", "aircraft": {"p": "mg"}, "targets": ["e"]}, 6)
    s.aircraft["p"]["flown"] = False
    with pytest.raises(IllegalCommand, match="once"):
        air.strike_attack(s, "allied", {"p": "mg"}, ["e"])


def test_pl_d16_pl_d23_aa_in_range_of_the_struck_hex_fires_first_on_the_aa_table():
    """PL-E5: the strike is declared, the AA window opens, AA fires, then the strike."""
    s = air_world(units=[("e", "de_rifle", "german", "4,4"), ("f", "de_flak20", "german", "4,7")])
    s, _ = do(s, "allied", {"type": "air_strike", "aircraft": {"p": "ordnance"}, "targets": ["e"]})
    assert s.pending["kind"] == "aa" and s.pending["eligible"] == ["f"]
    assert antiaircraft.aa_strength(s, [s.units["f"]], lab("4,4")) == 8  # doubled: 3 of 6 hexes
    s, ev = do(s, "german", {"type": "anti_aircraft", "units": ["f"], "aircraft": "p"}, 1, 6)
    aa = next(e for e in ev if e["type"] == "anti_aircraft")
    assert aa["result"] == antiaircraft.aa_result(F(8), 1) == "D" and "provisional" not in aa
    assert s.units["f"].opfired  # the blank marker (20.6)
    assert s.pending is None  # no AA left: the strike, aborted, does not go in
    assert not [e for e in ev if e["type"] == "attack"]
    s2 = air_world(units=[("e", "de_rifle", "german", "4,4"), ("f", "de_flak20", "german", "4,7")])
    s2, _ = do(s2, "allied", {"type": "air_strike", "aircraft": {"p": "ordnance"},
                              "targets": ["e"]})
    s2, ev = do(s2, "german", {"type": "decline"}, 6)
    assert [e for e in ev if e["type"] == "attack" and e["kind"] == "air"]


def test_qa_airpower_ap9_aa_beyond_range_does_not_fire():
    # the 20 mm reaches 10 hexes: the struck hex is 11 away
    s = air_world(clear(8, 12), units=[("e", "de_rifle", "german", "4,0"),
                                       ("f", "de_flak20", "german", "4,11")])
    s, ev = do(s, "allied", {"type": "air_strike", "aircraft": {"p": "mg"}, "targets": ["e"]}, 6)
    assert s.pending is None and [e for e in ev if e["type"] == "attack"]


def test_no_air_phase_without_aircraft_flying():
    s = world(clear(), units=[("r", "us_rifle", "allied", "4,4")])
    s, _ = do(s, "allied", {"type": "end_phase"})
    assert s.phase == "move_vehicles"
    s2 = air_world(units=[("r", "us_rifle", "allied", "4,4")])
    s2.phase = "combat"
    s2, _ = do(s2, "allied", {"type": "end_phase"})
    assert s2.phase == "air"


def test_pl_e18_a_plane_turned_back_by_aa_has_still_spent_its_ordnance_and_an_l5_goes_home():
    s = air_world(units=[("e", "de_rifle", "german", "4,4"),
                         ("f", "de_flak20", "german", "4,5"), ("g", "de_flak20", "german", "4,3")])
    s, _ = do(s, "allied", {"type": "air_strike", "aircraft": {"p": "ordnance"}, "targets": ["e"]})
    s, ev = do(s, "german", {"type": "anti_aircraft", "units": ["f", "g"], "aircraft": "p"}, 2)
    aa = next(e for e in ev if e["type"] == "anti_aircraft")
    assert aa["strength"] == "16" and aa["result"] == "D"  # 8 + 8, doubled at half range
    assert [e for e in ev if e["type"] == "air_strike_aborted"]
    assert s.aircraft["p"]["ordnance_left"] == 0 and not s.aircraft["p"]["lost"]


def test_two_flights_of_one_type_are_numbered_on_so_every_aircraft_keeps_its_own_counter():
    """The Guns at Steinfurt grants two P-47s in two flights (turns 2 and 4); each is a plane
    of its own, with its own ordnance, not one written over the other."""
    planes = starting_aircraft(scenario_for("pl-steinfurt-guns"))
    p47 = {pid: p for pid, p in planes.items() if p["type"] == "us_p47"}
    assert sorted(p47) == ["al-p47-1", "al-p47-2"]
    assert sorted((p["first"], p["ordnance"]) for p in p47.values()) == [
        (2, "bombs"), (4, "rockets")]


def test_20_6_an_aircraft_over_its_target_is_a_counter_naming_its_weapon_target_and_aa():
    from games.rules.panzer_leader.views import view_for

    s = air_world(units=[("e", "de_rifle", "german", "4,4"), ("f", "de_flak20", "german", "4,7")])
    s, _ = do(s, "allied", {"type": "air_strike", "aircraft": {"p": "ordnance"}, "targets": ["e"]})
    for audience in (("side", "allied"), ("side", "german"), ("spectator", "public")):
        planes = [m for m in view_for(s, audience)["markers"] if m["kind"] == "aircraft"]
        assert planes == [{"kind": "aircraft", "hex": lab("4,4"), "aircraft": "p",
                           "side": "allied", "label": "P-47", "weapon": "rockets",
                           "anti_aircraft": ["f"], "aa_hexes": [lab("4,7")],
                           # its flight: turns 1 to 5, its rockets spent on this strike
                           "flight": {"first": 1, "last": 5, "mg_left": 4, "ordnance_left": 0},
                           "title": f"P-47 Thunderbolt (rockets) strikes {lab('4,4')}, "
                                    "flying turns 1-5; 1 AA unit in range"}]


def test_20_2_an_l5_flown_into_aa_range_shows_on_every_board_while_the_aa_may_fire():
    """A plane that only flies (the L-5) opens the AA window with no strike to make: every
    audience's board shows it, watching its hex, with the AA that can reach it."""
    from games.rules.panzer_leader.views import view_for

    s = world(clear(), units=[("f", "de_flak20", "german", "4,4")], phase="air")
    s.aircraft = {"l5": {"id": "l5", "type": "us_l5", "side": "allied", "ordnance": "bombs",
                         "ordnance_left": 0, "mg_left": 0, "first": 1, "last": 5, "lost": False,
                         "flown": False, "hex": None}}
    s, _ = do(s, "allied", {"type": "fly", "aircraft": "l5", "hex": lab("4,2")})
    assert s.pending["kind"] == "aa" and s.pending["cont"] == {"strike": None}
    for audience in (("side", "allied"), ("side", "german"), ("spectator", "public")):
        planes = [m for m in view_for(s, audience)["markers"] if m["kind"] == "aircraft"]
        assert [(p["aircraft"], p["hex"], p["anti_aircraft"]) for p in planes] == [
            ("l5", lab("4,2"), ["f"])]
