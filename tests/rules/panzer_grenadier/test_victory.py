"""Victory conditions: hex control (D-VICTORY-1), exits (D-VICTORY-2), losses, the winner."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.rules.panzer_grenadier.core.scenario import initial_state, load_scenario
from games.rules.panzer_grenadier.core.victory import (
    game_result,
    holder,
    record_control,
    victory_points,
)


def scenario(decision=None, holder_at_start="su"):
    """A one-board fight over Kesselbach church (A1006) with a German exit edge."""
    return load_scenario(
        {
            "format": 1,
            "id": "victory-test",
            "title": "Victory test",
            "date": "1943-08-14",
            "map": {"boards": [{"board": "kessel", "label": "A", "at": [0, 0]}]},
            "turns": 6,
            "first_side": "ge",
            "sides": [
                {
                    "id": "ge",
                    "name": "German",
                    "nationality": "german",
                    "initiative": 2,
                    "morale": 8,
                },
                {
                    "id": "su",
                    "name": "Soviet",
                    "nationality": "soviet",
                    "initiative": 2,
                    "morale": 7,
                },
            ],
            "units": [
                {"id": "ge-rifle", "type": "ge_rifle", "side": "ge", "hex": "A0306"},
                {"id": "ge-tank", "type": "ge_pz_iv", "side": "ge", "hex": "A0307"},
                {"id": "ge-truck", "type": "ge_truck", "side": "ge", "hex": "A0308"},
                {"id": "ge-leader", "type": "ge_ldr_lt_a", "side": "ge", "hex": "A0306"},
                {"id": "su-rifle", "type": "su_rifle", "side": "su", "hex": "A1506"},
                {"id": "su-leader", "type": "su_ldr_cpt_a", "side": "su", "hex": "A1506"},
            ],
            "victory": {
                "hexes": [{"hex": "A1006", "points": 5, "holder": holder_at_start}],
                "exit": [{"side": "ge", "edge": "E", "points_per_step": 2}],
                "losses": [
                    {
                        "side": "ge",
                        "per_step": 1,
                        "per_afv_step": 3,
                        "per_transport_step": 0,
                        "per_leader": 4,
                    },
                    {"side": "su", "per_step": 1, "per_leader": 2},
                ],
                "decision": decision or {"method": "most_points"},
            },
        }
    )


def move(state, unit_id, label, scen):
    return state.with_unit(replace(state.units[unit_id], hex=scen.map.parse_label(label)))


def test_d_victory_1_the_starting_holder_holds_a_hex_nobody_has_entered():
    """D-VICTORY-1: before anyone enters, the scenario's holder scores the hex."""
    scen = scenario()
    state = initial_state(scen)
    assert holder(scen, state, scen.map.parse_label("A1006")) == "su"
    assert victory_points(scen, state) == {"ge": 0, "su": 5}


def test_d_victory_1_a_hex_nobody_held_at_the_start_scores_for_nobody():
    """D-VICTORY-1: holder null means nobody scores it yet."""
    scen = scenario(holder_at_start=None)
    assert victory_points(scen, initial_state(scen)) == {"ge": 0, "su": 0}


def test_d_victory_1_the_last_side_to_have_a_combat_unit_there_alone_keeps_it_after_leaving():
    """D-VICTORY-1: control stays with the last sole occupier after it leaves."""
    scen = scenario()
    state = record_control(scen, move(initial_state(scen), "ge-rifle", "A1006", scen))
    assert victory_points(scen, state)["ge"] == 5
    state = record_control(scen, move(state, "ge-rifle", "A0906", scen))
    assert holder(scen, state, scen.map.parse_label("A1006")) == "ge"
    assert victory_points(scen, state) == {"ge": 5, "su": 0}


def test_d_victory_1_a_unit_standing_in_the_hex_holds_it_even_before_control_is_recorded():
    """D-VICTORY-1: a sole occupier now counts even if record_control was not called."""
    scen = scenario()
    state = move(initial_state(scen), "ge-rifle", "A1006", scen)
    assert victory_points(scen, state)["ge"] == 5


