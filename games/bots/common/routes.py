"""How far each hex is from a goal over the ground, in movement points of one movement class.

A bot that measures its way to an objective in straight hexes walks to the near bank of a
river and stays there, the objective a hex away and the bridge five hexes off. Measured over
the terrain's costs (roads, woods, streams, rivers crossed only at bridges and fords), the
way to the bridge is what gets shorter. Units are left out: the map alone decides, so one
table per map, movement class and goal serves every decision of a game.

This is the search itself, for any ruleset's map: board.py puts Panzer Grenadier's Terrain
Effects Chart under it, panzer_leader/paths.py Panzer Leader's movement chart.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable

from games.rules.common.hexgrid import Hex

# (from, to) -> movement points of the step, None where it may not be taken.
StepCost = Callable[[Hex, Hex], "float | None"]


def least_costs(starts: Iterable[Hex], neighbors: Callable[[Hex], Iterable[Hex]],
                step_cost: StepCost, budget: float | None = None) -> dict[Hex, float]:
    """Dijkstra from the starts: every hex the steps lead to, with the least total cost (a
    start costs 0). With a budget, only hexes within it, and one first step whatever it
    costs (D7, the minimum move)."""
    best: dict[Hex, float] = {s: 0.0 for s in starts}
    frontier = [(0.0, s) for s in best]
    heapq.heapify(frontier)
    while frontier:
        cost, a = heapq.heappop(frontier)
        if cost > best.get(a, float("inf")):
            continue
        for b in neighbors(a):
            step = step_cost(a, b)
            if step is None:
                continue
            total = cost + step
            if budget is not None and total > budget and cost > 0.0:
                continue
            if total < best.get(b, float("inf")):
                best[b] = total
                heapq.heappush(frontier, (total, b))
    return best
