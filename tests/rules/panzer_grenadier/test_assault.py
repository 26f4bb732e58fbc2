"""Assault through the procedure (12.1-12.5, 14.35): digest cases 23-26, D14, D-COMBAT-ASSAULT-SIDES."""

from __future__ import annotations

import pytest
from builders import Scene

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.combat.assault import (
    AssaultSituation,
    assault_hexes,
    assault_problems,
    assault_shifts,
    must_resolve_now,
    resolve_assault_round,
)


def of_type(events, kind):
    return [e for e in events if e.type == kind]


def by_side(events, kind, side):
    return [e for e in events if e.type == kind and e.get("side") == side]


def round_(s, dice, **kw):
    sit = AssaultSituation(hex=s.hex("0204"), attacker="ge", **kw)
    return resolve_assault_round(s.map, s.state(), sit, ScriptedDice.of(*dice), s.catalogue())


def test_case_23_13_factors_against_woods_with_an_infantry_leader_is_column_13_and_die_4_is_m2():
    s = Scene(terrain={"0204": "light_woods"})
    s.add("a1", "rifle", "ge", "0204")
    s.add("a2", "rifle", "ge", "0204")
    s.add("a3", s.infantry(3), "ge", "0204")
    s.add("L", "ldr", "ge", "0204")
    s.add("d1", "rifle", "ru", "0204")
    # attacker die 4, defender die 1; then M2 check for d1 (1+1)
    state, events = round_(s, [4, 1, 1, 1])
    assert by_side(events, "fire", "ge")[0]["value"] == 13
    assert sorted(e["reason"] for e in by_side(events, "shift", "ge")) == [
        "defenders occupy light woods",
        "side includes a friendly undemoralized infantry leader",
    ]
    assert by_side(events, "column", "ge")[0]["column"] == "13"
    assert by_side(events, "result", "ge")[0]["code"] == "M2"
    assert [c["unit"] for c in of_type(events, "morale_check")] == ["d1"]
    assert of_type(events, "morale_check")[0]["dice_modifier"] == 2
    assert of_type(events, "assault_round")[0]["order"] == "simultaneous"


def test_case_24_entrenched_defenders_fire_first_and_shift_the_attacker_2_left():
    s = Scene()
    s.mark("0204", "entrenchment")
    s.add("a1", "rifle", "ge", "0204")
    s.add("a2", "rifle", "ge", "0204")
    s.add("d1", "rifle", "ru", "0204")
    state, events = round_(s, [1, 6, 1, 1])  # defender die 1 first, then attacker die 6, check d1
    assert of_type(events, "assault_round")[0]["order"] == "defender first"
    rolls = [(e["purpose"], e.get("side")) for e in of_type(events, "roll")]
    assert rolls[:2] == [("assault fire", "ru"), ("assault fire", "ge")]
    col = by_side(events, "column", "ge")[0]
    assert col["base_column"] == "9" and col["column"] == "3"
    assert by_side(events, "result", "ge")[0]["code"] == "M1"


def test_d14_entrenchment_shift_and_first_fire_apply_on_the_first_round_only():
    """D14."""
    s = Scene()
    s.mark("0204", "entrenchment")
    s.add("a1", "rifle", "ge", "0204")
    s.add("a2", "rifle", "ge", "0204")
    s.add("d1", "rifle", "ru", "0204")
    state, events = round_(s, [1, 1], first_round=False)
    assert of_type(events, "assault_round")[0]["order"] == "simultaneous"
    assert by_side(events, "shift", "ge") == []


@pytest.mark.parametrize("die, expected", [(6, "M"), (5, "-")])
def test_case_25_a_demoralized_defender_fires_at_a_quarter(die, expected):
    s = Scene()
    s.add("a1", s.infantry(1), "ge", "0204")
    s.add("d1", s.infantry(8), "ru", "0204", status="demoralized")
    state, events = round_(s, [1, die, 1, 1])
    assert by_side(events, "fire", "ru")[0]["value"] == 2
    assert by_side(events, "column", "ru")[0]["column"] == "1"
    assert by_side(events, "result", "ru")[0]["code"] == expected


