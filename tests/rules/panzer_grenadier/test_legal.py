"""legal_commands: every command listed applies; seats that may not act get nothing."""

from __future__ import annotations

import hashlib
import random

import pytest

from games.rules.common.dice import ScriptedDice, SeededDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.core.scenario import bundled_scenarios, initial_state
from games.rules.panzer_grenadier.engine import apply, who_may_act
from games.rules.panzer_grenadier.legal import GROUP_ORDER, legal_commands
from tests.rules.panzer_grenadier.turnkit import started, unit


def sample_states(scenario_id: str, seed: str, steps: int, every: int):
    """States met along a random game, one in `every` steps."""
    scen = bundled_scenarios()[scenario_id]
    rng = random.Random(seed)
    dice = SeededDice(hashlib.sha256(seed.encode()).hexdigest())
    state = initial_state(scen)
    for n in range(steps):
        if state.phase == "ended":
            return
        if n % every == 0:
            yield state
        seat = rng.choice([s for s in who_may_act(state) if legal_commands(state, s)])
        legal = legal_commands(state, seat)
        state = apply(state, seat, rng.choice(legal[rng.choice(sorted(legal))]), dice).state


@pytest.mark.parametrize("scenario_id", ["meeting-at-kessel", "melnitsa-bridgehead"])
def test_every_legal_command_applies_without_error(scenario_id):
    checked = 0
    for state in sample_states(scenario_id, "legal-1", 120, 7):
        for seat in (s.id for s in state.seats):
            legal = legal_commands(state, seat)
            if seat not in who_may_act(state):
                assert legal == {}
                continue
            assert list(legal) == [g for g in GROUP_ORDER if g in legal]
            for group, commands in legal.items():
                for command in commands:
                    assert command["type"] == group
                    apply(state, seat, command, SeededDice("legal-check"))
                    checked += 1
    assert checked > 50


def test_a_seat_that_may_not_act_gets_nothing_and_is_refused():
    s = started([unit("ge-1", "ge_rifle", "ge", "A0205"), unit("su-1", "su_rifle", "su", "A0909")])
    assert legal_commands(s, "su-1") == {}
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "su-1", {"type": "pass"}, ScriptedDice.of())
    assert exc.value.code == "command/not_your_activation"


def test_before_the_first_initiative_every_seat_may_roll_it():
    from tests.rules.panzer_grenadier.turnkit import game

    s = game([unit("ge-1", "ge_rifle", "ge", "A0205"), unit("su-1", "su_rifle", "su", "A0909")])
    assert legal_commands(s, "ge-1") == {"roll_initiative": [{"type": "roll_initiative"}]}
    assert legal_commands(s, "su-1") == {"roll_initiative": [{"type": "roll_initiative"}]}


def test_after_the_end_nobody_may_act():
    from dataclasses import replace

    s = replace(started([unit("ge-1", "ge_rifle", "ge", "A0205")]), phase="ended")
    assert who_may_act(s) == ()
    assert legal_commands(s, "ge-1") == {}


def test_inside_an_activation_the_board_is_offered_moves_and_fire_for_its_units():
    s = started([unit("ge-1", "ge_rifle", "ge", "A0205"), unit("su-1", "su_rifle", "su", "A0207")])
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-1"},
              ScriptedDice.of()).state
    legal = legal_commands(s, "ge-1")
    assert {"type": "fire", "firers": ["ge-1"], "target": "A0207", "fire_type": "direct"} in \
        legal["fire"]
    assert legal["end_activation"] == [{"type": "end_activation"}]
    assert all(c["unit"] == "ge-1" for c in legal["move"])
    assert "activate" not in legal and "pass" not in legal


def test_d_legal_1_the_board_is_offered_stack_fire_and_leader_assisted_fire():
    s = started([
        unit("ge-1", "ge_rifle", "ge", "A0205"),
        unit("ge-2", "ge_rifle", "ge", "A0205"),
        unit("ge-lt", "ge_ldr_lt_a", "ge", "A0205"),
        unit("su-1", "su_rifle", "su", "A0207"),
    ])
    s = apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
              ScriptedDice.of()).state
    fire = legal_commands(s, "ge-1")["fire"]
    assert {"type": "fire", "firers": ["ge-1", "ge-2"], "target": "A0207",
            "fire_type": "direct"} in fire
    assert {"type": "fire", "firers": ["ge-1", "ge-2"], "target": "A0207",
            "fire_type": "direct", "leader": "ge-lt"} in fire
    step = apply(s, "ge-1", {"type": "fire", "firers": ["ge-1", "ge-2"], "target": "A0207",
                             "fire_type": "direct", "leader": "ge-lt"}, ScriptedDice.of(*[3] * 20))
    assert "fire" in [e.type for e in step.events]
