"""Bombardment (9.1-9.5) on the provisional chart (D23): spotters D12, friendly fire, D24."""

from __future__ import annotations

import pytest
from builders import Scene

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.combat.fire import FireDeclaration, OffBoardIncrement
from games.rules.panzer_grenadier.combat.resolve import fire_shifts, resolve_fire, validate_fire


def of_type(events, kind):
    return [e for e in events if e.type == kind]


def bomb(s, firers, target, **kw):
    return FireDeclaration(tuple(firers), s.hex(target), kind="bombardment", **kw)


def test_d12_on_board_artillery_spots_for_itself_when_it_can_see_the_target():
    """D12."""
    s = Scene()
    s.add("m", "mortar", "ge", "0202")
    s.add("r", "rifle", "ru", "0206")
    assert validate_fire(s.map, s.state(), bomb(s, ["m"], "0206"), s.catalogue()) == []


def test_d12_beyond_its_sight_on_board_artillery_needs_a_leader_to_spot():
    """D12."""
    s = Scene(terrain={"0205": "light_woods"})
    s.add("m", "mortar", "ge", "0202")
    s.add("r", "rifle", "ru", "0207")
    s.add("L", "ldr", "ge", "0607")
    s.add("x", "rifle", "ge", "0608")
    cat = s.catalogue()
    problems = validate_fire(s.map, s.state(), bomb(s, ["m"], "0207"), cat)
    assert any("spotting leader" in p for p in problems)
    assert validate_fire(s.map, s.state(), bomb(s, ["m"], "0207", spotter="L"), cat) == []
    assert any(
        "only leaders spot" in p
        for p in validate_fire(s.map, s.state(), bomb(s, ["m"], "0207", spotter="x"), cat)
    )


def test_d12_off_board_increments_always_need_an_undemoralized_leader_spotter():
    """D12."""
    s = Scene()
    s.add("L", "ldr", "ge", "0202")
    s.add("D", "ldr", "ge", "0203", status="demoralized")
    s.add("r", "rifle", "ru", "0206")
    cat = s.catalogue()
    inc = (OffBoardIncrement("105mm", 16),)
    assert any(
        "spotting leader" in p
        for p in validate_fire(s.map, s.state(), bomb(s, [], "0206", increments=inc), cat)
    )
    assert (
        validate_fire(s.map, s.state(), bomb(s, [], "0206", increments=inc, spotter="L"), cat) == []
    )
    assert any(
        "demoralized" in p
        for p in validate_fire(
            s.map, s.state(), bomb(s, [], "0206", increments=inc, spotter="D"), cat
        )
    )


def test_on_board_and_off_board_never_combine_and_on_board_units_combine_from_adjacent_hexes():
    s = Scene()
    s.add("m1", "mortar", "ge", "0202")
    s.add("m2", "mortar", "ge", "0302")
    s.add("m3", "mortar", "ge", "0502")
    s.add("L", "ldr", "ge", "0202")
    s.add("r", "rifle", "ru", "0206")
    cat = s.catalogue()
    assert validate_fire(s.map, s.state(), bomb(s, ["m1", "m2"], "0206"), cat) == []
    assert validate_fire(s.map, s.state(), bomb(s, ["m1", "m3"], "0206"), cat) != []
    mixed = bomb(s, ["m1"], "0206", increments=(OffBoardIncrement("x", 8),), spotter="L")
    assert any("never combine" in p for p in validate_fire(s.map, s.state(), mixed, cat))


def test_d_combat_friendly_fire_bombardment_hits_every_unit_and_leader_of_both_sides():
    """D-COMBAT-FRIENDLY-FIRE (9.5)."""
    s = Scene()
    s.add("L", "ldr", "ge", "0202")
    s.add("g", "rifle", "ge", "0206")
    s.add("r", "rifle", "ru", "0206")
    s.add("rl", "ldr", "ru", "0206")
    inc = (OffBoardIncrement("150mm", 16),)
    state, events = resolve_fire(
        s.map,
        s.state(),
        bomb(s, [], "0206", increments=inc, spotter="L"),
        ScriptedDice.of(2, 1, 3, 3, *([1] * 6)),
        s.catalogue(),
    )
    assert of_type(events, "result")[0]["code"] == "1MC"
    # The result falls on the hex as a whole: one category-a step, by the usual order.
    assert [e["unit"] for e in of_type(events, "step_loss")] == ["g"]
    assert {e["unit"] for e in of_type(events, "leader_casualty")} == {"rl"}
    assert {e["unit"] for e in of_type(events, "morale_check")} == {"g", "r", "rl"}


def test_d24_closed_top_afvs_take_no_bombardment_step_losses_and_ignore_m_results():
    """D24: bombardment results apply as direct fire results do."""
    s = Scene()
    s.add("m", "artillery", "ge", "0202")
    s.add("tk", "tank", "ru", "0206")
    state, events = resolve_fire(
        s.map, s.state(), bomb(s, ["m"], "0206"), ScriptedDice.of(1, 1, 1, 1), s.catalogue()
    )
    assert of_type(events, "result")[0]["code"] == "2MC"
    assert of_type(events, "step_loss") == []
    assert of_type(events, "morale_check")[0]["dice_modifier"] == 0
    state, events = resolve_fire(
        s.map, s.state(), bomb(s, ["m"], "0206"), ScriptedDice.of(5, 5), s.catalogue()
    )
    assert of_type(events, "result")[0]["code"] == "M1" and of_type(events, "morale_check") == []


def test_bombardment_events_say_the_chart_is_provisional_d23():
    s = Scene()
    s.add("m", "mortar", "ge", "0202")
    s.add("r", "rifle", "ru", "0206")
    _, events = resolve_fire(
        s.map, s.state(), bomb(s, ["m"], "0206"), ScriptedDice.of(3, 4), s.catalogue()
    )
    assert of_type(events, "fire")[0]["provisional"] is True
    assert of_type(events, "column")[0]["provisional"] is True


def test_d_combat_bomb_shifts_town_stacking_of_both_sides_and_logistics():
    """D-COMBAT-BOMB-SHIFTS."""
    s = Scene(terrain={"0206": "town"})
    s.add("m", "mortar", "ge", "0202")
    s.add("r1", "rifle", "ru", "0206")
    s.add("r2", "rifle", "ru", "0206")
    s.add("g1", "rifle", "ge", "0206")
    state = s.state(supply={"ge": "critical"})
    shifts = {
        x.reason: x.shift for x in fire_shifts(s.map, state, bomb(s, ["m"], "0206"), s.catalogue())
    }
    assert shifts == {
        "target hex is town": -2,
        "3 or more combat units are stacked in the target hex": 1,
        "logistics shortfall": -1,
    }


def test_a_leader_modifier_does_not_add_to_bombardment():
    s = Scene()
    s.add("m", "mortar", "ge", "0202")
    s.add("L", "ldr", "ge", "0202")
    s.add("r", "rifle", "ru", "0206")
    with pytest.raises(IllegalCommand):
        resolve_fire(
            s.map,
            s.state(),
            bomb(s, ["m"], "0206", leader="L"),
            ScriptedDice.of(3, 4),
            s.catalogue(),
        )
