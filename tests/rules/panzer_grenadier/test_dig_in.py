"""Digging in (16.2, D19, D-DIG-1): who may, what it costs, when it is lost."""

from __future__ import annotations

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from tests.rules.panzer_grenadier.turnkit import started, unit

DIG = {"type": "dig_in", "unit": "ge-1"}


def activated(*extra, status=st.GOOD):
    s = started([unit("ge-1", "ge_rifle", "ge", "A0202", status=status),
                 unit("su-1", "su_rifle", "su", "A1510"), *extra])
    return apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-1"},
                 ScriptedDice.of()).state


def test_d19_an_activated_rifle_platoon_digs_in_and_does_nothing_else():
    s = activated()
    assert DIG in legal_commands(s, "ge-1")["dig_in"]
    step = apply(s, "ge-1", DIG, ScriptedDice.of())
    assert step.state.units["ge-1"].dug_in
    assert step.events[0].type == "dug_in"
    # its activation is spent: with nothing else activated, the activation ends by itself
    assert step.state.activation is None and step.state.units["ge-1"].moved_fired


def test_d_dig_1_a_unit_that_moved_may_not_dig_in():
    s = started([unit("ge-1", "ge_rifle", "ge", "A0202"), unit("ge-2", "ge_rifle", "ge", "A0202"),
                 unit("su-1", "su_rifle", "su", "A1510")])
    s = apply(s, "ge-1", {"type": "activate", "kind": "stack", "hex": "A0202"},
              ScriptedDice.of()).state
    s = apply(s, "ge-1", {"type": "move", "unit": "ge-2", "path": ["A0203"]},
              ScriptedDice.of(*[6] * 6)).state
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", {"type": "dig_in", "unit": "ge-2"}, ScriptedDice.of())
    assert exc.value.rule == "16.2" and "already acted" in str(exc.value)


def test_d_dig_1_a_disrupted_unit_a_leader_and_a_truck_may_not_dig_in():
    s = activated(status=st.DISRUPTED)
    assert "dig_in" not in legal_commands(s, "ge-1")
    s2 = started([unit("ge-lt", "ge_ldr_lt_a", "ge", "A0202"),
                  unit("ge-t", "ge_truck", "ge", "A0202", steps=1),
                  unit("su-1", "su_rifle", "su", "A1510")])
    s2 = apply(s2, "ge-1", {"type": "activate", "kind": "stack", "hex": "A0202"},
               ScriptedDice.of()).state
    assert "dig_in" not in legal_commands(s2, "ge-1")


def test_d_dig_1_a_dug_in_unit_loses_its_marker_when_it_moves():
    s = started([unit("ge-1", "ge_rifle", "ge", "A0202", dug_in=True),
                 unit("su-1", "su_rifle", "su", "A1510")])
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-1"},
              ScriptedDice.of()).state
    assert "dig_in" not in legal_commands(s, "ge-1")  # already dug in
    s = apply(s, "ge-1", {"type": "move", "unit": "ge-1", "path": ["A0203"]},
              ScriptedDice.of(*[6] * 6)).state
    assert not s.units["ge-1"].dug_in
