"""Consolidation, the optional rule (17.1, D-CONS-1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.core import sequence
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.core.scenario_model import Formation
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from games.rules.panzer_grenadier.optional import formation
from tests.rules.panzer_grenadier.turnkit import started, unit

MERGE = {"type": "consolidate", "units": ["ge-1", "ge-2"]}


def led_by(leader_type, *, options=("consolidation",), second="ge_rifle", status=st.GOOD):
    s = started([unit("ge-ldr", leader_type, "ge", "A0202"),
                 unit("ge-1", "ge_rifle", "ge", "A0202", steps=1),
                 unit("ge-2", second, "ge", "A0202", steps=1, status=status),
                 unit("su-1", "su_rifle", "su", "A1510")], options=options)
    return apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-ldr"},
                 ScriptedDice.of()).state


def test_17_1_a_major_merges_two_reduced_platoons_into_one_full_one():
    s = led_by("ge_ldr_maj")
    assert MERGE in legal_commands(s, "ge-1")["consolidate"]
    step = apply(s, "ge-1", MERGE, ScriptedDice.of())
    u = step.state.units
    assert u["ge-1"].steps == 2 and u["ge-1"].hex is not None
    assert u["ge-2"].eliminated and u["ge-2"].hex is None
    assert step.events[0].type == "consolidated"
    assert {"ge-1", "ge-2"} <= step.state.activation.done


def test_d_cons_1_the_side_loses_no_victory_step_and_no_unit_count_by_consolidating():
    s = led_by("ge_ldr_maj")
    before = s.side("ge").units_eliminated
    after = apply(s, "ge-1", MERGE, ScriptedDice.of()).state
    assert after.side("ge").units_eliminated == before
    assert sum(u.steps for u in after.units.values() if u.side == "ge" and u.on_map
               and not u.type_id.startswith("ge_ldr")) == 2


def test_d_cons_1_the_removed_counter_is_no_loss_for_initiative_or_formation_activation():
    """17.1 "Remove one of the units": removed, not eliminated. It counts neither toward the
    initiative reduction (D2) nor as a friendly unit eliminated for the formation roll (17.7);
    the same counter eliminated would count in both."""
    s = led_by("ge_ldr_maj")
    after = apply(s, "ge-1", MERGE, ScriptedDice.of()).state
    assert after.consolidated == {"ge-2"}
    grenadiers = Formation("f1", "Grenadiers", "ge", ("ge-ldr", "ge-1", "ge-2"))

    def lost(state):
        return dict(formation.modifiers(state, "ge", grenadiers)).get("friendly units eliminated", 0)

    assert sequence.loss_points(after, "ge") == 0 and lost(after) == 0
    eliminated = replace(after, consolidated=frozenset())
    assert sequence.loss_points(eliminated, "ge") == 1 and lost(eliminated) == 1


def test_17_1_a_captain_may_not_consolidate():
    s = led_by("ge_ldr_cpt_a")
    assert "consolidate" not in legal_commands(s, "ge-1")
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", MERGE, ScriptedDice.of())
    assert exc.value.rule == "17.1" and "Major" in str(exc.value)


def test_17_1_different_types_or_morale_conditions_do_not_consolidate():
    assert "consolidate" not in legal_commands(led_by("ge_ldr_maj", second="ge_hmg"), "ge-1")
    shaken = led_by("ge_ldr_maj", status=st.DISRUPTED)
    assert "consolidate" not in legal_commands(shaken, "ge-1")


def test_17_1_without_the_option_consolidation_is_refused():
    s = led_by("ge_ldr_maj", options=())
    assert "consolidate" not in legal_commands(s, "ge-1")
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", MERGE, ScriptedDice.of())
    assert exc.value.rule == "17.1"
