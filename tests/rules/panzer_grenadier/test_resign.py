"""Resignation as an engine command (D-RESIGN-1): any seat, any time; the other side wins."""

from __future__ import annotations

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from tests.rules.panzer_grenadier.turnkit import game, started, unit

UNITS = [unit("ge-1", "ge_rifle", "ge", "A0202"), unit("su-1", "su_rifle", "su", "A1510")]


def test_d_resign_1_a_seat_out_of_turn_resigns_and_the_other_side_wins():
    s = started(UNITS)
    assert s.active_side == "ge"
    step = apply(s, "su-1", {"type": "resign"}, ScriptedDice.of())
    assert step.state.phase == st.ENDED
    r = step.state.result
    assert (r["winner"], r["reason"], r["resigned"]) == ("ge", "Soviets resigned", "su")
    assert [e.type for e in step.events] == ["resigned", "game_ended"]
    assert step.events[1].data["reason"] == "resigned"
    assert step.dice_used == ()
    with pytest.raises(IllegalCommand):
        apply(step.state, "ge-1", {"type": "pass"}, ScriptedDice.of())


def test_d_resign_1_resigning_works_before_the_first_initiative_roll_and_is_not_offered():
    s = game(UNITS)
    assert {"type": "resign"} not in [c for cs in legal_commands(s, "ge-1").values() for c in cs]
    step = apply(s, "ge-1", {"type": "resign"}, ScriptedDice.of())
    assert step.state.result["winner"] == "su"
