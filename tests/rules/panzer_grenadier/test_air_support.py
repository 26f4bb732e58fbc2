"""Aircraft (15.1, 11.4, D-AIR-1..4): the air_support special rule and the air_strike command."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.core.registry import register_scenario
from games.rules.panzer_grenadier.core.scenario_model import Sortie, SpecialRule
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from tests.rules.panzer_grenadier.turnkit import TurnScenario, board_map, started, unit

STUKA = Sortie("ge-stuka", "Ju 87 Stuka", direct_fire=12, anti_tank=10, from_turn=1, to_turn=2)


@dataclass
class AirScenario(TurnScenario):
    special_rules: tuple = ()

    def rules(self, name):
        return tuple(r for r in self.special_rules if r.rule == name)


def air_game(*units, sorties=(STUKA,)):
    s = started([unit("ge-1", "ge_rifle", "ge", "A0202"), *units], scenario_id="test-air")
    register_scenario(AirScenario(id="test-air", map=board_map(), special_rules=(
        SpecialRule("air_support", "Stukas", side="ge", sorties=tuple(sorties)),)))
    return apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-1"},
                 ScriptedDice.of()).state


def strike(target="A0108", attack="direct", **kw):
    return {"type": "air_strike", "sortie": "ge-stuka", "target": target, "attack": attack, **kw}


def kinds(events):
    return [e.type for e in events]


def test_d_air_1_a_sortie_that_rolls_4_does_not_arrive_and_is_spent_for_the_turn():
    s = air_game(unit("su-1", "su_rifle", "su", "A0108"))
    assert strike() in legal_commands(s, "ge-1")["air_strike"]
    step = apply(s, "ge-1", strike(), ScriptedDice.of(4))
    arrival = next(e for e in step.events if e.type == "air_arrival")
    assert arrival.data["arrives"] is False and "D-AIR-1" in arrival.data["reason"]
    assert "fire" not in kinds(step.events)
    assert step.state.units["su-1"] == s.units["su-1"]
    assert "air_strike" not in legal_commands(step.state, "ge-1")
    with pytest.raises(IllegalCommand):
        apply(step.state, "ge-1", strike(), ScriptedDice.of(1))


def test_d_air_1_a_sortie_that_rolls_3_arrives_and_attacks_the_hex():
    s = air_game(unit("su-1", "su_rifle", "su", "A0108"))
    step = apply(s, "ge-1", strike(), ScriptedDice.of(3, 6, 6, *[1] * 10))
    assert "fire" in kinds(step.events) and "result" in kinds(step.events)
    assert step.state.units["su-1"] != s.units["su-1"]


def shifts(events):
    return [e.data.get("reason", "") for e in events if e.type == "shift"]


def test_d_air_2_an_enemy_aa_unit_within_3_hexes_shifts_air_direct_fire_one_column_left():
    near = air_game(unit("su-1", "su_rifle", "su", "A0108"), unit("su-aa", "su_aa_37", "su", "A0111"))
    far = air_game(unit("su-1", "su_rifle", "su", "A0108"), unit("su-aa", "su_aa_37", "su", "A0112"))
    ev_near = apply(near, "ge-1", strike(), ScriptedDice.of(1, 2, 2, *[1] * 10)).events
    ev_far = apply(far, "ge-1", strike(), ScriptedDice.of(1, 2, 2, *[1] * 10)).events
    assert any("AA unit within 3 hexes" in r for r in shifts(ev_near)), shifts(ev_near)
    assert not any("AA unit" in r for r in shifts(ev_far))
    col = {e.type: e.data for e in ev_near}["column"]
    assert col["net_shift"] == {e.type: e.data for e in ev_far}["column"]["net_shift"] - 1


def test_d_air_2_the_air_unit_is_over_the_hex_no_range_or_adjacency_shift():
    s = air_game(unit("su-1", "su_rifle", "su", "A0108"))
    events = apply(s, "ge-1", strike(), ScriptedDice.of(1, 2, 2, *[1] * 10)).events
    assert not any("hexes away" in r or "adjacent" in r for r in shifts(events))


def test_d_air_3_air_anti_tank_is_range_0_without_the_adjacency_bonus():
    s = air_game(unit("su-t34", "su_t34_76", "su", "A0108"))
    cmd = strike(attack="anti_tank", target_unit="su-t34")
    assert cmd in legal_commands(s, "ge-1")["air_strike"]
    events = apply(s, "ge-1", cmd, ScriptedDice.of(2, 1, 1, *[6] * 10)).events
    result = next(e for e in events if e.type == "result")
    assert result.data["modified"] == 1 + 1 + 10 - 5  # 2d6 + AT 10 - armor 5, no +1 adjacent
    assert not shifts(events)


def test_d_air_3_an_anti_tank_strike_names_an_armored_unit_in_the_hex():
    s = air_game(unit("su-1", "su_rifle", "su", "A0108"))
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", strike(attack="anti_tank", target_unit="su-1"), ScriptedDice.of(1))
    assert exc.value.rule == "11.4"


def test_d_air_4_no_strike_outside_the_sortie_turns_or_without_an_activation():
    late = Sortie("ge-stuka", "Ju 87 Stuka", direct_fire=12, from_turn=2)
    s = air_game(unit("su-1", "su_rifle", "su", "A0108"), sorties=(late,))
    assert "air_strike" not in legal_commands(s, "ge-1")
    s2 = air_game(unit("su-1", "su_rifle", "su", "A0108"))
    s2 = apply(s2, "ge-1", {"type": "end_activation"}, ScriptedDice.of()).state
    assert "air_strike" not in legal_commands(s2, "ge-1")


def test_d_air_1_melnitsa_gives_the_germans_a_stuka_sortie_on_turns_4_to_9():
    from games.rules.panzer_grenadier.core.scenario import bundled_scenarios

    (rule,) = bundled_scenarios()["melnitsa-bridgehead"].rules("air_support")
    assert rule.side == "ge"
    assert [(s.id, s.direct_fire, s.anti_tank, s.from_turn, s.to_turn) for s in rule.sorties] == [
        ("ge-air-1", 12, 10, 4, 9)]


def test_d_air_1_the_schema_refuses_air_support_without_sorties():
    import copy
    import json

    from games.rules.panzer_grenadier.core.scenario import load_scenario
    from games.rules.panzer_grenadier.core.scenario_model import ScenarioError

    raw = json.load(open("games/data/scenarios/melnitsa-bridgehead.json"))
    bad = copy.deepcopy(raw)
    for r in bad["special_rules"]:
        r.pop("sorties", None)
    with pytest.raises(ScenarioError):
        load_scenario(bad)
    load_scenario(raw)


def test_d_air_4_in_double_blind_the_defender_declares_around_the_aimed_hex_before_the_attack():
    s = air_game(unit("su-1", "su_rifle", "su", "A0108"), unit("su-2", "su_rifle", "su", "A0109"))
    s = s.__class__(**{**{f: getattr(s, f) for f in s.__dataclass_fields__ if
                          s.__dataclass_fields__[f].init}, "options": s.options | {"double_blind"}})
    step = apply(s, "ge-1", strike(target="A0108"), ScriptedDice.of(1, 2, 2, *[1] * 10))
    names = kinds(step.events)
    assert "air_declaration" in names and "fire" not in names
    attack = apply(step.state, "ge-1", {"type": "air_attack", "target": "A0108"},
                   ScriptedDice.of(2, 2, *[1] * 10))
    assert "fire" in kinds(attack.events)


def test_d_air_4_in_double_blind_an_anti_tank_strike_names_the_target_by_its_handle():
    import json
    from dataclasses import replace

    s = air_game(unit("su-t34", "su_t34_76", "su", "A0108"))
    from games.rules.panzer_grenadier.double_blind import knowledge

    s = knowledge.start(replace(s, options=s.options | {"double_blind"}), "air-secret")
    at = [c for c in legal_commands(s, "ge-1").get("air_strike", []) if "target_unit" in c]
    assert at and "su-t34" not in json.dumps(at)
    step = apply(s, "ge-1", at[0], ScriptedDice.of(2, 1, 1, *[6] * 10))
    (again,) = legal_commands(step.state, "ge-1")["air_attack"]
    assert again["target_unit"] == at[0]["target_unit"]  # by the same handle
    step = apply(step.state, "ge-1", again, ScriptedDice.of(1, 1, *[6] * 10))
    assert any(e.type == "result" for e in step.events)


def db_air_game(*units):
    from dataclasses import replace

    from games.rules.panzer_grenadier.double_blind import knowledge

    s = air_game(*units)
    return knowledge.start(replace(s, options=s.options | {"double_blind"}), "air-secret")


def test_in_double_blind_the_attacker_re_aims_after_the_declaration_18_9():
    """18.9: "The actual hex to be attacked is decided after any unobserved unit types or
    occupied hexes are declared": the arrived sortie waits for an air_attack at any hex
    within 3 of the aimed one, seen or not (D-AIR-4)."""
    s = db_air_game(unit("su-1", "su_rifle", "su", "A1208"), unit("su-2", "su_rifle", "su", "A1210"))
    aim = strike(target="A1208")
    waiting = apply(s, "ge-1", aim, ScriptedDice.of(1, 2, 2)).state
    assert waiting.air_pending is not None
    legal = legal_commands(waiting, "ge-1")
    assert list(legal) == ["air_attack"]  # nothing else until the sortie has attacked
    assert {"type": "air_attack", "target": "A1210"} in legal["air_attack"]
    with pytest.raises(IllegalCommand, match="18.9"):
        apply(waiting, "ge-1", {"type": "end_activation"}, ScriptedDice.of())
    with pytest.raises(IllegalCommand, match="more than 3 hexes"):
        apply(waiting, "ge-1", {"type": "air_attack", "target": "A0202"}, ScriptedDice.of())
    step = apply(waiting, "ge-1", {"type": "air_attack", "target": "A1210"},
                 ScriptedDice.of(2, 2, *[1] * 10))
    fire = next(e for e in step.events if e.type == "fire").to_json()
    assert fire["target_hex"] == "A1210" and step.state.air_pending is None
    assert "end_activation" in legal_commands(step.state, "ge-1")
