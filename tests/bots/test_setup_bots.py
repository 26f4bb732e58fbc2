"""Bots set up their forces where a scenario gives them set-up areas (D-SETUP-1): every level
places each unit in a hex of its area, deterministically, and plays the battle to its end."""

from __future__ import annotations

import pytest

from games.bots.arena import play_game
from games.bots.facts import public_facts
from games.bots.harness import decision_for
from games.bots.levels import decide
from games.rules.common.dice import SeededDice
from games.rules.panzer_grenadier.core import state as st
from games.rules.registry import ruleset
from tests.designkit import pg_setup_battle

PG = ruleset("panzer_grenadier")
AREAS = {"su-1": {"A0603", "A0604", "A0703", "A0704"}, "su-2": {"A0603", "A0604", "A0703", "A0704"},
         "ge-1": {"A0101", "A0102", "A0103"}, "ge-2": {"A0101", "A0102", "A0103"}}


def first_turn(level: str, seed: str = "s1"):
    """The bot game's record and its state once both sides have set up."""
    PG.load_document(pg_setup_battle())
    seen = []
    record = play_game("setup-battle", {"attacker": level, "defender": level}, seed,
                       watch=seen.append)
    return record, next(s for s in seen if s.phase != st.SETUP)


def veteran_choice(state, seat: str) -> dict:
    """What the Veteran sends from this seat now, as the arena asks it."""
    facts = public_facts("setup-battle", [])
    return decide("veteran", decision_for(PG, state, seat, "s"), facts)


def placed_hexes(state) -> dict[str, str]:
    return {u["id"]: u["hex"] for u in PG.view_for(state, ("full",))["units"]}


@pytest.mark.parametrize("level", ["recruit", "veteran", "elite"])
def test_every_bot_level_sets_up_in_its_areas_and_plays_to_the_end(level):
    record, start = first_turn(level)
    assert not record.capped and record.refused == [] and record.winner is not None
    hexes = placed_hexes(start)
    for uid, area in AREAS.items():
        assert hexes[uid] in area, (uid, hexes[uid])


def test_the_veteran_defender_garrisons_the_village_and_sets_up_the_same_way_each_time():
    _, one = first_turn("veteran")
    _, two = first_turn("veteran")
    assert "A0604" in {placed_hexes(one)[uid] for uid in ("su-1", "su-2")}  # worth 3 points
    assert PG.state_hash(one) == PG.state_hash(two)


def test_the_veteran_places_on_the_objective_first_and_never_takes_a_placement_back():
    """The judge scores a placement by what the counter gains standing there (objectives,
    cover, fields of fire): the defender's first platoon goes to the village (3 points), and
    with it placed the next command is the second platoon's placement, not a take-back."""
    PG.load_document(pg_setup_battle())
    state = PG.opening_state("setup-battle")
    first = veteran_choice(state, "defender")
    assert (first["type"], first["hex"]) == ("deploy", "A0604")
    state = PG.apply(state, "defender", first, SeededDice("s")).state
    second = veteran_choice(state, "defender")
    assert second["type"] == "deploy" and second["unit"] != first["unit"]
