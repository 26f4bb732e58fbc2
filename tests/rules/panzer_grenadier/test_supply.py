"""Logistics shortfall in combat, optional (17.10): the combat part of digest case 30."""

from __future__ import annotations

from builders import Scene

from games.rules.common.dice import ScriptedDice
from games.rules.panzer_grenadier.combat.fire import FireDeclaration
from games.rules.panzer_grenadier.combat.resolve import fire_shifts, resolve_fire


def of_type(events, kind):
    return [e for e in events if e.type == kind]


def test_case_30_shortfall_costs_direct_fire_a_column():
    s = Scene()
    s.add("g", "rifle", "ge", "0202")
    s.add("r", "rifle", "ru", "0204")
    decl = FireDeclaration(("g",), s.hex("0204"))
    shifts = fire_shifts(s.map, s.state(supply={"ge": "shortfall"}), decl, s.catalogue())
    assert [(x.shift, x.reason) for x in shifts] == [(-1, "logistics shortfall")]
    assert fire_shifts(s.map, s.state(supply={"ru": "shortfall"}), decl, s.catalogue()) == []


def test_critical_shortfall_halves_infantry_fire_but_not_weapons_or_vehicles():
    s = Scene()
    s.add("g", s.infantry(8), "ge", "0202")
    s.add("r", "rifle", "ru", "0204")
    state = s.state(supply={"ge": "critical"})
    _, events = resolve_fire(
        s.map, state, FireDeclaration(("g",), s.hex("0204")), ScriptedDice.of(3, 4), s.catalogue()
    )
    assert of_type(events, "fire")[0]["value"] == 4
    assert of_type(events, "roll")[-1]["purpose"] == "direct fire"  # infantry makes no supply roll


def test_d_combat_supply_a_weapon_firing_under_critical_shortfall_may_run_dry():
    """D-COMBAT-SUPPLY: removed on 1-2, not counted as a unit lost."""
    s = Scene()
    s.add("m", "mortar", "ge", "0202")
    s.add("r", "rifle", "ru", "0206")
    state = s.state(supply={"ge": "critical"})
    decl = FireDeclaration(("m",), s.hex("0206"), kind="bombardment")
    after, events = resolve_fire(s.map, state, decl, ScriptedDice.of(3, 4, 2), s.catalogue())
    assert of_type(events, "fire")[0]["value"] == 6  # weapons are not halved
    gone = of_type(events, "eliminated")[-1]
    assert gone["unit"] == "m" and gone["out_of_supply"] is True
    assert after.units["m"].eliminated and after.side("ge").units_eliminated == 0
    after, _ = resolve_fire(s.map, state, decl, ScriptedDice.of(3, 4, 3), s.catalogue())
    assert after.units["m"].on_map
