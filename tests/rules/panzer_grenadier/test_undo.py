"""Taking back moves within an activation, until something new is learned or a die is rolled
(D-UNDO-1), case by case; and that an undo under hidden information tells no audience
anything it did not already know, byte for byte."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.core.serialize import canonical_json
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.leakcheck import audiences
from games.rules.panzer_grenadier.legal import legal_commands
from games.rules.panzer_grenadier.views import redact_events, view_for
from tests.rules.panzer_grenadier.dbkit import db_game
from tests.rules.panzer_grenadier.turnkit import label, started, unit

UNDO = {"type": "undo"}


def led(su_at="A1006", options=(), hidden=False, db=False):
    units = [unit("ge-1", "ge_rifle", "ge", "A0101"), unit("ge-lt", "ge_ldr_lt_a", "ge", "A0101"),
             unit("su-1", "su_rifle", "su", su_at, hidden=hidden)]
    s = db_game(units, options=options) if db else started(units, options=options)
    return apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
                 ScriptedDice.of()).state


def move(s, path, uid="ge-1"):
    return apply(s, "ge-1", {"type": "move", "unit": uid, "path": path}, ScriptedDice.of(*[6] * 20))


def test_a_move_that_shows_nothing_new_may_be_taken_back_exactly():
    s = led()
    moved = move(s, ["A0102"]).state
    assert view_for(moved, ("seat", "ge-1"))["undo"] == ["ge-1"]
    assert "undo" not in view_for(moved, ("seat", "su-1"))
    step = apply(moved, "ge-1", UNDO, ScriptedDice.of())
    assert step.state == s and step.dice_used == ()
    assert [e.to_json() for e in step.events] == [
        {"type": "undone", "side": "ge", "command": "move"}]


def test_moves_are_taken_back_one_at_a_time_back_to_the_activations_start():
    s = led()
    one = move(s, ["A0102"]).state
    two = move(one, ["A0102"], uid="ge-lt").state
    back = apply(two, "ge-1", UNDO, ScriptedDice.of()).state
    assert back == one
    assert apply(back, "ge-1", UNDO, ScriptedDice.of()).state == s
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", UNDO, ScriptedDice.of())  # the activation itself is not taken back
    assert exc.value.rule == "D-UNDO-1"


def test_no_undo_past_a_spotting_change():
    s = led()
    to = next(c for c in legal_commands(s, "ge-1")["move"]
              if c.get("unit") == "ge-1" and c["path"][-1] == "A0704")
    step = apply(s, "ge-1", to, ScriptedDice.of())  # su-1 comes in sight
    assert step.state.undo is None and "undo" not in view_for(step.state, ("seat", "ge-1"))
    with pytest.raises(IllegalCommand, match="nothing to take back"):
        apply(step.state, "ge-1", UNDO, ScriptedDice.of())


def test_no_undo_past_a_die_roll():
    s = started([unit("ge-m", "ge_mortar_81", "ge", "A0101"),
                 unit("ge-lt", "ge_ldr_lt_a", "ge", "A0101"),
                 unit("su-1", "su_rifle", "su", "A0106")])  # in sight, out of its own range
    s = apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
              ScriptedDice.of()).state
    moved = move(s, ["A0201"], uid="ge-lt").state
    assert moved.undo is not None
    fired = apply(moved, "ge-1", {"type": "bombard", "firers": ["ge-m"], "target": "A0106"},
                  ScriptedDice.of(*[3] * 20)).state
    assert fired.undo is None


def test_no_undo_past_an_opportunity_fire_window():
    s = started([unit("ge-1", "ge_rifle", "ge", "A0205"), unit("ge-lt", "ge_ldr_lt_a", "ge", "A0205"),
                 unit("su-1", "su_rifle", "su", "A0209")])
    s = apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
              ScriptedDice.of()).state
    step = apply(s, "ge-1", {"type": "move", "unit": "ge-1", "path": ["A0206"]}, ScriptedDice.of())
    assert step.state.opfire is not None and step.state.undo is None
    after = apply(step.state, "su-1", {"type": "decline"}, ScriptedDice.of()).state
    assert after.undo is None


def test_no_undo_past_a_collision_with_a_hidden_counter():
    s = started([unit("ge-1", "ge_rifle", "ge", "A0105"),
                 unit("su-h", "su_rifle", "su", "A0107", hidden=True, moved_fired=True),
                 unit("su-1", "su_rifle", "su", "A1510")])
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-1"},
              ScriptedDice.of()).state
    step = apply(s, "ge-1", {"type": "move", "unit": "ge-1", "path": ["A0106", "A0107"]},
                 ScriptedDice.of())
    assert "collision" in [e.type for e in step.events] and step.state.undo is None


def test_only_the_activating_seat_may_undo_and_not_after_the_activation_ends():
    s = led()
    moved = move(s, ["A0102"]).state
    with pytest.raises(IllegalCommand):
        apply(moved, "su-1", UNDO, ScriptedDice.of())
    ended = apply(moved, "ge-1", {"type": "end_activation"}, ScriptedDice.of()).state
    assert ended.undo is None
    assert "undo" not in legal_commands(moved, "ge-1")  # the board's button, not a listed command


@pytest.mark.parametrize("modes", [("double_blind",), ("double_blind", "hidden_units"),
                                   ("double_blind", "limited_intelligence")], ids="+".join)
def test_after_an_undo_no_audience_learns_anything_byte_for_byte(modes):
    """D-UNDO-1 under hidden information: every audience's frame after the undo is its frame
    from before the move; the undoing side reads one log line naming only the command, the
    others nothing; the undoing seat is back where it was."""
    s = led(su_at="A2012", options=modes, hidden="hidden_units" in modes, db=True)
    moved = move(s, ["A0102"])
    assert moved.state.undo is not None
    step = apply(moved.state, "ge-1", UNDO, ScriptedDice.of())
    for aud in audiences(step.state):
        before = canonical_json(view_for(s, aud))
        assert canonical_json(view_for(step.state, aud)) == before, aud
        log = redact_events(step.events, aud, step.state)
        own = aud in (("side", "ge"), ("seat", "ge-1"))  # the others never saw the move
        assert log == ([{"type": "undone", "side": "ge", "command": "move"}] if own else [])
    assert label(step.state.units["ge-1"].hex) == "A0101"


def test_an_undo_point_survives_the_state_round_trip():
    from games.rules.panzer_grenadier.core.serialize import state_from_json, state_to_json

    moved = move(led(), ["A0102"]).state
    again = state_from_json(state_to_json(moved))
    assert again == moved and again.undo.state == moved.undo.state
    assert replace(again, undo=None).undo is None


@pytest.mark.parametrize("modes", [("hidden_units",), ("limited_intelligence",)], ids="+".join)
def test_without_double_blind_a_move_the_enemy_sees_opens_a_window_and_is_never_undone(modes):
    """Hidden units and limited intelligence alone: the enemy is in contact with every counter
    not hidden, so each hex entered opens an opportunity-fire window (D-DB-OPFIRE), past which
    nothing is taken back: an undo there could never tell anything."""
    s = led(su_at="A2012", options=modes, hidden="hidden_units" in modes, db=True)
    step = move(s, ["A0102"])
    assert step.state.opfire is not None and step.state.undo is None



def test_no_undo_past_a_move_that_rolled_for_mire():
    """A die rolled on the way (here the mire roll, 17 Part II) ends what may be taken back,
    even when the vehicle is not mired."""
    s = started([unit("ge-v", "ge_pz_iv", "ge", "A0302"), unit("su-1", "su_rifle", "su", "A1510")],
                options=("mire",))
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-v"},
              ScriptedDice.of()).state
    step = apply(s, "ge-1", {"type": "move", "unit": "ge-v", "path": ["A0303"]},
                 ScriptedDice.of(6))
    assert [e.type for e in step.events if e.type == "mire_roll"] and step.dice_used
    assert step.state.undo is None


def test_no_undo_past_a_hidden_unit_revealing_itself_by_moving():
    """A hidden unit that moves is revealed (17.8): the enemy has learned where it is."""
    s = started([unit("ge-h", "ge_rifle", "ge", "A0101", hidden=True),
                 unit("su-1", "su_rifle", "su", "A1510")], options=("hidden_units",))
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-h"},
              ScriptedDice.of()).state
    step = apply(s, "ge-1", {"type": "move", "unit": "ge-h", "path": ["A0102"]},
                 ScriptedDice.of(*[6] * 10))
    assert "revealed" in [e.type for e in step.events] and step.state.undo is None


def test_no_undo_past_a_double_blind_move_that_observes_new_hexes():
    """Double-blind (18.0): a move that lets the side's OPs see hexes they did not is
    scouting; even with no enemy found, the side learned that those hexes are empty."""
    s = led(su_at="A2012", options=("double_blind",), db=True)
    far = next(c for c in legal_commands(s, "ge-1")["move"]
               if c.get("unit") == "ge-1" and len(c["path"]) >= 3)
    step = apply(s, "ge-1", far, ScriptedDice.of(*[6] * 20))
    from games.rules.panzer_grenadier.core.undo import _observes_more

    assert _observes_more(s, step.state) and step.state.undo is None


def test_in_double_blind_the_other_side_reads_nothing_of_an_undo():
    """The enemy never saw the move; the line saying it was taken back goes to the undoing
    side only (D-UNDO-1, D-DB-LOG)."""
    s = led(su_at="A2012", options=("double_blind",), db=True)
    moved = move(s, ["A0102"])
    step = apply(moved.state, "ge-1", UNDO, ScriptedDice.of())
    assert redact_events(step.events, ("side", "su"), step.state) == []
    assert redact_events(step.events, ("side", "ge"), step.state) == [
        {"type": "undone", "side": "ge", "command": "move"}]
