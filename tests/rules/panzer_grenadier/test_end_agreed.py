"""Ends by agreement as an engine command (D-AGREE-1): a draw or an abort, no winner."""

from __future__ import annotations

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand, InvalidCommand
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from tests.rules.panzer_grenadier.turnkit import game, started, unit

UNITS = [unit("ge-1", "ge_rifle", "ge", "A0202"), unit("su-1", "su_rifle", "su", "A1510")]


def test_d_agree_1_an_agreed_draw_ends_the_game_with_no_winner_out_of_turn():
    s = started(UNITS)
    assert s.active_side == "ge"
    step = apply(s, "su-1", {"type": "end_agreed", "outcome": "draw"}, ScriptedDice.of())
    assert step.state.phase == st.ENDED
    r = step.state.result
    assert (r["winner"], r["reason"], r["agreed"]) == (None, "drawn by agreement", "draw")
    assert [(e.type, e.data["reason"]) for e in step.events] == [("game_ended", "agreed_draw")]
    assert step.dice_used == ()
    with pytest.raises(IllegalCommand):
        apply(step.state, "ge-1", {"type": "pass"}, ScriptedDice.of())


def test_d_agree_1_an_abort_before_the_first_roll_keeps_no_points_and_is_not_offered():
    s = game(UNITS)
    offered = [c for cs in legal_commands(s, "ge-1").values() for c in cs]
    assert not any(c["type"] == "end_agreed" for c in offered)
    step = apply(s, "ge-1", {"type": "end_agreed", "outcome": "abort"}, ScriptedDice.of())
    assert step.state.result == {
        "winner": None, "points": {}, "reason": "aborted before the first move", "agreed": "abort",
    }


def test_d_agree_1_it_refuses_an_outcome_it_does_not_know():
    with pytest.raises(InvalidCommand):
        apply(started(UNITS), "ge-1", {"type": "end_agreed", "outcome": "win"}, ScriptedDice.of())
