"""Odds before committing (10.2, 11.1, 12.4, 14.1): column, shifts with reasons, probabilities."""

from __future__ import annotations

import json
from fractions import Fraction

from builders import Scene

from games.rules.panzer_grenadier.combat.assault import AssaultSituation
from games.rules.panzer_grenadier.combat.fire import FireDeclaration
from games.rules.panzer_grenadier.combat.odds import assault_odds, fire_odds, morale_check_odds


def total(probs):
    return sum(Fraction(v["fraction"]) for v in probs.values())


def test_direct_fire_odds_of_case_1_show_column_16_the_stacking_shift_and_the_chances():
    s = Scene()
    s.add("g", s.infantry(11), "ge", "0202")
    for i in range(3):
        s.add(f"r{i}", "rifle", "ru", "0204")
    odds = fire_odds(s.map, s.state(), FireDeclaration(("g",), s.hex("0204")), s.catalogue())
    json.dumps(odds)
    assert odds["legal"] and odds["column"] == "16" and odds["value"] == 11
    assert odds["shifts"] == [
        {
            "shift": 1,
            "reason": "3 or more combat units are stacked in the target hex",
            "rule": "10.3",
        }
    ]
    assert total(odds["probabilities"]) == 1
    # Column 16: 2 -> 2MC (1/36); 3 and 12 -> 1MC (2/36 + 1/36); 10 -> M1 (3/36), 5 -> M1 (4/36).
    assert odds["probabilities"]["1MC"]["fraction"] == "1/12"
    assert odds["probabilities"]["M1"]["fraction"] == "7/36"
    assert odds["any_effect"] == round(30 / 36, 4)


def test_odds_of_an_illegal_attack_list_the_problems():
    s = Scene()
    s.add("g", "rifle", "ge", "0202", status="demoralized")
    s.add("r", "rifle", "ru", "0204")
    odds = fire_odds(s.map, s.state(), FireDeclaration(("g",), s.hex("0204")), s.catalogue())
    assert not odds["legal"] and any("demoralized" in p for p in odds["problems"])


def test_anti_tank_odds_of_case_11_give_the_modifier_and_the_chance_of_each_effect():
    s = Scene()
    s.add("g", s.gun(8, 6), "ge", "0202")
    s.add("t", s.armored(5), "ru", "0203")
    decl = FireDeclaration(("g",), s.hex("0203"), kind="anti_tank", target_unit="t")
    odds = fire_odds(s.map, s.state(), decl, s.catalogue())
    assert odds["modifier"] == 4  # 8 - 5 + 1
    # needs 6+ for a step (6..8), 9+ for elimination
    assert odds["probabilities"]["eliminated"]["fraction"] == "5/18"
    assert odds["probabilities"]["step_loss"]["fraction"] == "4/9"
    assert total(odds["probabilities"]) == 1


def test_bombardment_odds_are_marked_provisional():
    s = Scene()
    s.add("m", "mortar", "ge", "0202")
    s.add("r", "rifle", "ru", "0206")
    odds = fire_odds(
        s.map, s.state(), FireDeclaration(("m",), s.hex("0206"), kind="bombardment"), s.catalogue()
    )
    assert odds["provisional"] is True and odds["column"] == "4"


def test_assault_odds_give_both_sides_columns_and_chances():
    s = Scene(terrain={"0204": "light_woods"})
    s.add("a", s.infantry(13), "ge", "0204")
    s.add("L", "ldr", "ge", "0204")
    s.add("d", "rifle", "ru", "0204")
    odds = assault_odds(s.map, s.state(), AssaultSituation(s.hex("0204"), "ge"), s.catalogue())
    json.dumps(odds)
    assert odds["sides"]["ge"]["column"] == "13"
    assert odds["sides"]["ge"]["probabilities"]["M2"]["fraction"] == "1/6"
    assert odds["sides"]["ru"]["column"] == "5"
    assert total(odds["sides"]["ge"]["probabilities"]) == 1


def test_morale_check_odds_include_the_best_leader():
    s = Scene(morale={"ru": 7})
    s.leaders["rl"] = {**s.leaders["ldr"], "id": "rl", "nationality": "soviet"}
    s.add("r", "rifle", "ru", "0204")
    s.add("L", "rl", "ru", "0204")
    odds = morale_check_odds(s.state(), "r", 2, s.catalogue())
    assert odds["morale"] == 8 and odds["leader"] == "L"
    # 2d6 + 2 <= 8 means 2d6 <= 6: 15/36
    assert odds["probabilities"]["ok"]["fraction"] == "5/12"


def test_assault_odds_for_units_proposing_to_move_in():
    s = Scene()
    s.add("a", s.infantry(13), "ge", "0203")
    s.add("L", "ldr", "ge", "0203")
    s.add("d", "rifle", "ru", "0204")
    sit = AssaultSituation(s.hex("0204"), "ge")
    odds = assault_odds(s.map, s.state(), sit, s.catalogue(), movers=["a", "L"])
    assert odds["sides"]["ge"]["value"] == 13
    assert odds["sides"]["ge"]["column"] == "18"  # +1 infantry leader
    assert odds["sides"]["ru"]["value"] == 5


def test_opportunity_direct_fire_odds_include_the_plus_1():
    s = Scene()
    s.add("g", "rifle", "ge", "0202")
    s.add("m", "rifle", "ru", "0204")
    decl = FireDeclaration(("g",), s.hex("0204"), opportunity=True)
    odds = fire_odds(s.map, s.state(), decl, s.catalogue(), only=["m"])
    assert odds["column"] == "7"
    assert odds["shifts"] == [{"shift": 1, "reason": "opportunity fire", "rule": "13.0"}]
