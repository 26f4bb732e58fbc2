"""Dice you can verify: an exported game replays from its scenario, seed and command log."""

from __future__ import annotations

import copy
import hashlib
import json
import random

import pytest

from games.rules.common.dice import SeededDice, commitment
from games.rules.panzer_grenadier.core.scenario import bundled_scenarios, initial_state
from games.rules.panzer_grenadier.core.serialize import state_hash
from games.rules.panzer_grenadier.engine import apply, who_may_act
from games.rules.panzer_grenadier.legal import legal_commands
from games.rules.panzer_grenadier.verify import VerifyError, export_game, main, verify


@pytest.fixture(scope="module")
def played():
    """A finished random game of the smallest bundled scenario, exported."""
    scen = bundled_scenarios()["meeting-at-kessel"]
    rng = random.Random("verify")
    seed = hashlib.sha256(b"verify").hexdigest()
    dice = SeededDice(seed)
    state = initial = initial_state(scen)
    steps = []
    while state.phase != "ended":
        seat = rng.choice([s for s in who_may_act(state) if legal_commands(state, s)])
        legal = legal_commands(state, seat)
        command = rng.choice(legal[rng.choice(sorted(legal))])
        before = len(dice.rolls)
        state = apply(state, seat, command, dice).state
        steps.append({"seat": seat, "command": command, "dice": dice.rolls[before:],
                      "state": state})
    return json.loads(json.dumps(export_game(initial, seed, steps, state))), state


def test_a_finished_game_verifies(played):
    doc, final = played
    assert doc["commitment"] == commitment(doc["seed"])
    assert state_hash(verify(doc)) == state_hash(final)
    assert final.result is not None


def first_step_with_dice(doc):
    return next(i for i, s in enumerate(doc["steps"]) if s["dice"])


def test_a_changed_roll_is_caught_and_named(played):
    doc = copy.deepcopy(played[0])
    i = first_step_with_dice(doc)
    roll = doc["steps"][i]["dice"][0]
    roll["values"][0] = roll["values"][0] % 6 + 1
    with pytest.raises(VerifyError) as exc:
        verify(doc)
    assert str(exc.value).startswith(f"step {i + 1}: roll 1 differs: recorded")
    assert "replay" in str(exc.value)


def test_a_changed_state_is_caught(played):
    doc = copy.deepcopy(played[0])
    doc["steps"][3]["state_hash"] = "0" * 64
    with pytest.raises(VerifyError, match="step 4: state differs"):
        verify(doc)


def test_a_seed_that_does_not_match_the_commitment_is_refused(played):
    doc = copy.deepcopy(played[0])
    doc["seed"] = "f" * 64
    with pytest.raises(VerifyError, match="commitment"):
        verify(doc)


def test_a_changed_command_is_caught(played):
    doc = copy.deepcopy(played[0])
    i = next(i for i, s in enumerate(doc["steps"]) if s["command"]["type"] == "pass")
    doc["steps"][i]["command"] = {"type": "end_activation"}
    with pytest.raises(VerifyError, match=f"step {i + 1}"):
        verify(doc)


def test_the_command_line_says_ok_or_names_the_difference(played, tmp_path, capsys):
    good = tmp_path / "game.json"
    good.write_text(json.dumps(played[0]))
    assert main([str(good)]) == 0
    assert capsys.readouterr().out.startswith("OK")
    doc = copy.deepcopy(played[0])
    i = first_step_with_dice(doc)
    doc["steps"][i]["dice"][0]["values"][0] = doc["steps"][i]["dice"][0]["values"][0] % 6 + 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    assert main([str(bad)]) == 1
    assert f"step {i + 1}: roll 1 differs" in capsys.readouterr().out


def test_an_export_embedding_its_scenario_verifies_from_that_document(played):
    doc = copy.deepcopy(played[0])
    doc["scenario"] = json.loads(json.dumps(dict(bundled_scenarios()["meeting-at-kessel"].raw)))
    assert state_hash(verify(doc)) == state_hash(played[1])
