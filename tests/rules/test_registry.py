"""The ruleset registry and interface: one lookup by scenario, both games behind it."""

from __future__ import annotations

import ast
import io
import json
from pathlib import Path

import pytest

from games.rules.common.dice import SeededDice
from games.rules.playtest import main as playtest_main
from games.rules.registry import (
    RULESETS,
    all_scenarios,
    for_scenario,
    ruleset,
)

ROOT = Path(__file__).resolve().parents[2]


def test_the_registry_knows_both_games_and_defaults_to_panzer_grenadier():
    assert set(RULESETS) == {"panzer_grenadier", "panzer_leader"}
    assert ruleset(None).id == "panzer_grenadier"
    with pytest.raises(KeyError):
        ruleset("chess")


def test_a_scenario_finds_its_ruleset():
    assert for_scenario("meeting-at-kessel").id == "panzer_grenadier"
    assert for_scenario("pl-hollenbach").id == "panzer_leader"
    with pytest.raises(KeyError):
        for_scenario("no-such-scenario")


def test_the_lobby_list_groups_scenarios_by_game():
    games = [g for g, _ in all_scenarios()]
    assert games == sorted(games, key=["panzer_grenadier", "panzer_leader"].index)
    assert sum(1 for g in games if g == "panzer_leader") >= 3


@pytest.mark.parametrize("scenario_id", ["meeting-at-kessel", "pl-hollenbach"])
def test_each_game_plays_a_step_through_the_interface(scenario_id):
    rs = for_scenario(scenario_id)
    state = rs.opening_state(scenario_id, None, None)
    seat = rs.who_may_act(state)[0]
    legal = rs.legal_commands(state, seat)
    command = next(c for cs in legal.values() for c in cs)
    step = rs.apply(state, seat, command, SeededDice("s"))
    assert rs.state_hash(rs.decode_state(json.loads(json.dumps(rs.encode_state(step.state))))) == \
        rs.state_hash(step.state)
    json.dumps(rs.view_for(step.state, ("spectator", "public")))
    assert isinstance(step.events, tuple)


def test_panzer_leader_counter_types_carry_class_range_and_representative_mark():
    types = ruleset("panzer_leader").counter_types("pl-hollenbach")
    assert types["us_m4"] == {**types["us_m4"], "attack": 11, "weapon": "A", "defense": 9,
                              "representative": False}  # transcribed (PL-D18)
    assert types["us_rifle"]["range"] == "2*"
    assert types["us_m4"]["fire"] == "11A-8" or types["us_m4"]["fire"].startswith("11A-")


def test_panzer_leader_counter_faces_name_every_counter_and_describe_the_markers():
    faces = ruleset("panzer_leader").counter_faces("pl-hollenbach", [], None)
    assert set(faces["sides"]) == {"allied", "german"}
    assert faces["sides"]["allied"]["fill"] != faces["sides"]["german"]["fill"]
    assert all(f["name"] and uid not in f["name"] for uid, f in faces["units"].items())
    assert faces["types"]["de_pz4"]["short"] == "PzKw IV H"  # a short name is printed whole
    assert faces["markers"]["dispersed"]["label"] == "D"


def test_panzer_leader_previews_say_why_not():
    rs = ruleset("panzer_leader")
    state = rs.opening_state("pl-hollenbach", None, None)
    bad = rs.composed_preview(
        state, "allied", {"type": "fire", "units": ["al-m4-1"], "targets": ["ge-rifle-1"]}
    )
    assert bad["ok"] is False and bad["why_not"]
    los = rs.sight_line(state, "A-B-4", "A-L-2")
    assert {"from", "to", "clear", "why_not"} <= set(los)


def test_panzer_leader_says_why_not_in_the_shape_every_ruleset_answers():
    rs = ruleset("panzer_leader")
    state = rs.opening_state("pl-hollenbach", None, None)
    seat = rs.who_may_act(state)[0]
    answer = rs.why_not(state, seat, ["al-m4-1"], "A-L-2")
    assert answer["hex"] == "A-L-2"
    assert [a["action"] for a in answer["actions"]] == ["move", "fire", "overrun", "assault"]
    for a in answer["actions"]:
        assert a["ok"] or (a["reasons"] and a["reasons"][0]["message"])


def test_playtest_of_every_panzer_leader_situation_runs_clean_and_replays():
    out = io.StringIO()
    tally = ruleset("panzer_leader").playtest(
        games=1, seed="ci", scenario_ids=["pl-hollenbach", "pl-seeufer-landing"], out=out)
    assert (tally.errors, tally.invariant_failures, tally.replay_mismatches) == (0, 0, 0), out.getvalue()


def test_the_playtest_entry_point_takes_a_ruleset_flag(capsys):
    code = playtest_main(["--ruleset", "panzer_leader", "--games", "1", "--scenario", "pl-hollenbach"])
    assert code == 0 and "errors=0" in capsys.readouterr().out


def test_the_rulesets_import_nothing_from_django():
    for path in (ROOT / "games" / "rules").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [
                    node.module or ""]
                assert not any(n.split(".")[0] in ("django", "channels", "rest_framework")
                               or n.startswith("games.models") for n in names), path


@pytest.mark.parametrize("scenario_id", ["meeting-at-kessel", "pl-hollenbach"])
def test_the_verify_command_replays_an_export_of_either_game(scenario_id, tmp_path, capsys):
    from games.rules.common.dice import SeededDice
    from games.rules.verify import main as verify_main

    rs = for_scenario(scenario_id)
    seed = "verify-seed"
    dice, state = SeededDice(seed), rs.opening_state(scenario_id, None, None)
    initial, steps = state, []
    for _ in range(12):
        seat = rs.who_may_act(state)[0]
        command = next(c for cs in rs.legal_commands(state, seat).values() for c in cs)
        step = rs.apply(state, seat, command, dice)
        steps.append({"seat": seat, "command": command, "dice": list(step.dice_used),
                      "state": step.state})
        state = step.state
    doc = json.loads(json.dumps(rs.export(initial, seed, steps, state)))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    assert verify_main([str(path)]) == 0 and "OK" in capsys.readouterr().out
    doc["steps"][-1]["command"] = {"type": "no_such_command"}
    path.write_text(json.dumps(doc))
    assert verify_main([str(path)]) == 1
