"""Command shapes: malformed commands name the field; illegal ones name the rule; apply is pure."""

from __future__ import annotations

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand, InvalidCommand
from games.rules.panzer_grenadier.core.commands import COMMAND_TYPES, parse_command
from games.rules.panzer_grenadier.engine import apply
from tests.rules.panzer_grenadier.turnkit import frozen_form, started, step_from, unit

# One well-formed example of every command type.
EXAMPLES = {
    "deploy": {"type": "deploy", "unit": "ge-1", "hex": "A0204"},
    "undeploy": {"type": "undeploy", "unit": "ge-1"},
    "setup_done": {"type": "setup_done"},
    "roll_initiative": {"type": "roll_initiative"},
    "activate": {"type": "activate", "kind": "unit", "unit": "ge-1"},
    "move": {"type": "move", "unit": "ge-1", "path": ["A0204", "A0203"]},
    "exit": {"type": "exit", "units": ["ge-1", "ge-2"], "path": ["A0204", "A0203"]},
    "fire": {"type": "fire", "firers": ["ge-1"], "target": "A0508", "fire_type": "direct"},
    "bombard": {"type": "bombard", "firers": ["ge-m"], "target": "A0508", "spotter": "ge-lt"},
    "assault": {"type": "assault", "units": ["ge-1"], "target": "A0206"},
    "recover": {"type": "recover", "unit": "ge-1", "leader": "ge-lt"},
    "load": {"type": "load", "unit": "ge-1", "transport": "ge-truck"},
    "unload": {"type": "unload", "unit": "ge-1"},
    "end_activation": {"type": "end_activation"},
    "pass": {"type": "pass"},
    "opportunity_fire": {"type": "opportunity_fire", "firers": ["su-1"], "target": "ge-1",
                         "fire_type": "anti_tank"},
    "decline": {"type": "decline"},
    "bank_segment": {"type": "bank_segment"},
    "double_segment": {"type": "double_segment"},
    "dig_in": {"type": "dig_in", "unit": "ge-1"},
    "air_strike": {"type": "air_strike", "sortie": "ge-air-1", "target": "A0108", "attack": "direct"},
    "air_attack": {"type": "air_attack", "target": "A0109"},
    "undo": {"type": "undo"},
    "spray_fire": {"type": "spray_fire", "firer": "ge-hmg", "targets": ["A0105", "A0106"],
                   "factors": [4, 3]},
    "offer_takeback": {"type": "offer_takeback"},
    "accept_takeback": {"type": "accept_takeback"},
    "decline_takeback": {"type": "decline_takeback"},
    "resign": {"type": "resign"},
    "end_agreed": {"type": "end_agreed", "outcome": "draw"},
    "consolidate": {"type": "consolidate", "units": ["ge-1", "ge-2"]},
}


def test_every_command_type_has_an_example_that_parses_and_round_trips():
    assert set(EXAMPLES) == set(COMMAND_TYPES)
    for raw in EXAMPLES.values():
        assert parse_command(raw).to_json() == raw


@pytest.mark.parametrize("raw, field", [
    ("move", "type"),
    ({"type": "teleport"}, "type"),
    ({"type": "move", "path": ["A0101"]}, "unit"),
    ({"type": "move", "unit": "ge-1", "units": ["ge-2"], "path": ["A0101"]}, "unit"),
    ({"type": "move", "unit": "ge-1"}, "path"),
    ({"type": "move", "unit": "ge-1", "path": []}, "path"),
    ({"type": "move", "unit": "ge-1", "path": "A0101"}, "path"),
    ({"type": "move", "unit": 7, "path": ["A0101"]}, "unit"),
    ({"type": "activate", "kind": "platoon", "unit": "ge-1"}, "kind"),
    ({"type": "activate", "kind": "stack", "unit": "ge-1"}, "hex"),
    ({"type": "activate", "kind": "leader"}, "unit"),
    ({"type": "fire", "target": "A0101"}, "firers"),
    ({"type": "fire", "firers": ["a", "a"], "target": "A0101"}, "firers"),
    ({"type": "fire", "firers": ["a"], "target": "A0101", "fire_type": "flame"}, "fire_type"),
    ({"type": "fire", "firers": ["a"], "target": "A0101", "colour": "red"}, "colour"),
    ({"type": "recover"}, "unit"),
    ({"type": "load", "unit": "x"}, "transport"),
    ({"type": "opportunity_fire", "firers": ["a"]}, "target"),
])
def test_a_malformed_command_is_invalid_and_names_the_field(raw, field):
    with pytest.raises(InvalidCommand) as exc:
        parse_command(raw)
    assert exc.value.code == "command/invalid"
    assert exc.value.rule == field
    assert repr(field) in exc.value.message or field in exc.value.message


