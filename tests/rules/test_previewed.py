"""Which commands have a preview is the referee's to say (issue 50, issue 47): each ruleset's
view tells a player's board the command types whose previews it answers, so the board asks
for no preview of an initiative roll, an activation or its end, and holds no list of its own."""

from __future__ import annotations

import random

import pytest

from games.rules.common.dice import SeededDice
from games.rules.registry import PANZER_GRENADIER, PANZER_LEADER

CASES = [(PANZER_GRENADIER, "melnitsa-bridgehead"), (PANZER_LEADER, "pl-hollenbach")]
STEPS = 25
UNITS_A_STEP = 2  # previews are asked for a few units a step: each answer plays every command


def named_units(command: dict) -> list[str]:
    units = [command.get("unit"), *(command.get("units") or ())]
    return [u for u in units if isinstance(u, str)]


@pytest.mark.parametrize(("rs", "scenario_id"), CASES)
def test_a_players_view_lists_the_previewed_commands_and_only_they_get_previews(
    rs, scenario_id: str,
) -> None:
    rng = random.Random(7)
    dice = SeededDice(f"{7:064x}")
    state = rs.opening_state(scenario_id, [])
    seen: set[str] = set()
    for _ in range(STEPS):
        if rs.result(state) is not None:
            break
        seat = rng.choice([s for s in rs.who_may_act(state) if rs.legal_commands(state, s)])
        side = rs.seat_sides(state)[seat]
        previewed = set(rs.view_for(state, ("side", side))["previewed"])
        legal = rs.legal_commands(state, seat)
        commands = [c for group in legal.values() for c in group]
        seen |= {c["type"] for c in commands}
        units = sorted({u for c in commands for u in named_units(c)})
        for unit in rng.sample(units, min(UNITS_A_STEP, len(units))):
            answered = {p["command"]["type"] for p in rs.previews(state, seat, unit)
                        if not str(p.get("why_not", "")).startswith("no preview")}
            assert answered <= previewed, f"{answered - previewed} previewed but not listed"
        state = rs.apply(state, seat, rng.choice(legal[rng.choice(sorted(legal))]), dice).state
    assert "move" in seen
    assert {"activate", "roll_initiative", "end_activation", "pass"}.isdisjoint(previewed)
    assert {"move", "fire", "assault"} <= previewed


@pytest.mark.parametrize(("rs", "scenario_id"), CASES)
def test_spectators_are_told_no_preview_list(rs, scenario_id: str) -> None:
    state = rs.opening_state(scenario_id, [])
    assert "previewed" not in rs.view_for(state, ("spectator", "public"))
