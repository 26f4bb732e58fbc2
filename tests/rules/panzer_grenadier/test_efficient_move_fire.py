"""Efficient Unit Move & Fire, the optional rule (17.3, D-EFF-1)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.core.registry import catalogue_for
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from tests.rules.panzer_grenadier.turnkit import started, unit

OPT = ("efficient_move_fire",)
SHOT = {"type": "fire", "firers": ["ge-pz"], "target": "A0205", "fire_type": "direct",
        "move_and_fire": True}
DICE = ScriptedDice.of(*[4] * 12)


def tank(options=OPT):
    s = started([unit("ge-pz", "ge_pz_iv", "ge", "A0202"),
                 unit("su-1", "su_rifle", "su", "A0205")], options=options)
    return apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-pz"},
                 ScriptedDice.of()).state


def ma(s):
    return Fraction(catalogue_for(s)["ge_pz_iv"].face(2).movement)


def test_17_3_fire_first_at_minus_1_then_half_the_allowance_is_left_to_move():
    s = tank()
    assert SHOT in legal_commands(s, "ge-1")["fire"]
    step = apply(s, "ge-1", SHOT, DICE)
    assert any(e.type == "shift" and e.data["reason"] == "efficient move & fire"
               and e.data["shift"] == -1 for e in step.events)
    a = step.state.activation
    assert a.mp_spent["ge-pz"] == ma(s) - ma(s) // 2  # D-EFF-1: the other half is booked
    assert "ge-pz" not in a.done
    moves = legal_commands(step.state, "ge-1").get("move", [])
    assert moves and not any(c.get("move_and_fire") for c in
                             legal_commands(step.state, "ge-1").get("fire", []))


def test_d_eff_1_moved_first_within_half_it_may_still_fire_once_at_minus_1():
    s = tank()
    s = apply(s, "ge-1", {"type": "move", "unit": "ge-pz", "path": ["A0102"]},
              ScriptedDice.of(*[6] * 6)).state
    assert s.activation.mp_spent["ge-pz"] <= ma(s) // 2
    with pytest.raises(IllegalCommand):  # an ordinary shot after moving is still refused
        apply(s, "ge-1", {**SHOT, "move_and_fire": False, "target": "A0205"}, DICE)
    offered = [c for c in legal_commands(s, "ge-1").get("fire", []) if c.get("move_and_fire")]
    assert offered
    step = apply(s, "ge-1", offered[0], DICE)
    assert any(e.type == "shift" and e.data["reason"] == "efficient move & fire"
               for e in step.events)
    # done: with nothing else activated, the activation has ended
    assert step.state.activation is None and step.state.units["ge-pz"].moved_fired


def test_d_eff_1_moved_beyond_half_the_allowance_it_may_not_fire():
    s = tank()
    moves = sorted(legal_commands(s, "ge-1")["move"], key=lambda c: -len(c["path"]))
    for m in moves:
        after = apply(s, "ge-1", m, ScriptedDice.of(*[6] * 30)).state
        if after.activation and after.activation.mp_spent.get("ge-pz", 0) > ma(s) // 2:
            break
    else:
        raise AssertionError("no move longer than half the allowance was offered")
    assert not any(c.get("move_and_fire") for c in legal_commands(after, "ge-1").get("fire", []))


def test_17_3_without_the_option_a_tank_moves_or_fires():
    s = tank(options=())
    assert not any(c.get("move_and_fire") for c in legal_commands(s, "ge-1")["fire"])
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", SHOT, DICE)
    assert exc.value.rule == "17.3"
