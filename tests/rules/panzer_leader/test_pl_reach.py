"""The move planner (movement.reach, 4.2) finds what a plain Dijkstra over `entry` finds:
the same hexes, costs and cheapest paths, and between paths of one cost the one found first.
reach reads the board and the state once a plan (entering.Mover); this checks it against
asking `entry` afresh for every hexside, on every situation's opening and on positions a
seeded random game reaches."""

from __future__ import annotations

import heapq
import random

import pytest

from games.rules.common.dice import SeededDice
from games.rules.panzer_leader import engine
from games.rules.panzer_leader.core.entering import entry
from games.rules.panzer_leader.core.movement import allowance_left, reach
from games.rules.panzer_leader.core.scenario import bundled_scenarios, game_map
from games.rules.panzer_leader.core.units import utype
from games.rules.panzer_leader.legal import legal_commands
from games.rules.panzer_leader.ruleset import RULESET


def plain_reach(state, unit, road_ok=True):
    """Dijkstra, asking entry() of every hexside from scratch."""
    m = game_map(state)
    budget = allowance_left(unit, state)
    first_free = utype(unit).movement == 1 and unit.mp_spent == 0  # 4.3
    heap, n = [], 0
    if unit.hex is None:
        for lab in unit.entry:
            e = entry(state, unit, None, m.hex(lab))
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
                      from_under=unit.under_bridge and not path)
            if e.cost is None or e.under:
                continue
            if cost + e.cost > budget and not (first_free and not path):
                continue
            heapq.heappush(heap, (cost + e.cost, n, m.label(nb), [*path, m.label(nb)], e.stop))
            n += 1
    best.pop(unit.hex, None)
    return best


def movers(state):
    return [u for u in sorted(state.units.values(), key=lambda u: u.id)
            if u.on_map and u.carried_by is None or u.hex is None and u.entry]


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
    checked = 0
    for step in range(400):
        if state.phase == "ended":
            break
        seat = RULESET.who_may_act(state)[0]
        legal = legal_commands(state, seat)
        if state.phase in ("move_vehicles", "move_foot") and step % 5 == 0:
            assert_same_reach(state, every=3)
            checked += 1
        done = [k for k in ("end_phase", "decline") if k in legal]  # to move the game on
        kinds = sorted(k for k in legal if k not in done) or done
        if done and rng.random() < 0.15:
            kinds = done
        command = rng.choice(legal[rng.choice(kinds)])
        state, _ = engine.apply(state, seat, command, dice)
    assert checked >= 5