def test_d_victory_1_a_contested_hex_keeps_its_previous_holder():
    """D-VICTORY-1: both sides in the hex: the previous holder keeps it."""
    scen = scenario()
    state = move(move(initial_state(scen), "ge-rifle", "A1006", scen), "su-rifle", "A1006", scen)
    state = record_control(scen, state)
    assert holder(scen, state, scen.map.parse_label("A1006")) == "su"


@pytest.mark.parametrize("unit_id", ["ge-leader", "ge-truck"])
def test_d_victory_1_a_leader_or_an_unarmed_transport_alone_does_not_take_a_hex(unit_id):
    """D-VICTORY-1: only combat units take a hex."""
    scen = scenario()
    state = record_control(scen, move(initial_state(scen), unit_id, "A1006", scen))
    assert holder(scen, state, scen.map.parse_label("A1006")) == "su"


def test_record_control_returns_the_same_state_when_nothing_changes():
    scen = scenario()
    state = initial_state(scen)
    assert record_control(scen, state) is state


def test_d_victory_2_steps_exited_score_for_the_side_with_the_exit_edge():
    """D-VICTORY-2: exited steps score for the side's single exit edge."""
    scen = scenario()
    state = initial_state(scen)
    state = state.with_unit(replace(state.units["ge-tank"], hex=None, exited=True, steps=1))
    # One step exited at 2 points; exits are not losses.
    assert victory_points(scen, state) == {"ge": 2, "su": 5}


def test_losses_score_for_the_enemy_by_step_afv_step_transport_and_leader():
    scen = scenario()
    state = initial_state(scen)
    state = state.with_units(
        {
            "ge-rifle": replace(state.units["ge-rifle"], steps=1),  # 1 step x 1
            "ge-tank": replace(state.units["ge-tank"], hex=None, steps=0, eliminated=True),  # 2 x 3
            "ge-truck": replace(state.units["ge-truck"], hex=None, steps=0, eliminated=True),  # 0
            "ge-leader": replace(state.units["ge-leader"], hex=None, steps=0, eliminated=True),  # 4
            "su-rifle": replace(
                state.units["su-rifle"], hex=None, steps=0, eliminated=True
            ),  # 2 x 1
        }
    )
    assert victory_points(scen, state) == {"ge": 2, "su": 5 + 1 + 6 + 4}


def test_most_points_wins_and_equal_points_are_a_draw():
    scen = scenario()
    result = game_result(scen, initial_state(scen))
    assert result["winner"] == "su" and result["points"] == {"ge": 0, "su": 5}
    assert "Soviet leads by 5" in result["reason"]
    level = scenario(holder_at_start=None)
    assert game_result(level, initial_state(level))["winner"] is None


@pytest.mark.parametrize(
    ("holder_at_start", "draw_at_least", "winner"),
    [("ge", 1, "ge"), (None, 0, None), ("su", 1, "su")],
)
def test_a_threshold_decides_win_draw_or_loss(holder_at_start, draw_at_least, winner):
    """German needs 5 points (the church) to win; from draw_at_least up it is a draw."""
    decision = {"method": "threshold", "side": "ge", "at_least": 5, "draw_at_least": draw_at_least}
    scen = scenario(decision, holder_at_start)
    assert game_result(scen, initial_state(scen))["winner"] == winner


def test_a_margin_decision_needs_a_big_enough_lead():
    scen = scenario({"method": "margin", "at_least": 6})
    assert game_result(scen, initial_state(scen))["winner"] is None
    scen = scenario({"method": "margin", "at_least": 5})
    assert game_result(scen, initial_state(scen))["winner"] == "su"


def test_a_scenario_without_victory_conditions_is_a_draw():
    state = initial_state(scenario())
    result = game_result(None, state)
    assert result == {
        "winner": None,
        "points": {"ge": 0, "su": 0},
        "reason": "the scenario has no victory conditions",
    }