def small_game():
    return started([
        unit("ge-1", "ge_rifle", "ge", "A0205"),
        unit("ge-2", "ge_rifle", "ge", "A0105"),
        unit("su-1", "su_rifle", "su", "A0208"),
    ])


def test_apply_refuses_a_malformed_command_before_anything_else():
    with pytest.raises(InvalidCommand):
        apply(small_game(), "ge-1", {"type": "move"}, ScriptedDice.of())


def test_an_unknown_seat_is_refused_with_seat_none():
    with pytest.raises(IllegalCommand) as exc:
        apply(small_game(), "stranger", {"type": "pass"}, ScriptedDice.of())
    assert exc.value.code == "seat/none"


@pytest.mark.parametrize("command, rule", [
    ({"type": "roll_initiative"}, "3.0"),
    ({"type": "end_activation"}, "3.1"),
    ({"type": "move", "unit": "ge-1", "path": ["A0204"]}, "3.1"),
    ({"type": "decline"}, "13.0"),
    ({"type": "activate", "kind": "unit", "unit": "su-1"}, "3.1"),
    ({"type": "activate", "kind": "leader", "unit": "ge-1"}, "6.0"),
    ({"type": "activate", "kind": "afv_group", "unit": "ge-1"}, "3.3"),
    ({"type": "activate", "kind": "stack", "hex": "A0909"}, "3.1"),
    ({"type": "activate", "kind": "stack", "hex": "Z9999"}, "3.1"),
    ({"type": "bank_segment"}, "17.4"),
])
def test_an_illegal_command_names_the_rule(command, rule):
    with pytest.raises(IllegalCommand) as exc:
        apply(small_game(), "ge-1", command, ScriptedDice.of())
    assert exc.value.rule == rule
    assert f"({rule}" in exc.value.message or rule in exc.value.message


def test_illegal_moves_name_their_rule():
    s = apply(small_game(), "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-1"},
              ScriptedDice.of()).state
    cases = [
        ({"type": "move", "unit": "ge-1", "path": ["A0208"]}, "5.1"),  # not adjacent
        ({"type": "move", "unit": "ge-2", "path": ["A0104"]}, "3.1"),  # not activated
        ({"type": "move", "unit": "ge-1", "path": ["A0105"] * 1 + ["A0105"]}, "5.1"),
    ]
    for command, rule in cases:
        with pytest.raises(IllegalCommand) as exc:
            apply(s, "ge-1", command, ScriptedDice.of())
        assert exc.value.rule == rule, (command, exc.value.message)


def test_apply_never_mutates_its_input():
    s0 = small_game()
    before = frozen_form(s0)
    s1 = apply(s0, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-1"},
               ScriptedDice.of()).state
    mid = frozen_form(s1)
    s2 = apply(s1, "ge-1", {"type": "fire", "firers": ["ge-1"], "target": "A0208"},
               ScriptedDice.of(*[6] * 12)).state
    assert s2.activation is None  # its only unit fired: the activation ended by itself
    moved = apply(s1, "ge-1", {"type": "move", "unit": "ge-1", "path": [step_from("A0205", 0)]},
                  ScriptedDice.of(*[3] * 12))
    assert frozen_form(s0) == before
    assert frozen_form(s1) == mid
    assert moved.state is not s1


def test_a_refused_command_leaves_the_state_as_it_was():
    s = apply(small_game(), "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-1"},
              ScriptedDice.of()).state
    before = frozen_form(s)
    with pytest.raises(IllegalCommand):
        apply(s, "ge-1", {"type": "move", "unit": "ge-1", "path": ["A0204", "A0299"]},
              ScriptedDice.of())
    assert frozen_form(s) == before


@pytest.mark.parametrize("kind", [["move"], {"t": 1}, 7, None])
def test_a_type_that_is_not_a_string_is_refused_as_invalid_not_a_crash(kind):
    """Found by the socket fuzzer: a list as `type` raised TypeError inside the engine."""
    with pytest.raises(InvalidCommand) as refused:
        parse_command({"type": kind})
    assert refused.value.rule == "type"
