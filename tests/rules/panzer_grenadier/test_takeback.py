"""Taking back a whole activation by agreement (D-TAKEBACK-1): past dice and sightings, only
with the other side's consent, only in games played with the `takebacks` option."""

from __future__ import annotations

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.core.scenario import bundled_scenarios
from games.rules.panzer_grenadier.engine import apply, who_may_act
from games.rules.panzer_grenadier.legal import legal_commands
from games.rules.panzer_grenadier.playtest import player
from games.rules.panzer_grenadier.views import view_for
from games.rules.randomplay import Tally, play_one
from games.rules.registry import ruleset
from tests.rules.panzer_grenadier.turnkit import started, unit

OFFER, ACCEPT, DECLINE = ({"type": t} for t in ("offer_takeback", "accept_takeback",
                                                "decline_takeback"))


def fought(options=("takebacks",)):
    """The Germans activate a mortar and bombard a Soviet platoon (dice rolled), then end the
    activation: the Soviets are to act."""
    s = started([unit("ge-m", "ge_mortar_81", "ge", "A0101"),
                 unit("su-1", "su_rifle", "su", "A0104")], options=options)
    before = s
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-m"},
              ScriptedDice.of()).state
    s = apply(s, "ge-1", {"type": "bombard", "firers": ["ge-m"], "target": "A0104"},
              ScriptedDice.of(*[6] * 20)).state
    if s.activation is not None:
        s = apply(s, "ge-1", {"type": "end_activation"}, ScriptedDice.of(*[6] * 20)).state
    return before, s


def test_an_accepted_takeback_restores_the_state_before_the_activation_exactly():
    before, after = fought()
    assert after.units["ge-m"].moved_fired
    offered = apply(after, "ge-1", OFFER, ScriptedDice.of())
    assert [e.type for e in offered.events] == ["takeback_offered"]
    assert who_may_act(offered.state) == ("su-1",)
    assert legal_commands(offered.state, "su-1") == {"accept_takeback": [ACCEPT],
                                                     "decline_takeback": [DECLINE]}
    back = apply(offered.state, "su-1", ACCEPT, ScriptedDice.of())
    assert back.state == before and back.dice_used == ()
    assert back.events[0].type == "activation_taken_back"


def test_the_side_that_acted_may_offer_out_of_turn_and_a_declined_offer_changes_nothing():
    _, after = fought()
    assert "ge-1" not in who_may_act(after)
    assert legal_commands(after, "ge-1") == {"offer_takeback": [OFFER]}
    offered = apply(after, "ge-1", OFFER, ScriptedDice.of()).state
    with pytest.raises(IllegalCommand, match="already|once|offer"):
        apply(offered, "ge-1", OFFER, ScriptedDice.of())
    with pytest.raises(IllegalCommand):  # the Soviets must answer before playing on
        apply(offered, "su-1", {"type": "pass"}, ScriptedDice.of())
    declined = apply(offered, "su-1", DECLINE, ScriptedDice.of()).state
    assert declined.takeback_offer is None and declined.units == after.units
    assert "offer_takeback" not in legal_commands(declined, "su-1")


def test_the_other_side_may_not_offer_and_the_next_activation_ends_the_chance():
    _, after = fought()
    with pytest.raises(IllegalCommand, match="D-TAKEBACK-1"):
        apply(after, "su-1", OFFER, ScriptedDice.of())
    passed = apply(after, "su-1", {"type": "pass"}, ScriptedDice.of(*[6, 1] * 10)).state
    # Both passed: the turn ended, and with it the chance to take back its last activation.
    assert passed.turn == after.turn + 1 and passed.takeback is None
    assert "offer_takeback" not in legal_commands(passed, "ge-1")


def test_without_the_option_there_is_no_takeback():
    _, after = fought(options=())
    assert after.takeback is None
    assert "offer_takeback" not in legal_commands(after, "ge-1")
    with pytest.raises(IllegalCommand, match="not in use"):
        apply(after, "ge-1", OFFER, ScriptedDice.of())


def test_hidden_information_games_never_take_back():
    """Restoring a state would make a side forget what its player saw (D-TAKEBACK-1)."""
    _, after = fought(options=("takebacks", "hidden_units"))
    assert after.takeback is None and "offer_takeback" not in legal_commands(after, "ge-1")


def test_the_saved_state_is_in_no_view():
    _, after = fought()
    offered = apply(after, "ge-1", OFFER, ScriptedDice.of()).state
    for audience in (("side", "ge"), ("side", "su"), ("spectator", "public")):
        assert "takeback" not in view_for(offered, audience)


def test_random_games_with_takebacks_play_to_the_end_and_replay():
    """The verifier replays the log, offers and answers included, to the same states."""
    tally = Tally()
    scen = bundled_scenarios()["meeting-at-kessel"]
    for g in range(2):
        play_one(ruleset("panzer_grenadier"), player(), scen.id, f"takebacks:{g}", tally, 20000,
                 options=sorted(scen.default_options | {"takebacks"}))
    assert (tally.errors, tally.invariant_failures, tally.replay_mismatches) == (0, 0, 0), (
        tally.messages)
