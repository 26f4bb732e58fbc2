"""How far, in movement points, each hex of a Panzer Leader map is from each objective, for
each movement class: the objective pull of a move reads these, not straight-line distance,
so a tank does not steer for an objective across a stream or up a slope it cannot climb.

Only what every player knows goes in: the map's terrain (the public facts) and the printed
movement chart. Hexside symbols and roads are not in the public facts' map yet, so a road
is not cheaper here and a woods edge does not stop a vehicle; within one phase the legal
moves (the engine's own reach) already know both, and these fields only rank the hexes a
unit can reach by what is left beyond them.
"""

from __future__ import annotations

from games.rules.common.hexgrid import Hex, distance, neighbors
from games.rules.common.lru import Lru
from games.rules.panzer_leader.combat.crt import charts

from ..common.public import PublicScenario
from ..common.routes import least_costs

# A vehicle may not enter a stream but over a bridge, nor a swamp; the public map does not
# say where the bridges are, so a stream costs a vehicle dearly rather than nothing.
VEHICLE_STREAM = 6.0
FAR = 99.0


def move_class(printed: dict) -> str:
    """`foot`, `tracked` or `truck`, from the counter's printed movement line."""
    for key, text in printed.get("details") or ():
        if key == "movement" and "(" in str(text):
            return str(text).rsplit("(", 1)[1].rstrip(")").strip()
    return "tracked" if printed.get("vehicle") else "foot"


def entry_cost(move: str, terrain: str) -> float | None:
    """The cost of entering a hex of this terrain (None: never)."""
    if terrain == "sea":
        return None
    table = charts()["movement"].get(move) or charts()["movement"]["foot"]
    cost = table.get("clear" if terrain == "beach" else terrain)
    if cost is None and terrain == "stream" and move != "foot":
        return VEHICLE_STREAM
    return None if cost is None else float(cost)


# Scenario and movement class -> the fields; a few classes of each bundled situation.
_FIELDS = Lru(64)


def _fields(move: str, facts: PublicScenario) -> tuple[dict[Hex, float], ...]:
    terrain = getattr(facts.map, "terrain_of", {})

    def neighbors_on_map(h: Hex) -> list[Hex]:
        return [n for n in neighbors(h) if n in terrain]

    out = []
    for o in facts.objectives:
        def step(h: Hex, n: Hex, goal: Hex = o.hex) -> float | None:
            # Searched backwards: stepping from n into h costs h's entry (on the objective
            # itself the objective's, or 1 where its terrain forbids the class).
            cost = entry_cost(move, terrain.get(h, "clear"))
            return (1.0 if h == goal else None) if cost is None else cost
        out.append(least_costs((o.hex,), neighbors_on_map, step))
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


# Scenario, movement class and hex -> the costs to each objective: a decision asks them for
# every hex a unit may reach, and an Elite's play-outs ask them again at every step.
_COSTS = Lru(65_536)


def objective_costs(facts: PublicScenario, move: str, h: Hex) -> tuple[float, ...]:
    """Movement points from hex h to each objective, in the facts' order; where the terrain
    forbids every way there, three a hex as the crow flies (a unit far off still leans its
    way)."""
    key = (facts.id, move, h)
    costs = _COSTS.get(key)
    if costs is None:
        costs = tuple(c if c < FAR else 3.0 * distance(h, o.hex) for c, o in zip(
            (f.get(h, FAR) for f in fields(facts, move)), facts.objectives, strict=True))
        _COSTS.put(key, costs)
    return costs
