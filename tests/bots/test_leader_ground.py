"""How the Panzer Leader bots measure their way to the objectives over the map every player
is sent (issue 18): half a point a hex along a road (7.1), the dearer of terrain and height
off it (PL-D5), no vehicle through a woods edge but by a road (4.9)."""

from __future__ import annotations

from games.bots.facts import public_facts
from games.bots.leader_paths import path_cost, step_cost
from games.rules.common.hexgrid import neighbors
from games.rules.panzer_leader.crt import charts


def test_the_road_into_hollenbach_brings_the_village_nearer_at_half_a_point_a_hex():
    facts = public_facts("pl-hollenbach")
    crossroads = [o.label for o in facts.objectives].index("A-L-3")
    road = ["A-E-3", "A-F-3", "A-G-3", "A-H-3", "A-I-3", "A-J-3", "A-K-3", "A-L-3"]
    for a, b in zip(road, road[1:], strict=False):
        assert facts.map.is_road(facts.hex(a), facts.hex(b))
    # Seven road hexes from E-3 to the crossroads, whatever the ground under them.
    for move in ("foot", "tracked", "truck"):
        assert path_cost(facts, move, facts.hex("A-E-3"), crossroads) == 3.5
    assert charts()["road_cost"] == 0.5


def test_off_the_road_a_hex_costs_the_dearer_of_its_terrain_and_its_height():
    facts = public_facts("pl-hollenbach")
    m = facts.map
    climb = next((a, b) for b in sorted(m.height_of, key=lambda h: (h.q, h.r))
                 if m.height_of[b] == "slope" and m.terrain_of[b] == "clear"
                 for a in neighbors(b) if a in m.terrain_of and a not in m.height_of
                 and not m.is_road(a, b))
    assert step_cost(facts, "tracked", *climb) == 3  # up a slope (PL-D5)
    assert step_cost(facts, "truck", *climb) == 4
    assert step_cost(facts, "foot", *climb) == 1


def test_a_vehicle_crosses_a_woods_edge_only_along_a_road():
    facts = public_facts("pl-hollenbach")
    m = facts.map
    edges = [(a, b) for a in sorted(m.terrain_of, key=lambda h: (h.q, h.r))
             for b in neighbors(a) if b in m.terrain_of and "green" in m.hexside(a, b)]
    off_road = next((a, b) for a, b in edges if not m.is_road(a, b))
    assert step_cost(facts, "tracked", *off_road) is None
    assert step_cost(facts, "foot", *off_road) is not None
    along = [(a, b) for a, b in edges if m.is_road(a, b)]
    assert all(step_cost(facts, "tracked", a, b) == 0.5 for a, b in along)
