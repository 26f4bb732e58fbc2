"""What the legal commands keep or skip answers the same as working it out afresh.

- Load, unload and assign_vehicle are offered by asking their refusals (check_load,
  check_unload, check_assign) of the state itself, not by trying each on a copy: every
  candidate is refused by one exactly when the command tried on a copy is refused.
- The move planner shares the hexside entries of one `Reading` between unit types alike in
  what entering reads (movement class, vehicle, cavalry, bridgelayer, infantry) and keeps
  one Entry per value: every mover planned over the shared Reading reaches what it reaches
  planned alone, and the costs the legal moves ask for (`reach_costs`, no paths spelled
  out) are `reach`'s.

Both over the positions of seeded random games of several situations."""

from __future__ import annotations

import random

import pytest

from games.rules.common.dice import SeededDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_leader import engine
from games.rules.panzer_leader.core import engineers, transport
from games.rules.panzer_leader.core.entering import Reading
from games.rules.panzer_leader.core.movement import reach
from games.rules.panzer_leader.core.units import utype
from games.rules.panzer_leader.legal import legal_commands
from games.rules.panzer_leader.ruleset import RULESET

from .kit import assert_shared_reading_changes_nothing, random_command, world

GAMES = [("pl-12-saar", 3, 40), ("pl-river-assault", 5, 100), ("pl-1940-semois-ford", 7, 200)]


def refused(check, *args) -> str | None:
    try:
        check(*args)
    except IllegalCommand as e:
        return str(e)
    return None


def assert_checks_match_trials(state, side):
    """Every load, unload and vehicle assignment of the side: refused by the check exactly
    when (and with the words) the command tried on a copy is refused."""
    own = sorted((u for u in state.units.values() if u.side == side), key=lambda u: u.id)
    for c in own:
        if not (c.on_map and utype(c).carries):
            continue
        for p in state.units_at(c.hex, side):
            assert refused(transport.check_load, state, side, c.id, p.id) == \
                refused(transport.load, state.copy(), side, c.id, p.id, []), (c.id, p.id)
        assert refused(transport.check_unload, state, side, c.id) == \
            refused(transport.unload, state.copy(), side, c.id, []), c.id
    for e in own:
        if not engineers.is_engineer(e):
            continue
        for v in own:
            trial = state.copy()
            assert refused(engineers.check_assign, state, e, v) == refused(
                engineers.assign_vehicle, trial, trial.units[e.id], trial.units[v.id], []), \
                (e.id, v.id)


@pytest.mark.parametrize("situation,seed,steps", GAMES, ids=[g[0] for g in GAMES])
def test_kept_and_skipped_answers_equal_fresh_ones_in_a_seeded_game(situation, seed, steps):
    rng = random.Random(seed)
    state = RULESET.opening_state(situation)
    dice = SeededDice(f"kept-{seed}")
    moving = 0
    for _ in range(steps):
        if state.phase == "ended":
            break
        seat = RULESET.who_may_act(state)[0]
        legal = legal_commands(state, seat)
        if state.phase in ("move_vehicles", "move_foot") and not state.pending:
            moving += 1
            assert_checks_match_trials(state, state.active_side)
            if moving % 5 == 1:
                assert_shared_reading_changes_nothing(state)
        command = random_command(rng, legal, move_on=0.2)
        state, _ = engine.apply(state, seat, command, dice)
    assert moving >= 5


def test_types_alike_in_movement_share_entries_and_types_unlike_do_not():
    s = world(["........"] * 3 + ["~~~~~~~~"] + ["........"] * 4,
              units=[("a", "us_m4", "allied", "4,2"), ("b", "us_m10", "allied", "4,2"),
                     ("i", "us_rifle", "allied", "5,2")], phase="move_vehicles")
    shared = Reading(s)
    for uid in ("a", "b", "i"):
        assert reach(s, s.units[uid], reading=shared) == reach(s, s.units[uid]), uid
