"""Morale checks, compound failures, recovery and flight (14.1-14.4, 14.31): cases 17-21, D16, D17."""

from __future__ import annotations

import pytest
from builders import Scene

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.combat.losses import apply_result
from games.rules.panzer_grenadier.combat.morale import (
    compound,
    flee_path,
    morale_check,
    resolve_recovery,
)
from games.rules.panzer_grenadier.combat.odds import morale_check_odds


def of_type(events, kind):
    return [e for e in events if e.type == kind]


def hit(s, label, code, dice, state=None):
    return apply_result(
        s.map,
        state or s.state(),
        s.hex(label),
        code,
        ScriptedDice.of(*dice),
        s.catalogue(),
        table="direct",
        sides=["ru"],
    )


def test_case_17_m_against_morale_8_rolling_8_has_no_effect():
    s = Scene(morale={"ru": 8})
    s.add("r", "rifle", "ru", "0204")
    state, events, _ = hit(s, "0204", "M", [4, 4])
    check = of_type(events, "morale_check")[0]
    assert check["total"] == 8 and check["target"] == 8 and check["outcome"] == "ok"
    assert state.units["r"].status == "good"


def test_case_18_m1_against_morale_7_with_leader_plus_1_rolling_9_disrupts():
    s = Scene(morale={"ru": 7})
    s.add("r", "rifle", "ru", "0204")
    s.leaders["rl"] = {**s.leaders["ldr"], "id": "rl", "nationality": "soviet", "morale": 9}
    s.add("L", "rl", "ru", "0205")  # adjacent hex
    state, events, _ = hit(s, "0204", "M1", [4, 5])
    check = of_type(events, "morale_check")[0]
    assert check["target"] == 8 and check["total"] == 10 and check["outcome"] == "disrupted"
    assert check["modifiers"] == [{"value": 1, "reason": "leader L morale modifier (14.1)"}]
    assert state.units["r"].status == "disrupted"


def test_case_19_m2_against_morale_7_rolling_8_demoralizes_and_morale_drops_to_6():
    s = Scene(morale={"ru": 7})
    s.add("r", "rifle", "ru", "0204")
    state, events, _ = hit(s, "0204", "M2", [4, 4])
    assert of_type(events, "morale_check")[0]["outcome"] == "demoralized"
    assert state.units["r"].status == "demoralized"
    assert morale_check_odds(state, "r", 0, s.catalogue())["morale"] == 6


def test_a_demoralized_leader_gives_no_morale_modifier():
    s = Scene()
    s.add("r", "rifle", "ru", "0204")
    s.add("L", "ldr", "ru", "0204", status="demoralized")
    _, events, _ = morale_check(
        s.map, s.state(), "r", 0, ScriptedDice.of(3, 3), s.catalogue(), cause="test"
    )
    assert of_type(events, "morale_check")[0]["modifiers"] == []


@pytest.mark.parametrize(
    "old, result, new, step",
    [
        ("good", "disrupted", "disrupted", False),
        ("disrupted", "disrupted", "demoralized", False),
        ("disrupted", "demoralized", "demoralized", False),
        ("demoralized", "disrupted", "demoralized", False),
        ("demoralized", "demoralized", "demoralized", True),
        ("disrupted", "ok", "disrupted", False),
    ],
)
def test_d16_compound_failures(old, result, new, step):
    """D16: disrupted + disrupted -> demoralized; demoralized + demoralized -> a step lost."""
    assert compound(old, result) == (new, step)


def test_d16_a_demoralized_unit_demoralized_again_loses_a_step():
    """D16."""
    s = Scene()
    s.add("r", "rifle", "ru", "0204", status="demoralized")
    state, events, outcome = morale_check(
        s.map, s.state(), "r", 2, ScriptedDice.of(6, 6), s.catalogue(), cause="M2"
    )
    assert outcome == "step_loss" and state.units["r"].steps == 1


def recover(s, dice, **kw):
    return resolve_recovery(s.map, s.state(), "r", ScriptedDice.of(*dice), s.catalogue(), **kw)


def recovery_scene(status="demoralized"):
    s = Scene(terrain={"0204": "town"}, morale={"ru": 7})
    s.leaders["rl"] = {**s.leaders["ldr"], "id": "rl", "nationality": "soviet"}
    s.add("r", "rifle", "ru", "0204", status=status)
    s.add("L", "rl", "ru", "0204")
    s.add("enemy", "rifle", "ge", "0201")
    return s


