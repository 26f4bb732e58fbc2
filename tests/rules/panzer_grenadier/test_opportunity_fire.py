"""Opportunity fire at a moving unit (13.0): digest case 5, D8, D15, once per hex per mover."""

from __future__ import annotations

import pytest
from builders import Scene

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.combat.fire import FireDeclaration
from games.rules.panzer_grenadier.combat.opportunity_fire import (
    opportunity_fire_candidates,
    resolve_opportunity_fire,
)
from games.rules.panzer_grenadier.core.state import Activation


def of_type(events, kind):
    return [e for e in events if e.type == kind]


def moving(scene, mover):
    act = Activation(
        side=scene.units[mover].side, seat="x", kind="unit", units=frozenset({mover}), moving=mover
    )
    return scene.state(activation=act, segment=3)


def test_case_5_df_16_at_an_adjacent_artillery_unit_caps_at_plus_3_and_rolls_2_for_3mc():
    s = Scene()
    s.add("g", s.infantry(16), "ge", "0202")
    s.add("art", "artillery", "ru", "0203")
    out = resolve_opportunity_fire(
        s.map,
        moving(s, "art"),
        FireDeclaration(("g",), s.hex("0203")),
        "art",
        ScriptedDice.of(1, 1),
        s.catalogue(),
    )
    col = of_type(out.events, "column")[0]
    assert col["net_shift"] == 5 and col["applied_shift"] == 3 and col["column"] == "45+"
    assert of_type(out.events, "result")[0]["code"] == "3MC"
    assert sorted(e["reason"] for e in of_type(out.events, "shift")) == [
        "opportunity fire",
        "target hex is adjacent to all firing units",
        "target is an artillery unit",
    ]
    assert out.state.units["art"].eliminated and out.stops


def test_candidates_are_unactivated_enemy_units_with_range_and_sight():
    s = Scene(terrain={"0506": "light_woods"})
    s.add("mover", "tank", "ru", "0204")
    s.add("near", "rifle", "ge", "0202")
    s.add("gun", s.gun(6, 6), "ge", "0206")
    s.add("done", "rifle", "ge", "0203", moved_fired=True)
    s.add("demo", "rifle", "ge", "0304", status="demoralized")
    s.add("far", "rifle", "ge", "0208")
    found = opportunity_fire_candidates(s.map, moving(s, "mover"), "mover", s.catalogue())
    assert {c["unit"]: c["kinds"] for c in found} == {"gun": ["anti_tank"], "near": ["direct"]}
    again = opportunity_fire_candidates(
        s.map, moving(s, "mover"), "mover", s.catalogue(), already_fired={"near"}
    )
    assert [c["unit"] for c in again] == ["gun"]


def test_a_unit_attacks_a_given_mover_only_once_in_a_hex():
    s = Scene()
    s.add("g", "rifle", "ge", "0202")
    s.add("m", "rifle", "ru", "0204")
    with pytest.raises(IllegalCommand, match="13.21"):
        resolve_opportunity_fire(
            s.map,
            moving(s, "m"),
            FireDeclaration(("g",), s.hex("0204")),
            "m",
            ScriptedDice.of(3, 4),
            s.catalogue(),
            already_fired={"g"},
        )


def test_d15_an_opportunity_firer_is_marked_moved_fired_and_cannot_fire_again_this_turn():
    """D15."""
    s = Scene()
    s.add("g", "rifle", "ge", "0202")
    s.add("m", "rifle", "ru", "0204")
    out = resolve_opportunity_fire(
        s.map,
        moving(s, "m"),
        FireDeclaration(("g",), s.hex("0204")),
        "m",
        ScriptedDice.of(3, 4),
        s.catalogue(),
    )
    assert out.state.units["g"].moved_fired
    assert out.already_fired == frozenset({"g"})
    assert opportunity_fire_candidates(s.map, out.state, "m", s.catalogue()) == []


