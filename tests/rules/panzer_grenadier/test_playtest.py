"""Random playtesting finishes games with no errors, invariant failures or replay mismatches."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest

from games.rules import randomplay
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.core.scenario import bundled_scenarios
from games.rules.panzer_grenadier.playtest import invariant_problems, player
from games.rules.registry import ruleset
from tests.rules.panzer_grenadier.turnkit import started, unit

# A short game per bundled scenario: a seat resigns at this step unless the game is over
# sooner, so even the six-board battle costs seconds; playtest plays them to the end.
SHORT_GAME_STEPS = 60


def test_a_couple_of_short_games_run_clean_and_print_the_summary_line():
    out = io.StringIO()
    tally = ruleset("panzer_grenadier").playtest(games=2, seed="pytest",
                                                  scenario_ids=["meeting-at-kessel"], out=out)
    last = out.getvalue().strip().splitlines()[-1]
    assert last == (f"playtest: games=2 steps={tally.steps} errors=0 invariant_failures=0 "
                    "replay_mismatches=0")
    assert tally.steps > 10


@pytest.mark.parametrize("scenario_id", sorted(bundled_scenarios()))
def test_every_bundled_scenario_plays_a_short_seeded_random_game_clean(scenario_id):
    short = replace(player(), resign_every=1, resign_at=SHORT_GAME_STEPS)
    out = io.StringIO()
    tally = randomplay.run(ruleset("panzer_grenadier"), short, games=1, seed="library",
                           scenario_ids=[scenario_id], out=out)
    assert (tally.games, tally.errors, tally.invariant_failures, tally.replay_mismatches) == (
        1, 0, 0, 0), out.getvalue()
    assert tally.steps > 10


def test_invariants_catch_overstacking_bad_steps_and_statuses():
    s = started([unit(f"ge-{i}", "ge_rifle", "ge", "A0205") for i in range(4)])
    assert any("overstacked" in p for p in invariant_problems(s))
    s = started([unit("ge-1", "ge_rifle", "ge", "A0205", steps=3)])
    assert any("steps" in p for p in invariant_problems(s))
    s = started([unit("ge-1", "ge_rifle", "ge", "A0205", status="panicked")])
    assert any("status" in p for p in invariant_problems(s))


def test_invariants_catch_moved_fired_markers_left_at_the_start_of_a_turn():
    s = started([unit("ge-1", "ge_rifle", "ge", "A0205", moved_fired=True)])
    assert any("Moved/Fired" in p for p in invariant_problems(s))


def test_invariants_catch_a_game_ended_without_a_result():
    s = replace(started([unit("ge-1", "ge_rifle", "ge", "A0205")]), phase=st.ENDED)
    assert any("result" in p for p in invariant_problems(s))
