"""The sequence of play (3.0): initiative, segments, passing, marker removal, end of turn."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.core.sequence import (
    current_initiative,
    loss_points,
    opening_segments,
)
from games.rules.panzer_grenadier.engine import apply
from tests.rules.panzer_grenadier.turnkit import game, unit


def two_squads(**kw):
    return game(
        [
            unit("ge-1", "ge_rifle", "ge", "A0305"),
            unit("ge-2", "ge_rifle", "ge", "A0306"),
            unit("ge-3", "ge_rifle", "ge", "A0307"),
            unit("su-1", "su_rifle", "su", "A0805"),
            unit("su-2", "su_rifle", "su", "A0806"),
        ],
        **kw,
    )


def started(dice_values=(5, 1), **kw):
    s = two_squads(**kw)
    return apply(s, "ge-1", {"type": "roll_initiative"}, ScriptedDice.of(*dice_values)).state


def test_case_27_winner_by_five_takes_two_opening_segments_d1():
    """Case 27: A init 3 rolls 5 = 8, B init 2 rolls 1 = 3; diff 5 -> 2 segments (D1 floor)."""
    s = started((5, 1))
    assert s.phase == st.ACTION
    assert s.initiative_side == "ge"
    assert s.opening_segments_left == 2
    assert s.active_side == "ge"
    assert s.initiative_rolls == {"ge": 8, "su": 3}


def test_d1_a_winning_margin_of_one_still_gives_one_opening_segment():
    assert opening_segments(1) == 1
    assert opening_segments(0) == 1
    assert opening_segments(5) == 2
    assert opening_segments(6) == 3


def test_initiative_ties_are_rerolled():
    # ge 3+1=4, su 2+2=4: tie, re-roll: ge 3+1=4, su 2+6=8 -> su wins by 4 -> 2 segments.
    step = apply(two_squads(), "su-1", {"type": "roll_initiative"}, ScriptedDice.of(1, 2, 1, 6))
    assert step.state.initiative_side == "su"
    assert step.state.opening_segments_left == 2
    assert [e.type for e in step.events].count("initiative_rolled") == 2
    assert "initiative_tied" in [e.type for e in step.events]
    assert len(step.dice_used) == 4


def end(s, seat):
    s = apply(
        s,
        seat,
        {
            "type": "activate",
            "kind": "unit",
            "unit": next(
                u.id
                for u in sorted(s.units.values(), key=lambda u: u.id)
                if u.side == s.active_side and not u.moved_fired
            ),
        },
        ScriptedDice.of(),
    ).state
    return apply(s, seat, {"type": "end_activation"}, ScriptedDice.of()).state


def test_opening_segments_then_the_sides_alternate():
    s = started((5, 1))  # ge takes 2 opening segments
    s = end(s, "ge-1")
    assert s.active_side == "ge" and s.opening_segments_left == 1
    s = end(s, "ge-1")
    assert s.active_side == "su"
    s = end(s, "su-1")
    assert s.active_side == "ge"
    assert s.turn_segments == {"ge": 2, "su": 1}


def test_passing_by_both_sides_ends_the_action_phase_and_the_turn():
    """D-SEQ-1: a pass in the opening segments gives up the rest of them. D-SEQ-3: marker
    removal, the end of the turn and the next initiative happen in the same step."""
    s = started((5, 1))
    s = apply(s, "ge-1", {"type": "pass"}, ScriptedDice.of()).state  # gives up the opening
    assert s.active_side == "su" and s.opening_segments_left == 0
    step = apply(s, "su-1", {"type": "pass"}, ScriptedDice.of(4, 4))
    types = [e.type for e in step.events]
    assert "action_phase_ended" in types and "markers_removed" in types
    assert step.state.turn == 2
    assert step.state.phase == st.ACTION  # the next initiative was rolled in the same step
    assert step.dice_used[0].purpose == "initiative:ge"


def test_marker_removal_clears_moved_fired():
    s = started((5, 1))
    s = end(s, "ge-1")
    assert s.units["ge-1"].moved_fired
    s = apply(s, "ge-1", {"type": "pass"}, ScriptedDice.of()).state
    s = apply(s, "su-1", {"type": "pass"}, ScriptedDice.of(3, 3)).state
    assert s.turn == 2
    assert not any(u.moved_fired for u in s.units.values())


def test_a_side_with_nothing_left_passes_automatically():
    """D-SEQ-2: a side with nothing to activate passes at once; the phase ends when neither can."""
    s = game(
        [
            unit("ge-1", "ge_rifle", "ge", "A0305"),
            unit("su-1", "su_rifle", "su", "A0805"),
            unit("su-2", "su_rifle", "su", "A0806"),
        ]
    )
    s = apply(s, "ge-1", {"type": "roll_initiative"}, ScriptedDice.of(6, 1)).state
    s = end(s, "ge-1")  # ge has nothing left: su plays on alone
    assert s.active_side == "su"
    s = end(s, "su-1")
    assert s.active_side == "su"
    step = apply(s, "su-1", {"type": "activate", "kind": "unit", "unit": "su-2"}, ScriptedDice.of())
    step = apply(step.state, "su-1", {"type": "end_activation"}, ScriptedDice.of(2, 2))
    assert step.state.turn == 2


def test_the_last_turn_ends_the_game_with_a_result():
    s = started((5, 1), last_turn=1)
    s = apply(s, "ge-1", {"type": "pass"}, ScriptedDice.of()).state
    step = apply(s, "su-1", {"type": "pass"}, ScriptedDice.of())
    assert step.state.phase == st.ENDED
    assert step.state.result is not None
    assert step.events[-1].type == "game_ended"


def test_reinforcements_can_be_activated_from_their_turn():
    s = two_squads()
    s = s.with_unit(unit("ge-9", "ge_rifle", "ge", None, entry_turn=2, entry_edge="W"))
    s = apply(s, "ge-1", {"type": "roll_initiative"}, ScriptedDice.of(5, 1)).state
    with pytest.raises(Exception) as exc:
        apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-9"}, ScriptedDice.of())
    assert "3.1" in str(exc.value)
    s = apply(s, "ge-1", {"type": "pass"}, ScriptedDice.of()).state
    step = apply(s, "su-1", {"type": "pass"}, ScriptedDice.of(5, 1))
    assert "reinforcements_available" in [e.type for e in step.events]
    s = apply(
        step.state, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-9"}, ScriptedDice.of()
    ).state
    assert "ge-9" in s.activation.units


def test_d2_eliminated_units_reduce_initiative_tanks_double_transports_free():
    s = two_squads()
    dead = {
        "x1": unit("x1", "ge_pz_iv", "ge", None, eliminated=True, steps=0),
        "x2": unit("x2", "ge_rifle", "ge", None, eliminated=True, steps=0),
        "x3": unit("x3", "ge_truck", "ge", None, eliminated=True, steps=0),
        "x4": unit("x4", "ge_rifle", "ge", None, eliminated=True, steps=0),
    }
    s = s.with_units(dead)
    assert loss_points(s, "ge") == 4  # tank 2 + rifle 1 + rifle 1, truck 0
    assert current_initiative(s, s.side("ge")) == 2  # 3 - 4 // 4
    step = apply(s, "ge-1", {"type": "roll_initiative"}, ScriptedDice.of(5, 1))
    assert step.state.side("ge").initiative == 2
    assert step.state.side("ge").initiative_base == 3
    assert step.state.initiative_rolls["ge"] == 7


def test_d2_initiative_never_drops_below_zero():
    s = two_squads(ge_init=0)
    s = s.with_units(
        {f"x{i}": unit(f"x{i}", "ge_rifle", "ge", None, eliminated=True, steps=0) for i in range(8)}
    )
    assert current_initiative(s, s.side("ge")) == 0


def test_night_turns_come_from_the_scenario():
    from tests.rules.panzer_grenadier.turnkit import scenario

    s = two_squads(scenario_id="test-night")
    scenario(id="test-night", night_turns=(2,))
    s = apply(s, "ge-1", {"type": "roll_initiative"}, ScriptedDice.of(5, 1)).state
    s = apply(s, "ge-1", {"type": "pass"}, ScriptedDice.of()).state
    s = apply(s, "su-1", {"type": "pass"}, ScriptedDice.of(5, 1)).state
    assert s.turn == 2 and s.night


def test_after_the_end_every_command_is_refused_as_game_over():
    s = replace(two_squads(), phase=st.ENDED)
    from games.rules.common.errors import IllegalCommand

    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", {"type": "pass"}, ScriptedDice.of())
    assert exc.value.code == "game/over"
