"""Panzer Leader 1940 (24; QA Units U1-U5, PL 1940 P1-P8, QT4): the option `pl1940`, its
counters and Bell's experimental rules (`pl1940_bell`)."""

from __future__ import annotations

import pytest

from games.rules.common.errors import IllegalCommand
from games.rules.panzer_leader.combat.assault import assault_attack
from games.rules.panzer_leader.combat.attack_sheet import is_armored_target
from games.rules.panzer_leader.combat.overrun import overrun_attack
from games.rules.panzer_leader.core.movement import (
    allowance_left,
    can_move,
    may_quick_time,
    reach,
    terrain_cost,
)
from games.rules.panzer_leader.core.units import catalogue
from games.rules.panzer_leader.ruleset import RULESET

from .kit import clear, do, hexof, lab, world

Y1940 = ["opportunity_fire", "quick_time", "pl1940"]
BELL = [*Y1940, "pl1940_bell"]


def test_qa_pl1940_p5_no_panzerblitz_assault_and_no_riding_on_armour_in_1940():
    s = RULESET.opening_state("pl-hollenbach", ["panzerblitz_assault", "pl1940"])
    assert "panzerblitz_assault" not in s.options
    ride = world(clear(), units=[("p", "de_pz4", "german", "4,0"), ("r", "de_rifle", "german", "4,0")],
                 phase="move_vehicles", active="german", options=Y1940)
    with pytest.raises(IllegalCommand, match="1940"):
        do(ride, "german", {"type": "load", "carrier": "p", "passenger": "r"})


def test_qa_units_u1_cavalry_moves_with_the_vehicles_crosses_woods_edges_but_no_swamp():
    woods = ["....w...", "....w...", "....x...", "........"] + ["........"] * 4
    s = world(woods, units=[("c", "fr_cavalry", "allied", "3,1")], phase="move_vehicles",
              options=Y1940)
    assert can_move(s, s.units["c"]) is None  # with the vehicles (QA M3, U1)
    got = reach(s, s.units["c"])
    assert lab("4,1") in got and lab("4,2") not in got  # woods edge yes, swamp no
    assert not is_armored_target(s, s.units["c"])
    assert catalogue()["fr_cavalry"].movement == 3 and catalogue()["fr_cavalry"].overrun == "none"


def test_qa_units_u1_cavalry_assaults_only_after_moving_one_hex_or_none_and_is_never_carried():
    s = world(clear(), units=[("c", "fr_cavalry", "allied", "4,2"), ("e", "de_rifle", "german", "4,3"),
                              ("t", "fr_truck", "allied", "4,2")], phase="assault", options=Y1940)
    assault_attack(s, "allied", ["c"], lab("4,3"))
    s.units["c"].hexes_moved = 2
    with pytest.raises(IllegalCommand, match="U1"):
        assault_attack(s, "allied", ["c"], lab("4,3"))
    s.phase = "move_vehicles"
    with pytest.raises(IllegalCommand, match="U1"):
        do(s, "allied", {"type": "load", "carrier": "t", "passenger": "c"})


def test_qa_quick_time_qt4_cavalry_has_no_quick_time():
    s = world(clear(), units=[("c", "fr_cavalry", "allied", "4,2")], phase="move_vehicles",
              options=Y1940)
    assert not may_quick_time(s, s.units["c"])


def test_qa_units_u2_armoured_cars_are_armoured_i_class_ones_overrun_only_the_unarmoured():
    s = world(clear(), units=[("d", "gb_daimler", "allied", "4,2"), ("e", "de_rifle", "german", "4,3"),
                              ("t", "de_pz1", "german", "5,3")], phase="move_vehicles", options=Y1940)
    assert is_armored_target(s, s.units["d"])
    overrun_attack(s, "allied", ["d"], lab("4,3"))
    s.units["t"].hex = lab("4,3")
    with pytest.raises(IllegalCommand, match="may not overrun"):
        overrun_attack(s, "allied", ["d"], lab("4,3"))


def test_qa_units_u3_motorcycles_are_unarmoured_move_as_armour_and_never_assault():
    s = world(clear(), units=[("k", "de_krad", "german", "4,2"), ("e", "fr_rifle", "allied", "4,3"),
                              ("s", "fr_h35", "allied", "5,3")], phase="move_vehicles",
              active="german", options=Y1940)
    t = catalogue()["de_krad"]
    assert not is_armored_target(s, s.units["k"]) and t.move_class == "tracked" and not t.carries
    overrun_attack(s, "german", ["k"], lab("4,3"))
    s.units["s"].hex = lab("4,3")
    with pytest.raises(IllegalCommand, match="may not overrun"):
        overrun_attack(s, "german", ["k"], lab("4,3"))
    s.phase = "assault"
    with pytest.raises(IllegalCommand, match="infantry-type"):
        assault_attack(s, "german", ["k"], lab("4,3"))


