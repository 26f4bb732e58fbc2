"""Every Panzer Leader decision is written down and named by a test; the few decisions not
pinned elsewhere are pinned here."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.rules.panzer_leader.combat.assault import assault_attack
from games.rules.panzer_leader.core import setup
from games.rules.panzer_leader.core.scenario import bundled_scenarios, register, scenario_from_dict
from games.rules.panzer_leader.core.spotting import is_spotted, sweep_markers
from games.rules.panzer_leader.core.units import catalogue
from games.rules.panzer_leader.core.victory import final_result
from games.rules.panzer_leader.optional.options import DEFAULT_OPTIONS, EXPERIMENTAL
from games.rules.panzer_leader.ruleset import RULESET

from .kit import clear, do, lab, world

ROOT = Path(__file__).resolve().parents[3]
DECISIONS = ROOT / "games" / "rules" / "panzer_leader" / "DECISIONS.md"
TESTS = "\n".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))


def decision_ids() -> list[str]:
    return re.findall(r"^## (PL-[DE]\d+)", DECISIONS.read_text(encoding="utf-8"), re.M)


def test_every_open_decision_of_the_digest_is_decided():
    assert {f"PL-D{n}" for n in range(1, 27)} <= set(decision_ids())


@pytest.mark.parametrize("decision", decision_ids())
def test_each_decision_is_named_by_a_test(decision):
    # named in a test's name (pl_d9) or its docstring or a comment (PL-D9)
    name = decision.lower().replace("-", "_")
    assert re.search(rf"(?i)({name}|{decision})(?!\d)", TESTS), f"no test names {decision}"


def test_every_test_the_decisions_name_exists():
    named = set(re.findall(r"`(test_\w+)`", DECISIONS.read_text(encoding="utf-8")))
    defined = set(re.findall(r"^def (test_\w+)", TESTS, re.M))
    assert named and named <= defined, sorted(named - defined)


def test_pl_d9_qa_close_assault_cat5_infantry_may_assault_after_road_movement():
    s = world(clear(), units=[("r", "us_rifle", "allied", "4,2"), ("e", "de_rifle", "german", "4,3")],
              phase="assault")
    s.units["r"].road_used = True
    assault_attack(s, "allied", ["r"], lab("4,3"))


def test_pl_d13_optional_rules_default_on_experimental_off():
    assert {"opportunity_fire", "quick_time"} <= DEFAULT_OPTIONS
    assert not DEFAULT_OPTIONS & EXPERIMENTAL


def test_pl_d18_a_counter_is_ours_only_where_the_transcription_has_none():
    ours = sorted(t.id for t in catalogue().values() if t.representative)
    assert all(not t.source for t in catalogue().values() if t.representative)
    assert all(t.source for t in catalogue().values() if not t.representative)
    assert ours == sorted(["de_mg", "gb_crocodile", "de_pz1", "de_pz3_40", "de_krad", "de_pzjg47",
                           "de_gw1", "fr_cavalry", "fr_panhard", "gb_daimler", "fr_somua", "fr_h35",
                           "fr_rifle", "fr_engineer", "fr_at25", "fr_75", "fr_truck"])


def test_pl_d22_qa_spotting_sp6_the_spotted_marker_goes_when_no_enemy_sees_the_hex():
    s = world(["....w..."] * 8, units=[("g", "de_at75", "german", "4,6"), ("m", "us_m4", "allied", "4,0")])
    s.units["g"].spotted_at = lab("4,6")
    assert is_spotted(s, s.units["g"], "allied")
    s.units["m"].eliminated = True
    sweep_markers(s)
    s.units["m"].eliminated = False
    assert s.units["g"].spotted_at is None and not is_spotted(s, s.units["g"], "allied")


def test_pl_e1_set_up_honours_23_2_out_of_sight_or_unspotted_and_qa_game_procedure_g8():
    """Every situation: the side that sets up last is out of enemy sight or unspotted in
    cover (23.2), nothing is set up where it could not go in play (QA G8), units afloat
    lie one to a sea hex beside a beach; the invasion situation is the exception (QA G10)."""
    for sit in bundled_scenarios().values():
        assert setup.problems(sit) == [], sit.id


def test_pl_e22_hollenbach_has_a_second_wave_and_the_semois_screen_no_armour_nor_field_gun():
    """Our situations are balanced by the bot arena (PL-E22): Hollenbach's attacker gets a
    second wave on turn 2, and the French at the Semois are a screen without tanks or a
    field gun."""
    hollenbach = RULESET.opening_state("pl-hollenbach")
    wave = [u for u in hollenbach.units.values() if u.side == "allied" and u.entry_turn == 2]
    assert sorted(u.type_id for u in wave) == ["us_halftrack", "us_m4", "us_m4", "us_m4",
                                               "us_rifle"]
    assert all(u.hex is None and u.entry == [f"A-A-{i}" for i in range(1, 11)] for u in wave)
    rider = next(u for u in wave if u.type_id == "us_rifle")
    assert hollenbach.units[rider.carried_by].type_id == "us_halftrack"
    semois = RULESET.opening_state("pl-1940-semois-ford")
    french = sorted({u.type_id for u in semois.units.values() if u.side == "allied"})
    assert french == ["fr_at25", "fr_cavalry", "fr_engineer", "fr_panhard", "fr_rifle",
                      "fr_truck"]


def test_pl_e23_the_seeufer_landing_must_take_eight_points_and_steinfurt_has_no_panther():
    """PL-E23: at Seeufer all four objectives at even losses (8) is the Americans' marginal
    win and 7 is a German win; Steinfurt's German line has no Panther, its SMG platoon on
    foot, and 3 points win the Americans the day."""
    seeufer = RULESET.opening_state("pl-seeufer-landing")
    seeufer.attacks_made = {"allied": 1}
    objectives = bundled_scenarios()["pl-seeufer-landing"].raw["victory"]["objectives"]
    for h in objectives:
        seeufer.control[h] = "allied"
    assert final_result(seeufer) == {"winner": "allied", "level": "marginal", "score": 8,
                                     "reason": "turns"}
    seeufer.control[objectives[-1]] = "german"
    seeufer.units["al-rifle-1"].eliminated = True
    seeufer.units["ge-rifle-1"].eliminated = True
    seeufer.units["ge-mg-1"].eliminated = True
    assert final_result(seeufer)["score"] == 7
    assert final_result(seeufer)["winner"] == "german"
    steinfurt = RULESET.opening_state("pl-steinfurt-guns")
    german = [u for u in steinfurt.units.values() if u.side == "german"]
    assert not [u for u in german if u.type_id == "de_panther"]
    smg = next(u for u in german if u.type_id == "de_smg")
    assert (smg.hex, smg.carried_by) == ("B-L-4", None)
    steinfurt.attacks_made = {"allied": 1}
    steinfurt.control["B-K-4"] = "allied"
    steinfurt.units[german[0].id].eliminated = True
    assert final_result(steinfurt)["winner"] == "allied"


def test_qa_game_procedure_g10_only_an_invasion_may_set_up_in_sight():
    sit = bundled_scenarios()["pl-hollenbach"]
    raw = json.loads(json.dumps(sit.raw))
    raw["id"] = "test-g10"
    raw["forces"][0]["at"] = ["A-K-2", "A-K-3"]  # two Shermans beside the German line
    bad = scenario_from_dict(raw)
    register(bad)
    assert any("(23.2)" in p for p in setup.problems(bad))
    raw["invasion"] = True
    waived = scenario_from_dict(raw)
    register(waived)
    assert not [p for p in setup.problems(waived) if "(23.2)" in p]


def test_qa_game_procedure_g8_nothing_sets_up_where_it_could_not_enter():
    raw = json.loads(json.dumps(bundled_scenarios()["pl-river-assault"].raw))
    raw["id"] = "test-g8"
    raw["forces"][0]["at"] = ["B-I-5", "A-E-4", "A-E-8", "A-D-6"]  # a Sherman in the stream
    bad = scenario_from_dict(raw)
    register(bad)
    assert any("vehicle in a stream" in p for p in setup.problems(bad))


def test_pl_e4_an_order_on_an_empty_hex_does_not_scatter_for_emptiness():
    s = world(clear(8, 14), units=[("mo", "us_mortar81", "allied", "4,0"), ("sp", "us_rifle", "allied", "4,8")])
    s, _ = do(s, "allied", {"type": "order_indirect", "unit": "mo", "hex": lab("4,10")})
    assert s.units["mo"].order["had_enemy"] is False
    s.turn, s.indirect_done = 2, False
    s, ev = do(s, "allied", {"type": "resolve_indirect"})
    assert not [e for e in ev if e["type"] == "scatter"]
