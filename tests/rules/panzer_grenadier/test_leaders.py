"""Leaders in combat: casualties (D9), lone leaders overrun (6.71): digest case 22."""

from __future__ import annotations

import pytest
from builders import Scene

from games.rules.common.dice import ScriptedDice
from games.rules.panzer_grenadier.combat.leaders import lone_leaders_overrun
from games.rules.panzer_grenadier.combat.losses import apply_result


def of_type(events, kind):
    return [e for e in events if e.type == kind]


def two_mc(dice):
    s = Scene()
    s.add("r", "rifle", "ru", "0204")
    s.add("L", "ldr", "ru", "0204")
    state, events, lost = apply_result(
        s.map,
        s.state(),
        s.hex("0204"),
        "2MC",
        ScriptedDice.of(*dice),
        s.catalogue(),
        table="direct",
        sides=["ru"],
    )
    return state, events, lost


@pytest.mark.parametrize("roll, killed", [((2, 2), True), ((2, 3), False)])
def test_case_22_leader_casualty_after_2mc_rolls_2d6_minus_2(roll, killed):
    state, events, lost = two_mc([*roll, 1, 1])
    assert lost == {"ru": 2}
    cas = of_type(events, "leader_casualty")[0]
    assert cas["modifier"] == -2 and cas["killed"] is killed
    assert state.units["L"].eliminated is killed


def test_d9_a_leader_rolls_on_a_step_loss_result_even_when_no_step_can_be_taken():
    """D9: #MC in a hex holding only a leader -> roll at no modifier; M results -> no roll."""
    s = Scene()
    s.add("L", "ldr", "ru", "0204")
    _, events, lost = apply_result(
        s.map,
        s.state(),
        s.hex("0204"),
        "1MC",
        ScriptedDice.of(1, 1, 3, 3),
        s.catalogue(),
        table="direct",
        sides=["ru"],
    )
    assert lost == {}
    cas = of_type(events, "leader_casualty")[0]
    assert cas["modifier"] == 0 and cas["killed"]  # natural 2
    _, events, _ = apply_result(
        s.map,
        s.state(),
        s.hex("0204"),
        "M2",
        ScriptedDice.of(3, 3),
        s.catalogue(),
        table="direct",
        sides=["ru"],
    )
    assert of_type(events, "leader_casualty") == []


def test_d9_casualty_rolls_come_before_morale_checks_so_a_dead_leader_helps_nobody():
    """D9 / D-COMBAT-ORDER."""
    s = Scene(morale={"ru": 7})
    s.add("r", "rifle", "ru", "0204")
    s.add("r2", "rifle", "ru", "0204")
    s.add("L", "ldr", "ru", "0204")
    state, events, _ = apply_result(
        s.map,
        s.state(),
        s.hex("0204"),
        "1MC",
        ScriptedDice.of(1, 2, 3, 3, 3, 3),
        s.catalogue(),
        table="direct",
        sides=["ru"],
    )
    assert state.units["L"].eliminated
    types = [e.type for e in events if e.type in ("step_loss", "leader_casualty", "morale_check")]
    assert types == ["step_loss", "leader_casualty", "morale_check", "morale_check"]
    assert all(c["modifiers"] == [] for c in of_type(events, "morale_check"))


def test_d_combat_671_lone_leader_overrun_survives_at_or_under_morale_and_is_displaced():
    """D-COMBAT-671."""
    s = Scene()
    s.add("L", "ldr", "ru", "0204")  # morale 8
    s.add("g", "rifle", "ge", "0204")
    s.add("friend", "rifle", "ru", "0205")
    state, events = lone_leaders_overrun(
        s.map, s.state(), s.hex("0204"), "ge", ScriptedDice.of(4, 4), s.catalogue()
    )
    ev = of_type(events, "leader_survival")[0]
    assert ev["survived"] and ev["displaced_to"] == "A0205"
    assert state.units["L"].hex == s.hex("0205")


def test_d_combat_671_lone_leader_overrun_fails_above_morale():
    """D-COMBAT-671."""
    s = Scene()
    s.add("L", "ldr", "ru", "0204")
    s.add("g", "rifle", "ge", "0204")
    state, events = lone_leaders_overrun(
        s.map, s.state(), s.hex("0204"), "ge", ScriptedDice.of(4, 5), s.catalogue()
    )
    assert not of_type(events, "leader_survival")[0]["survived"]
    assert state.units["L"].eliminated


def test_a_leader_with_friendly_units_is_not_a_lone_leader():
    s = Scene()
    s.add("L", "ldr", "ru", "0204")
    s.add("r", "rifle", "ru", "0204")
    s.add("g", "rifle", "ge", "0204")
    _, events = lone_leaders_overrun(
        s.map, s.state(), s.hex("0204"), "ge", ScriptedDice.of(), s.catalogue()
    )
    assert events == []


def test_d_combat_order_leaders_take_checks_after_the_units_and_help_with_their_old_status():
    """D-COMBAT-ORDER: leaders in the hex check morale too (they have no armor value), after the
    units, so a leader demoralized by this result still helped the units' checks."""
    s = Scene(morale={"ru": 7})
    s.add("r", "rifle", "ru", "0204")
    s.add("L", "ldr", "ru", "0204")  # morale 8, modifier 1
    state, events, _ = apply_result(
        s.map,
        s.state(),
        s.hex("0204"),
        "M2",
        ScriptedDice.of(3, 3, 6, 6),
        s.catalogue(),
        table="direct",
        sides=["ru"],
    )
    checks = of_type(events, "morale_check")
    assert [c["unit"] for c in checks] == ["r", "L"]
    assert checks[0]["target"] == 8 and checks[0]["outcome"] == "ok"
    assert state.units["L"].status == "demoralized"