def test_case_20_recovery_needs_a_roll_strictly_under_8_and_improves_one_level():
    state, events = recover(recovery_scene(), [3, 4], leader="L")
    rec = of_type(events, "recovery")[0]
    assert rec["target"] == 8 and rec["outcome"] == "success"
    assert state.units["r"].status == "disrupted"
    assert state.units["r"].moved_fired and state.units["L"].moved_fired


def test_case_20_recovery_roll_equal_to_morale_fails_and_the_unit_flees():
    state, events = recover(recovery_scene(), [4, 4], leader="L")
    assert of_type(events, "recovery")[0]["outcome"] == "failed"
    assert state.units["r"].status == "demoralized"
    flight = of_type(events, "flee")[0]
    assert flight["path"] and state.units["r"].hex != recovery_scene().hex("0204")


def test_case_20_natural_2_is_full_recovery_d17():
    """D17: a natural 2 recovers fully; a normal success only one level."""
    state, events = recover(recovery_scene(), [1, 1], leader="L")
    assert of_type(events, "recovery")[0]["outcome"] == "full"
    assert state.units["r"].status == "good"


def test_d17_a_disrupted_unit_recovers_to_good_order():
    """D17."""
    state, _ = recover(recovery_scene("disrupted"), [3, 3])
    assert state.units["r"].status == "good"


def test_case_21_a_demoralized_leader_rolling_natural_12_deserts():
    s = Scene()
    s.add("r", "ldr", "ru", "0204", status="demoralized")
    state, events = recover(s, [6, 6])
    assert of_type(events, "recovery")[0]["outcome"] == "deserted"
    assert state.units["r"].eliminated
    assert state.side("ru").leaders_eliminated == 1


def test_recovery_is_refused_for_a_good_order_unit_or_a_distant_leader():
    s = recovery_scene("good")
    with pytest.raises(IllegalCommand):
        recover(s, [1, 1])
    s = recovery_scene()
    s.add("far", "ldr", "ru", "0208")
    with pytest.raises(IllegalCommand, match="adjacent"):
        recover(s, [1, 1], leader="far")


def test_14_31_a_demoralized_unit_in_an_entrenchment_need_not_flee():
    s = recovery_scene()
    s.mark("0204", "entrenchment")
    state, events = recover(s, [6, 5])
    assert state.units["r"].hex == s.hex("0204")
    assert "entrenchment" in of_type(events, "flee")[0]["reason"]


def test_d_combat_flee_moves_away_from_the_enemy_and_stops_out_of_sight():
    """D-COMBAT-FLEE: greedy, never nearer the enemy, no enemy or drumfire hex, stops when safe."""
    s = Scene(terrain={"0505": "light_woods"})
    s.add("enemy", "rifle", "ge", "0202")
    s.add("r", "rifle", "ru", "0404", status="demoralized")
    s.mark("0504", "drumfire")
    path = flee_path(s.map, s.state(), "r", s.catalogue())
    from games.rules.common.hexgrid import distance

    assert path and s.hex("0504") not in path
    e = s.hex("0202")
    dists = [distance(s.hex("0404"), e)] + [distance(h, e) for h in path]
    assert dists == sorted(dists)


def test_recovery_can_leave_the_flight_to_the_caller():
    state, events = resolve_recovery(
        recovery_scene().map,
        recovery_scene().state(),
        "r",
        ScriptedDice.of(4, 4),
        recovery_scene().catalogue(),
        leader="L",
        auto_flee=False,
    )
    flight = of_type(events, "flee")[0]
    assert flight["required"] is True and flight["path"] == []
    assert state.units["r"].hex == recovery_scene().hex("0204")


def test_d_combat_flee_never_overstacks_a_hex():
    """D-COMBAT-FLEE."""
    s = Scene()
    s.add("enemy", "rifle", "ge", "0202")
    s.add("r", "rifle", "ru", "0204", status="demoralized")
    free = flee_path(s.map, s.state(), "r", s.catalogue())[0]
    label = s.map.label(free)[1:]
    for i in range(3):
        s.add(f"f{i}", "rifle", "ru", label)
    assert free not in flee_path(s.map, s.state(), "r", s.catalogue())