def test_case_26_31_factors_die_6_is_3m2_best_morale_first_and_one_loss_from_an_afv():
    s = Scene()
    s.add("x1", s.infantry(11), "ge", "0204")
    s.add("x2", s.infantry(10), "ge", "0204")
    s.add("x3", s.infantry(10), "ge", "0204")
    s.add("a_inf", "rifle", "ru", "0204")
    s.add("b_tank", "tank", "ru", "0204")
    s.add("c_inf", "rifle", "ru", "0204", status="demoralized")
    for i in range(3):
        s.add(f"tr{i}", "truck", "ru", "0204")
    dice = [6, 1] + [1] * 20
    state, events = round_(s, dice)
    assert by_side(events, "fire", "ge")[0]["value"] == 31
    assert by_side(events, "result", "ge")[0]["code"] == "3M2"
    losses = [(e["unit"], e["category"]) for e in of_type(events, "step_loss")]
    assert losses == [
        ("a_inf", "a"),
        ("b_tank", "a"),
        ("c_inf", "a"),
        ("tr0", "b"),
        ("tr1", "b"),
        ("tr2", "b"),
    ]
    assert all(c["dice_modifier"] == 2 for c in of_type(events, "morale_check"))


def test_best_morale_first_picks_the_good_order_unit_over_a_demoralized_one():
    s = Scene()
    s.add("x1", s.infantry(13), "ge", "0204")
    s.add("a_demo", "rifle", "ru", "0204", status="demoralized")
    s.add("b_good", "rifle", "ru", "0204")
    state, events = round_(s, [5, 1, 1, 1, 1, 1])  # 13 +1 (all enemy demoralized? no) -> 1M2
    assert by_side(events, "result", "ge")[0]["code"] == "1M2"
    assert of_type(events, "step_loss")[0]["unit"] == "b_good"


def test_hmg_and_aa_are_half_without_dismounted_infantry():
    s = Scene()
    s.add("h", "hmg", "ge", "0204")
    s.add("d1", "rifle", "ru", "0204")
    _, events = round_(s, [1, 1])
    assert by_side(events, "fire", "ge")[0]["value"] == 4
    s.add("inf", "rifle", "ge", "0204")
    _, events = round_(s, [1, 1])
    assert by_side(events, "fire", "ge")[0]["value"] == 13


def test_d_combat_assault_sides_terrain_protects_defenders_only_and_side_shifts_apply_to_both():
    """D-COMBAT-ASSAULT-SIDES."""
    s = Scene(terrain={"0204": "town"})
    s.add("a_tank", "tank", "ge", "0204")
    s.add("a_inf", "rifle", "ge", "0204")
    s.add("eng", "engineer", "ge", "0204")
    s.add("d_tank", "tank", "ru", "0204")
    state = s.state()
    sit = AssaultSituation(hex=s.hex("0204"), attacker="ge")
    att = {x.reason: x.shift for x in assault_shifts(s.map, state, s.catalogue(), sit, "ge")}
    dfd = {x.reason: x.shift for x in assault_shifts(s.map, state, s.catalogue(), sit, "ru")}
    assert att == {
        "defenders occupy a town": -2,
        "side includes undemoralized closed-top AFVs and infantry": 1,
        "side includes engineers assaulting a town or entrenchment": 1,
        "enemy AFVs in town or woods without supporting dismounted infantry": 1,
    }
    assert dfd == {}


def test_defender_on_a_hill_gets_plus_1_on_the_first_round_and_major_river_hurts_the_attacker():
    s = Scene(elevation={"0204": 1})
    s.add("a", "rifle", "ge", "0204")
    s.add("d", "rifle", "ru", "0204")
    sit = AssaultSituation(
        hex=s.hex("0204"), attacker="ge", entered_from=frozenset({s.hex("0203")})
    )
    dfd = [x.reason for x in assault_shifts(s.map, s.state(), s.catalogue(), sit, "ru")]
    assert dfd == ["defender on a hill, higher than every hex the attackers came from"]
    r = Scene(terrain={"0204": "major_river"})
    r.add("a", "rifle", "ge", "0204")
    r.add("d", "rifle", "ru", "0204")
    sit = AssaultSituation(hex=r.hex("0204"), attacker="ge")
    att = {x.reason: x.shift for x in assault_shifts(r.map, r.state(), r.catalogue(), sit, "ge")}
    assert att == {"attacker in a major river on the first round, no defending engineers": -2}


