"""The ground as bots measure it: least movement points over the map, not straight hexes."""

from __future__ import annotations

from games.bots.common.routes import least_costs
from games.bots.panzer_grenadier import board
from games.bots.panzer_grenadier.board import reach_within, route_costs
from games.rules.common.hexgrid import Hex, distance, neighbors
from games.rules.panzer_grenadier.core.move_step import terrain_step
from games.rules.panzer_grenadier.core.scenario import (
    SCENARIO_DIR,
    bundled_scenarios,
    load_scenario,
)


def test_the_least_cost_way_goes_round_a_wall_not_through_it():
    # A row of impassable hexes between start and goal, open only at its far end.
    wall = {Hex(1, r) for r in range(-3, 3)}
    area = {Hex(q, r) for q in range(-1, 4) for r in range(-4, 5)}

    def step(a: Hex, b: Hex) -> float | None:
        return None if b in wall or b not in area else 1.0

    costs = least_costs((Hex(0, 0),), neighbors, step)
    goal = Hex(2, 0)
    assert distance(Hex(0, 0), goal) == 2
    assert costs[goal] > 2  # round the wall's end
    assert not wall & set(costs)


def test_a_budget_keeps_to_what_one_move_reaches_but_always_allows_one_hex():
    m = bundled_scenarios()["melnitsa-bridgehead"].map
    start = next(h for h in m.hexes if m.terrain_key(h) == "clear")
    near = reach_within(m, "foot", start, 2.0)
    assert start in near
    assert all(c <= 2.0 or distance(h, start) == 1 for h, c in near.items())
    # D7: with no MP to spare, a unit still moves one hex, and no further.
    one = reach_within(m, "foot", start, 0.0)
    assert start in one and len(one) > 1
    assert all(distance(h, start) <= 1 for h in one)


def test_across_the_river_the_way_to_the_village_is_by_the_bridge():
    scen = bundled_scenarios()["melnitsa-bridgehead"]
    m = scen.map
    village = m.parse_label("B1010")
    # Trucks may not enter a river hex (5.1): they go round by the bridge, on foot one wades.
    costs = route_costs(m, "motorized", (village,))
    wading = route_costs(m, "foot", (village,))
    assert any(c > 2 * distance(h, village) + 4 for h, c in costs.items())
    assert sum(costs.values()) > sum(wading.get(h, 0.0) for h in costs)
    # Next to the village, and on it, the way is short.
    assert costs[village] == 0.0
    assert all(wading[n] <= 4 for n in m.neighbors(village))


def test_each_step_of_the_ground_is_costed_once_for_every_goal_and_reach(monkeypatch):
    """The route tables of several objectives, and a reach search, walk the same steps: the
    Terrain Effects Chart is read once per step, map and movement class, and every table
    gets what the chart says."""
    scen = load_scenario(SCENARIO_DIR / "meeting-at-kessel.json")  # a map of its own
    m = scen.map
    asked: list[tuple] = []

    def counted(map_, movement_class, a, b):
        asked.append((movement_class, a, b))
        return terrain_step(map_, movement_class, a, b)

    monkeypatch.setattr(board, "terrain_step", counted)
    clear = sorted((h for h in m.hexes if m.terrain_key(h) == "clear"), key=lambda h: (h.q, h.r))
    goals = [(clear[0],), (clear[-1],)]
    tables = [route_costs(m, "motorized", g) for g in goals]
    reach_within(m, "motorized", goals[0][0], 3.0)
    assert len(asked) == len(set(asked)) > len(m.hexes)  # no step costed twice
    for g, table in zip(goals, tables, strict=True):
        assert table == least_costs(g, m.neighbors, lambda b, a: _chart(m, "motorized", a, b))


def _chart(m, movement_class, a, b):
    step = terrain_step(m, movement_class, a, b)
    return None if step.cost is None else float(step.cost)