def test_d8_a_leader_adds_his_modifier_to_several_opportunity_attacks_and_is_not_marked():
    """D8."""
    s = Scene()
    s.add("a", "rifle", "ge", "0202")
    s.add("b", "rifle", "ge", "0202")
    s.add("L", "ldr", "ge", "0202")
    s.add("m", "rifle", "ru", "0204")
    cat = s.catalogue()
    state = moving(s, "m")
    out = resolve_opportunity_fire(
        s.map,
        state,
        FireDeclaration(("a",), s.hex("0204"), leader="L"),
        "m",
        ScriptedDice.of(3, 4),
        cat,
    )
    assert of_type(out.events, "fire")[0]["value"] == 6
    out2 = resolve_opportunity_fire(
        s.map,
        out.state,
        FireDeclaration(("b",), s.hex("0204"), leader="L"),
        "m",
        ScriptedDice.of(3, 4),
        cat,
        already_fired=out.already_fired,
    )
    assert of_type(out2.events, "fire")[0]["value"] == 6
    assert not out2.state.units["L"].moved_fired


def test_d_combat_opfire_target_only_the_mover_suffers_but_stationary_units_count_for_stacking():
    """D-COMBAT-OPFIRE-TARGET."""
    s = Scene()
    s.add("g", s.infantry(11), "ge", "0202")
    s.add("m", "rifle", "ru", "0204")
    s.add("x1", "rifle", "ru", "0204")
    s.add("x2", "rifle", "ru", "0204")
    out = resolve_opportunity_fire(
        s.map,
        moving(s, "m"),
        FireDeclaration(("g",), s.hex("0204")),
        "m",
        ScriptedDice.of(6, 6, 1, 1),
        s.catalogue(),
    )
    reasons = [e["reason"] for e in of_type(out.events, "shift")]
    assert "3 or more combat units are stacked in the target hex" in reasons
    assert of_type(out.events, "result")[0]["code"] == "2MC"
    assert [e["unit"] for e in of_type(out.events, "step_loss")] == ["m", "m"]
    assert out.state.units["x1"].steps == 2


def test_a_mover_that_is_disrupted_stops_and_one_that_passes_goes_on():
    s = Scene()
    s.add("g", s.infantry(7), "ge", "0202")
    s.add("m", "rifle", "ru", "0204")
    out = resolve_opportunity_fire(
        s.map,
        moving(s, "m"),
        FireDeclaration(("g",), s.hex("0204")),
        "m",
        ScriptedDice.of(1, 2, 3, 4),
        s.catalogue(),
    )  # M2, check 7+2 = 9 vs 7
    assert out.state.units["m"].status == "disrupted" and out.stops
    assert of_type(out.events, "stop")[0]["unit"] == "m"
    out = resolve_opportunity_fire(
        s.map,
        moving(s, "m"),
        FireDeclaration(("g",), s.hex("0204")),
        "m",
        ScriptedDice.of(1, 2, 1, 1),
        s.catalogue(),
    )
    assert not out.stops


def test_opportunity_anti_tank_that_misses_lets_the_mover_resume():
    s = Scene()
    s.add("g", s.gun(4, 6), "ge", "0202")
    s.add("t", "tank", "ru", "0204")
    decl = FireDeclaration(("g",), s.hex("0204"), kind="anti_tank")
    out = resolve_opportunity_fire(
        s.map, moving(s, "t"), decl, "t", ScriptedDice.of(1, 1), s.catalogue()
    )
    assert of_type(out.events, "result")[0]["code"] == "none" and not out.stops
    assert "opportunity fire" in [e["reason"] for e in of_type(out.events, "shift")]


def test_hmg_may_not_spray_in_opportunity_fire_and_activated_units_may_not_opportunity_fire():
    s = Scene()
    s.add("h", "hmg", "ge", "0202")
    s.add("m", "rifle", "ru", "0204")
    with pytest.raises(IllegalCommand, match="spray"):
        resolve_opportunity_fire(
            s.map,
            moving(s, "m"),
            FireDeclaration(("h",), s.hex("0204"), factors={"h": 4}),
            "m",
            ScriptedDice.of(3, 4),
            s.catalogue(),
        )
    s.units["h"] = s.units["h"].__class__(
        **{**{f: getattr(s.units["h"], f) for f in s.units["h"].__slots__}, "moved_fired": True}
    )
    with pytest.raises(IllegalCommand, match="activated"):
        resolve_opportunity_fire(
            s.map,
            moving(s, "m"),
            FireDeclaration(("h",), s.hex("0204")),
            "m",
            ScriptedDice.of(3, 4),
            s.catalogue(),
        )