def test_german_afvs_always_count_as_combined_arms_and_charging_cavalry_adds_one():
    s = Scene()
    s.add("p", "panther", "ge", "0204")
    s.add("d", "rifle", "ru", "0204")
    sit = AssaultSituation(hex=s.hex("0204"), attacker="ge", charging=True)
    att = [x.reason for x in assault_shifts(s.map, s.state(), s.catalogue(), sit, "ge")]
    assert att == ["side includes German or Soviet Guards AFVs", "charging cavalry assaulting"]


def test_only_good_order_units_and_leaders_of_their_type_may_assault():
    s = Scene()
    s.add("a", "rifle", "ge", "0203", status="disrupted")
    s.add("T", "tank_ldr", "ge", "0203")
    s.add("d", "rifle", "ru", "0204")
    problems = assault_problems(s.map, s.state(), ["a", "T"], s.hex("0204"), s.catalogue())
    assert any("good-order" in p for p in problems)
    assert any("tank leader" in p for p in problems)


def test_d14_an_assault_is_resolved_at_once_only_into_a_hex_without_friendly_units():
    """D14."""
    s = Scene()
    s.add("a", "rifle", "ge", "0204")
    s.add("d", "rifle", "ru", "0204")
    st = s.state()
    assert must_resolve_now(st, "ge", s.hex("0204"), movers=["a"])
    s.add("b", "rifle", "ge", "0204")
    assert not must_resolve_now(s.state(), "ge", s.hex("0204"), movers=["b"])


def test_d14_a_hex_still_holding_both_sides_stays_an_assault_hex_until_one_side_is_gone():
    """D14."""
    s = Scene()
    s.add("a", "rifle", "ge", "0204")
    s.add("d", "rifle", "ru", "0204", steps=1)
    state, events = round_(s, [1, 1])
    assert assault_hexes(state) == [(s.hex("0204"), "ge")]
    assert of_type(events, "assault_round")[-1]["continues"]
    sit = AssaultSituation(hex=s.hex("0204"), attacker="ge", first_round=False)
    state, events = resolve_assault_round(
        s.map, state, sit, ScriptedDice.of(6, 1, 1, 1), s.catalogue()
    )
    assert of_type(events, "assault_round")[0]["first_round"] is False
    assert by_side(events, "result", "ge")[0]["code"] == "M2"  # column 5, die 6: the fight goes on
    assert assault_hexes(state) == [(s.hex("0204"), "ge")]
    s2 = Scene()
    s2.add("a", s2.infantry(13), "ge", "0204")
    s2.add("d", "rifle", "ru", "0204", steps=1)
    state, events = resolve_assault_round(
        s2.map,
        s2.state(),
        AssaultSituation(s2.hex("0204"), "ge"),
        ScriptedDice.of(6, 1),
        s2.catalogue(),
    )
    assert state.units["d"].eliminated
    assert assault_hexes(state) == []
    assert of_type(events, "assault_round")[-1]["holder"] == "ge"


def test_14_35_a_demoralized_unit_failing_a_check_in_an_assault_hex_leaves_by_one_hex():
    s = Scene()
    s.add("a", s.infantry(5), "ge", "0204")
    s.add("d", "rifle", "ru", "0204", status="demoralized")
    state, events = round_(
        s, [6, 1, 3, 2]
    )  # 5 +1 (all enemy demoralized) -> column 9, die 6 -> 1M2; 7 vs 6
    flight = of_type(events, "flee")
    assert flight and len(flight[0]["path"]) == 1
    assert state.units["d"].hex != s.hex("0204")


def test_an_assault_needs_both_sides_in_the_hex():
    s = Scene()
    s.add("a", "rifle", "ge", "0204")
    with pytest.raises(IllegalCommand):
        round_(s, [1, 1])


def test_moving_into_a_hex_held_only_by_enemy_leaders_is_a_survival_roll_not_an_assault():
    """D-COMBAT-671."""
    s = Scene()
    s.add("a", "rifle", "ge", "0204")
    s.add("L", "ldr", "ru", "0204")
    state, events = round_(s, [6, 6])
    assert of_type(events, "assault_round") == []
    assert of_type(events, "leader_survival")[0]["survived"] is False
    assert state.units["L"].eliminated
