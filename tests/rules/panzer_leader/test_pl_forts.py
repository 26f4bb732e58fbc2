"""Fortifications (17.3): stacking, repositioning, fire, indirect fire and destruction."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from games.rules.common.errors import IllegalCommand
from games.rules.panzer_leader.combat.direct_fire import direct_attack
from games.rules.panzer_leader.combat.indirect import hex_attacks
from games.rules.panzer_leader.combat.overrun import overrun_attack
from games.rules.panzer_leader.core.movement import reach
from games.rules.panzer_leader.core.stacking import counters_in, has_room, room_inside

from .kit import clear, do, lab, world


def fort_world(units, phase="move_foot", active="allied"):
    s = world(clear(), units=units, phase=phase, active=active)
    s.forts = {lab("4,4"): {"defense": 16}}
    return s


def test_tc34_qa_stacking_s2_four_inside_and_three_on_top():
    units = [(f"i{n}", "de_rifle", "german", "4,4") for n in range(4)] + [
        (f"o{n}", "de_rifle", "german", "4,4") for n in range(3)]
    s = fort_world(units, active="german")
    for n in range(4):
        s.units[f"i{n}"].in_fort = True
    assert counters_in(s, lab("4,4")) == 4 and not room_inside(s, lab("4,4"))
    assert not has_room(s, lab("4,4"))  # a fifth unit outside: illegal


def test_tc48_qa_fortifications_f2_f3_repositioning_costs_nothing_and_forbids_fire_this_turn():
    s = fort_world([("r", "us_rifle", "allied", "4,4"), ("e", "de_rifle", "german", "4,2")])
    s, ev = do(s, "allied", {"type": "reposition", "unit": "r"})
    assert s.units["r"].in_fort and s.units["r"].mp_spent == 0 and s.pending is None
    s.phase = "combat"
    with pytest.raises(IllegalCommand, match="QA F3"):
        direct_attack(s, "allied", ["r"], ["e"])


def test_qa_fortifications_f1_a_destroyed_fort_kills_those_inside_not_those_on_top():
    s = fort_world([("i", "de_rifle", "german", "4,4"), ("o", "de_rifle", "german", "4,4")])
    s.units["i"].in_fort = True
    from games.rules.panzer_leader.combat.attack_sheet import apply_result

    apply_result(s, [f"fort:{lab('4,4')}"], "X", [])
    assert s.units["i"].eliminated and not s.units["o"].eliminated
    assert lab("4,4") not in s.forts and s.wrecks[lab("4,4")] == 1


def test_a_dispersed_fort_disperses_its_occupants():
    s = fort_world([("i", "de_rifle", "german", "4,4")])
    s.units["i"].in_fort = True
    from games.rules.panzer_leader.combat.attack_sheet import apply_result

    apply_result(s, [f"fort:{lab('4,4')}"], "D", [])
    assert s.units["i"].status == "dispersed"


def test_direct_fire_at_a_fort_uses_its_defence_as_an_armoured_target():
    s = fort_world([("i", "de_rifle", "german", "4,4"), ("m", "us_m4", "allied", "4,1")], phase="combat")
    s.units["i"].in_fort = True
    a = direct_attack(s, "allied", ["m"], [f"fort:{lab('4,4')}"])
    assert a.defense == 16 and a.attack == 22  # A doubled at 3 hexes, armoured target
    with pytest.raises(IllegalCommand, match="inside"):
        direct_attack(s, "allied", ["m"], ["i"])


def test_tc08_qa_indirect_fire_if12_an_occupied_fort_is_one_counter_an_empty_one_none():
    units = [(u, "de_rifle", "german", "4,4") for u in "abc"] + [("i", "de_rifle", "german", "4,4"),
                                                                ("j", "de_rifle", "german", "4,4")]
    s = fort_world(units)
    s.units["i"].in_fort = s.units["j"].in_fort = True
    assert [a.attack for a in hex_attacks(s, lab("4,4"), F(60))][:3] == [15, 15, 15]
    empty = fort_world([(u, "de_rifle", "german", "4,4") for u in "abc"])
    assert [a.attack for a in hex_attacks(empty, lab("4,4"), F(60))] == [20, 20, 20]


def test_no_overrun_of_a_fortification_hex():
    s = fort_world([("m", "us_m4", "allied", "4,3"), ("e", "de_rifle", "german", "4,4")],
                   phase="move_vehicles")
    with pytest.raises(IllegalCommand, match="fortification"):
        overrun_attack(s, "allied", ["m"], lab("4,4"))


def test_enemies_may_move_onto_an_occupied_fort_and_must_stop_there():
    s = fort_world([("i", "de_rifle", "german", "4,4"), ("m", "us_m4", "allied", "4,2")],
                   phase="move_vehicles")
    s.units["i"].in_fort = True
    assert lab("4,4") in reach(s, s.units["m"]) and lab("4,5") not in {
        p[-1] for _, p in reach(s, s.units["m"]).values() if lab("4,4") in p[:-1]}


def test_qa_fortifications_f4_units_on_top_may_assault_the_fort_they_stand_on():
    s = fort_world([("i", "de_rifle", "german", "4,4"), ("r", "us_rifle", "allied", "4,4")],
                   phase="assault")
    s.units["i"].in_fort = True
    from games.rules.panzer_leader.combat.assault import assault_attack

    a = assault_attack(s, "allied", ["r"], lab("4,4"))
    assert a.targets == [f"fort:{lab('4,4')}"] and a.defense == 16


def test_qa_fortifications_f8_either_side_may_use_an_empty_fort():
    s = fort_world([("r", "us_rifle", "allied", "4,4")])
    s, _ = do(s, "allied", {"type": "reposition", "unit": "r"})
    assert s.units["r"].in_fort
