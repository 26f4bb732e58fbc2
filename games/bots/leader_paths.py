"""How far, in movement points, each hex of a Panzer Leader map is from each objective, for
each movement class: the objective pull of a move reads these, not straight-line distance,
so a tank does not steer for an objective across a stream or up a slope it cannot climb, and
a road through the woods brings an objective nearer.

Only what every player knows goes in: the map every client is sent (terrain, heights,
roads, hexside symbols) and the printed movement chart: ½ MP a hex along a road (7.1),
a stream crossed where a road bridges it, a vehicle through a woods edge only along a road
(4.9), never over a cliff (PL-D6), and off the road the dearer of the hex's terrain and
height (PL-D5). What changes in play is left out (a crowded road hex, a block, a known
minefield, a bridge blown): within one phase the legal moves (the engine's own reach) know
those, and these fields only rank the hexes a unit can reach by what is left beyond them.
"""

from __future__ import annotations

from games.rules.common.hexgrid import Hex, neighbors
from games.rules.common.lru import Lru
from games.rules.panzer_leader.crt import charts

from .public import PublicScenario
from .routes import least_costs

FAR = 99.0


def move_class(printed: dict) -> str:
    """`foot`, `tracked` or `truck`, from the counter's printed movement line."""
    for key, text in printed.get("details") or ():
        if key == "movement" and "(" in str(text):
            return str(text).rsplit("(", 1)[1].rstrip(")").strip()
    return "tracked" if printed.get("vehicle") else "foot"


def entry_cost(move: str, terrain: str, height: str | None = None) -> float | None:
    """The cost of entering a hex of this terrain and height off the road (None: never)."""
    if terrain == "sea":
        return None
    table = charts()["movement"].get(move) or charts()["movement"]["foot"]
    cost = table.get("clear" if terrain == "beach" else terrain)
    if cost is None:  # a vehicle in a stream or a swamp (2.4), but by a road's bridge
        return None
    climb = table.get(height) if height else None
    return float(max(cost, climb)) if climb is not None else float(cost)


def step_cost(facts: PublicScenario, move: str, a: Hex, b: Hex) -> float | None:
    """Movement points of stepping from hex a into the adjacent hex b (None: never)."""
    m = facts.map
    if m.is_road(a, b):
        return float(charts()["road_cost"])  # a road into a stream hex is its bridge
    side = m.hexside(a, b)
    if "cliff" in side or move != "foot" and "green" in side:
        return None
    return entry_cost(move, m.terrain_of.get(b, "clear"), m.height_of.get(b))


# Scenario and movement class -> the fields; a few classes of each bundled situation.
_FIELDS = Lru(64)


def _fields(move: str, facts: PublicScenario) -> tuple[dict[Hex, float], ...]:
    terrain = facts.map.terrain_of

    def neighbours(h: Hex) -> list[Hex]:
        return [n for n in neighbors(h) if n in terrain]

    out = []
    for o in facts.objectives:
        def step(h: Hex, n: Hex, goal: Hex = o.hex) -> float | None:
            # Searched backwards: stepping from n into h (onto the objective itself, 1
            # where its terrain forbids the class: it is there to be taken, not entered).
            cost = step_cost(facts, move, n, h)
            return (1.0 if h == goal else None) if cost is None else cost
        out.append(least_costs((o.hex,), neighbours, step))
    return tuple(out)


def fields(facts: PublicScenario, move: str) -> tuple[dict[Hex, float], ...]:
    """One distance field per objective (in the facts' order) for the movement class: the
    same scenario's map and objectives give the same fields, so they are made once."""
    key = (facts.id, move)
    made = _FIELDS.get(key)
    if made is None:
        made = _fields(move, facts)
        _FIELDS.put(key, made)
    return made


def path_cost(facts: PublicScenario, move: str, h: Hex, objective: int) -> float:
    """Movement points from hex h to the objective (FAR where the terrain forbids it)."""
    return fields(facts, move)[objective].get(h, FAR)