def test_qa_units_u5_which_vehicles_move_as_trucks_is_read_from_the_counter_data():
    s = world(clear(), units=[("p", "fr_panhard", "allied", "4,2")], options=Y1940)
    assert catalogue()["fr_panhard"].move_class == "truck"
    assert terrain_cost(s, catalogue()["fr_panhard"], hexof(s, "4,3")) == 2
    assert terrain_cost(s, catalogue()["gb_daimler"], hexof(s, "4,3")) == 1


def test_qa_pl1940_p1_the_pzjg_47_and_the_gw_1_never_overrun():
    s = world(clear(), units=[("j", "de_pzjg47", "german", "4,2"), ("w", "de_gw1", "german", "3,3"),
                              ("e", "fr_rifle", "allied", "4,3")], phase="move_vehicles",
              active="german", options=Y1940)
    for u in ("j", "w"):
        with pytest.raises(IllegalCommand, match="may not overrun"):
            overrun_attack(s, "german", [u], lab("4,3"))


def test_qa_pl1940_p2_armoured_cars_fire_and_move_half_under_the_turreted_rule_only_in_1940():
    both = ["opportunity_fire", "pl1940", "turreted_afv"]
    s = world(clear(), units=[("p", "fr_panhard", "allied", "4,2")], phase="move_vehicles",
              options=both)
    s.units["p"].fired = True
    assert can_move(s, s.units["p"]) is None and allowance_left(s.units["p"], s) == 5
    late = world(clear(), units=[("p", "fr_panhard", "allied", "4,2")], phase="move_vehicles",
                 options=["opportunity_fire", "turreted_afv"])
    late.units["p"].fired = True
    assert "fired" in can_move(late, late.units["p"])


def test_qa_pl1940_p3_the_counter_errata_pz_i_and_daimler_i_class_panhard_a_and_i():
    cat = catalogue()
    assert cat["de_pz1"].weapon == "I" and cat["gb_daimler"].weapon == "I"
    assert cat["fr_panhard"].weapon == "A" and cat["fr_panhard"].weapons == ("I",)
    assert RULESET.counter_types("pl-1940-semois-ford")["fr_panhard"]["weapons"] == ["I"]


def test_qa_pl1940_p6_bell_1_no_minus_two_against_armour_but_against_the_rest_with_it():
    """PL-E19."""
    s = world(clear(), units=[("r", "de_rifle", "german", "4,2"), ("g", "de_engineer", "german", "4,2"),
                              ("t", "fr_h35", "allied", "4,3"), ("i", "fr_rifle", "allied", "4,3")],
              phase="assault", active="german", options=BELL)
    a = assault_attack(s, "german", ["r", "g"], lab("4,3"))
    assert a.targets == ["t"] and a.drm == 0 and a.shift == 1  # the engineer still shifts
    (rest,) = a.extra
    assert rest.targets == ["i"] and rest.drm == -2 and rest.attack == a.attack
    plain = world(clear(), units=[("r", "de_rifle", "german", "4,2"), ("t", "fr_h35", "allied", "4,3")],
                  phase="assault", active="german", options=Y1940)
    assert assault_attack(plain, "german", ["r"], lab("4,3")).drm == -2


def test_qa_pl1940_p7_bell_2_armour_alone_in_woods_loses_its_cover_against_assault_from_woods():
    woods = ["....w..."] * 8
    s = world(woods, units=[("r", "de_rifle", "german", "4,2"), ("t", "fr_h35", "allied", "4,3")],
              phase="assault", active="german", options=BELL)
    assert assault_attack(s, "german", ["r"], lab("4,3")).drm == 0  # -2 gone (Bell 1), +1 gone
    s.units["i"] = type(s.units["t"])(id="i", type_id="fr_rifle", side="allied", hex=lab("4,3"))
    assert assault_attack(s, "german", ["r"], lab("4,3")).drm == 1  # infantry with it: covered


def test_qa_pl1940_p8_bell_3_armour_overruns_the_unarmoured_in_woods_without_the_bonus():
    woods = ["....w..."] * 8
    s = world(woods, units=[("p", "de_pz3_40", "german", "4,2"), ("e", "fr_rifle", "allied", "4,3")],
              phase="move_vehicles", active="german", options=BELL)
    a, _ = overrun_attack(s, "german", ["p"], lab("4,3"))
    assert a.shift == 0 and a.drm == 1  # no column, no -2; the woods +1 stays
    s.units["t"] = type(s.units["e"])(id="t", type_id="fr_h35", side="allied", hex=lab("4,3"))
    with pytest.raises(IllegalCommand, match="P8"):
        overrun_attack(s, "german", ["p"], lab("4,3"))
    without = world(woods, units=[("p", "de_pz3_40", "german", "4,2"),
                                  ("e", "fr_rifle", "allied", "4,3")],
                    phase="move_vehicles", active="german", options=Y1940)
    with pytest.raises(IllegalCommand, match="clear"):
        overrun_attack(without, "german", ["p"], lab("4,3"))
