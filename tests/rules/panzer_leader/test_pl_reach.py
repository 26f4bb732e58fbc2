"""The move planner (movement.reach, 4.2) finds what a plain Dijkstra over `entry` finds:
the same hexes, costs and cheapest paths, and between paths of one cost the one found first.
reach reads the board and the state once a plan (entering.Mover); this checks it against
asking `entry` afresh for every hexside, on every situation's opening and on positions a
seeded random game reaches.

The legal moves plan every unit of a side over one `Reading` of the state, which keeps what
each hex holds and what crossing each hexside costs for the units alike: a unit planned after
others over it reaches exactly what it reaches alone, after every kind of command and for
units that differ only in what a hex holds for them (sector, truck bridge, block begun beside)."""

from __future__ import annotations

import heapq
import random

import pytest

from games.rules.common.dice import SeededDice
from games.rules.panzer_leader import engine
from games.rules.panzer_leader.core import scenario
from games.rules.panzer_leader.core.entering import Reading, entry
from games.rules.panzer_leader.core.movement import allowance_left, reach
from games.rules.panzer_leader.core.scenario import bundled_scenarios, game_map
from games.rules.panzer_leader.core.stacking import Occupancy
from games.rules.panzer_leader.core.units import utype
from games.rules.panzer_leader.legal import legal_commands
from games.rules.panzer_leader.ruleset import RULESET

from .kit import assert_shared_reading_changes_nothing, clear, lab, movers, random_command, world


def plain_reach(state, unit, road_ok=True):
    """Dijkstra, asking entry() of every hexside from scratch. Who stands where is read once
    (`Occupancy`, as `reach` reads it): it depends on the state alone, and reading it again at
    every hexside was most of this reference's time."""
    m = game_map(state)
    occ = Occupancy(state)
    budget = allowance_left(unit, state)
    first_free = utype(unit).movement == 1 and unit.mp_spent == 0  # 4.3
    heap, n = [], 0
    if unit.hex is None:
        for lab in unit.entry:
            e = entry(state, unit, None, m.hex(lab), occ=occ)
            if e.cost is not None and (e.cost <= budget or first_free):
                heap.append((e.cost, n, lab, [lab], e.stop))
                n += 1
    else:
        heap.append((0.0, n, unit.hex, [], False))
        n += 1
    heapq.heapify(heap)
    best = {}
    while heap:
        cost, _, lab, path, stop = heapq.heappop(heap)
        if lab in best:
            continue
        best[lab] = (cost, path)
        if stop:
            continue
        h = m.hex(lab)
        for nb in m.neighbors(h):
            e = entry(state, unit, h, nb, road_ok=road_ok,
                      from_under=unit.under_bridge and not path, occ=occ)
            if e.cost is None or e.under:
                continue
            if cost + e.cost > budget and not (first_free and not path):
                continue
            heapq.heappush(heap, (cost + e.cost, n, m.label(nb), [*path, m.label(nb)], e.stop))
            n += 1
    best.pop(unit.hex, None)
    return best


def one_of_each_type(units):
    """The first unit of each counter type, on the map or entering: reach depends on the
    type's movement and class and on where the unit stands, and an opening places most units
    of a type alike (a situation's opening checked whole cost minutes for nothing more)."""
    seen, out = set(), []
    for u in units:
        key = (u.type_id, u.hex is None)
        if key not in seen:
            seen.add(key)
            out.append(u)
    return out


def assert_same_reach(state, every=1, picked=lambda units: units):
    for u in picked(movers(state))[::every]:
        for road_ok in (True, False):
            assert reach(state, u, road_ok=road_ok) == plain_reach(state, u, road_ok), \
                (state.scenario_id, u.id, road_ok)


@pytest.mark.parametrize("situation", sorted(bundled_scenarios()))
def test_reach_finds_what_a_plain_dijkstra_over_entry_finds_at_the_opening(situation):
    assert_same_reach(RULESET.opening_state(situation), picked=one_of_each_type)


def test_reach_finds_what_a_plain_dijkstra_over_entry_finds_in_a_random_game():
    rng = random.Random(7)
    state = RULESET.opening_state("pl-1940-semois-ford")
    dice = SeededDice("reach")
    checked, shared_after, last = 0, set(), "opening"
    for step in range(400):
        if state.phase == "ended":
            break
        seat = RULESET.who_may_act(state)[0]
        legal = legal_commands(state, seat)
        if state.phase in ("move_vehicles", "move_foot"):
            assert_shared_reading_changes_nothing(state)
            shared_after.add(last)
            if step % 5 == 0:
                assert_same_reach(state, every=3)
                checked += 1
        command = random_command(rng, legal, move_on=0.15)
        state, _ = engine.apply(state, seat, command, dice)
        last = command["type"]
    assert checked >= 5
    assert {"move", "overrun", "opportunity_fire", "decline", "end_phase"} <= shared_after, shared_after


def test_a_shared_reading_keeps_apart_units_a_sector_bounds_and_units_it_does_not():
    s = world(clear(8, 4), units=[("free", "us_m4", "allied", "2,1"), ("bound", "us_m4", "allied", "2,1")],
              phase="move_vehicles")
    scenario.scenario_for(s.scenario_id).raw["sectors"] = [{"units": ["bound"], "boards": ["X"]}]
    shared = Reading(s)
    assert reach(s, s.units["free"], reading=shared)
    assert reach(s, s.units["bound"], reading=shared) == reach(s, s.units["bound"]) == {}  # QA SC1


def test_a_shared_reading_keeps_apart_units_a_truck_bridge_carries_and_units_it_does_not():
    stream = ["........"] * 3 + ["~~~~~~~~"] + ["........"] * 4
    s = world(stream, units=[("t", "us_truck", "allied", "4,2"), ("m", "us_m4", "allied", "4,2")],
              phase="move_vehicles")
    s.temp_bridges[lab("4,3")] = {"kind": "truck", "defense": 8, "built": True, "progress": 0}
    shared = Reading(s)
    assert lab("4,3") in reach(s, s.units["t"], reading=shared)
    assert lab("4,3") not in reach(s, s.units["m"], reading=shared)  # QA B13
    assert reach(s, s.units["m"], reading=shared) == reach(s, s.units["m"])


def test_a_shared_reading_keeps_apart_units_that_began_beside_a_block_and_units_that_did_not():
    s = world(clear(8, 4), units=[("near", "us_m4", "allied", "4,2"), ("far", "us_m4", "allied", "4,2")],
              roads=[[[4, r] for r in range(4)]], blocks=["4,3"], phase="move_vehicles")
    s.units["near"].began_adjacent = [lab("4,3")]
    shared = Reading(s)
    assert lab("4,3") in reach(s, s.units["near"], reading=shared)
    assert lab("4,3") not in reach(s, s.units["far"], reading=shared)  # 17.2
    assert reach(s, s.units["far"], reading=shared) == reach(s, s.units["far"])
