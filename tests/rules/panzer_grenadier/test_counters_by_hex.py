"""The counters-by-hex index a state hands on to the state `with_units` makes from it: only the
hexes the changed counters leave or enter are built again, and what it answers is what a
state indexing all its counters afresh answers, whatever the changes (a move, a stack split
or joined, a counter eliminated, exiting, entering from off the map, carried). A state made
by `replace` that keeps its parent's very counters' mapping takes the parent's index."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from builders import Scene

from games.rules.panzer_grenadier.core.state import GameState
from tests.rules.panzer_grenadier.seeded import seeded_game


def fresh(state: GameState) -> GameState:
    """The same state without its index: `replace` never carries the cache, and a copy of the
    counters' mapping is not one an index is kept for, so it is indexed afresh."""
    return replace(state, units=dict(state.units))


def index_of(state: GameState) -> dict:
    return {h: state.units_at(h) for h in state.occupied_hexes()}


def a_scene() -> GameState:
    s = Scene()
    rifle = s.infantry(5)
    s.add("g1", rifle, "ge", "0202")
    s.add("g2", rifle, "ge", "0202")
    s.add("g3", rifle, "ge", "0303")
    s.add("r1", "rifle", "ru", "0505")
    s.add("r2", "rifle", "ru", "0505")
    s.add("r3", "rifle", "ru", None, entry_turn=2, entry_edge="N")
    return s.state()


def test_a_counter_moving_out_of_a_stack_leaves_both_hexes_right():
    state = a_scene()
    s = Scene()
    state.units_at(s.hex("0202"))  # the index is built
    moved = state.with_unit(replace(state.units["g1"], hex=s.hex("0203")))
    assert [u.id for u in moved.units_at(s.hex("0202"))] == ["g2"]
    assert [u.id for u in moved.units_at(s.hex("0203"))] == ["g1"]
    assert index_of(moved) == index_of(fresh(moved))
    assert [u.id for u in state.units_at(s.hex("0202"))] == ["g1", "g2"]  # the old state keeps its


def test_a_counter_that_leaves_the_map_or_is_eliminated_is_no_longer_in_its_hex():
    state = a_scene()
    s = Scene()
    state.units_at(s.hex("0505"))
    gone = state.with_units(
        {
            "r1": replace(state.units["r1"], eliminated=True),
            "g3": replace(state.units["g3"], exited=True),
        }
    )
    assert [u.id for u in gone.units_at(s.hex("0505"))] == ["r2"]
    assert gone.units_at(s.hex("0303")) == ()
    assert s.hex("0303") not in set(gone.occupied_hexes())
    assert index_of(gone) == index_of(fresh(gone))


def test_a_reinforcement_entering_joins_a_stack_in_id_order():
    state = a_scene()
    s = Scene()
    state.units_at(s.hex("0505"))
    entered = state.with_unit(replace(state.units["r3"], hex=s.hex("0505"), entry_turn=None))
    assert [u.id for u in entered.units_at(s.hex("0505"))] == ["r1", "r2", "r3"]
    assert entered.units_at(s.hex("0505"))[2] is entered.units["r3"]
    assert index_of(entered) == index_of(fresh(entered))


def test_a_changed_counter_that_stays_put_is_the_new_one_in_its_hex():
    state = a_scene()
    s = Scene()
    state.units_at(s.hex("0202"))
    shaken = state.with_unit(replace(state.units["g2"], status="disrupted"))
    assert shaken.units_at(s.hex("0202"))[1].status == "disrupted"
    assert index_of(shaken) == index_of(fresh(shaken))


def test_any_run_of_changes_answers_as_a_fresh_index():
    s = Scene()
    state = a_scene()
    hexes = [s.hex(f"{c:02d}{r:02d}") for c in range(1, 6) for r in range(1, 6)] + [None]
    rng = random.Random(52)
    for _ in range(300):
        state.units_at(hexes[0])  # the index exists before each change, as in a move's walk
        ids = rng.sample(sorted(state.units), rng.randint(1, 3))
        changed = {}
        for uid in ids:
            u = state.units[uid]
            changed[uid] = replace(
                u,
                hex=rng.choice(hexes),
                eliminated=rng.random() < 0.1,
                exited=rng.random() < 0.05,
            )
        state = state.with_units(changed)
        assert index_of(state) == index_of(fresh(state))
        for h in hexes[:-1]:
            assert state.units_at(h) == fresh(state).units_at(h)


def test_the_index_is_handed_on_not_built_again():
    state = a_scene()
    s = Scene()
    before = state.units_at(s.hex("0505"))
    moved = state.with_unit(replace(state.units["g1"], hex=s.hex("0203")))
    assert moved._by_hex is not None  # made with the state, before anyone asked
    assert moved.units_at(s.hex("0505")) is before  # an untouched hex's tuple is shared
    assert fresh(moved)._by_hex is None  # a state made by `replace` indexes on first use


def test_a_state_made_by_replacing_anything_but_its_counters_takes_its_parents_index():
    state = a_scene()
    s = Scene()
    moved = state.with_unit(replace(state.units["g1"], hex=s.hex("0203")))
    noted = replace(moved, segment=moved.segment + 1)  # as an activation noted at each hex
    assert noted._by_hex is None
    assert noted._index() is moved._index()  # taken, not built again
    assert index_of(noted) == index_of(fresh(noted))
    other = replace(moved, units=dict(moved.units))  # equal counters, another mapping
    assert other._index() is not moved._index()
    assert index_of(other) == index_of(moved)


@pytest.mark.parametrize(
    ("scenario", "options"),
    [("meeting-at-kessel", None), ("kurgan-118", ["extended_assault", "hidden_units", "mire"])],
)
def test_along_seeded_games_every_states_index_is_a_fresh_index(scenario, options):
    """Whatever made each state (a walk's hexes, fire, assaults, a new turn), the index it
    was handed on or took by its counters' mapping answers as one built afresh."""
    for state, *_ in seeded_game(scenario, options, f"index:{scenario}", 80):
        assert index_of(state) == index_of(fresh(state))
