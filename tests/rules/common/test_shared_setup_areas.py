"""The set-up areas both rulesets share (games/rules/common/setup_areas.py): the order sides
set up in, packing counters into an area, and the document's problems with its areas, with a
toy ruleset of two counts a hex and one terrain a class may not enter."""

from __future__ import annotations

from games.rules.common.setup_areas import (
    Citations,
    DocUnit,
    Piece,
    SetupArea,
    area_problems,
    first_fit,
    setup_order,
    unplaced,
)

CITE = Citations(areas="AREAS", room="ROOM", sharing="SHARE", stacking="STACK",
                 terrain="TERRAIN")
SWAMP = {"s1"}


class Toy:
    """Two counters a hex; tracked units never enter the swamp hex s1; hexes h1..h9 and s1."""

    cite = CITE

    def hex(self, where, label):
        return label if label in {"s1", *(f"h{n}" for n in range(1, 10))} else None

    def may_enter(self, movement_class, h):
        return not (movement_class == "tracked" and h in SWAMP)

    def fits(self, present, adding):
        return present[0] + adding[0] <= 2

    def fixed_counts(self, side, hexes):
        return {}


def unit(uid, side="a", mc="foot", placed_by=None, size=1):
    return DocUnit(uid, side, f"units[{uid}]", placed_by, Piece(uid, (size,), mc))


def test_sides_set_up_by_rank_and_a_side_with_only_empty_areas_places_nothing():
    areas = [SetupArea("a", "x", ("h1",), ("u1",)), SetupArea("b", "y", ("h2",), ("u2",)),
             SetupArea("c", "z", ("h3",), ())]
    assert setup_order([("a", 2), ("b", 0), ("c", 0)], areas) == ("b", "a")
    assert setup_order([("a", 1), ("b", 1)], areas) == ("a", "b")  # ties keep the order
    assert setup_order([("c", 0)], areas) == ()


def test_first_fit_places_the_biggest_first_where_terrain_and_the_limit_let_it():
    pieces = [Piece("small", (1,), "foot"), Piece("big", (2,), "tracked")]
    fit = first_fit(pieces, ["s1", "h1"], {}, Toy().may_enter, Toy().fits)
    assert fit == {"big": "h1", "small": "s1"}
    full = {"h1": (1,)}
    assert first_fit(pieces, ["s1", "h1"], full, Toy().may_enter, Toy().fits) is None


def test_the_check_names_each_problem_with_its_field_and_the_rule_it_cites():
    sides = [{"id": "a", "setup_areas": [
                {"name": "x", "hexes": ["h1", "h9"], "units": ["u1", "u2", "ghost"]},
                {"name": "y", "hexes": ["s1", "zz"], "units": ["u1", "t1", "u3"]}]},
             {"id": "b", "setup_areas": [{"name": "x", "hexes": ["h1"], "units": ["b1"]}]}]
    units = [unit("u1"), unit("u2", placed_by="hex"), unit("t1", mc="tracked"),
             unit("u3", side="b"), unit("b1", side="b", size=3), unit("lost")]
    out = area_problems(sides, units, {"h9": "b"}, Toy())
    assert out == [
        "sides[0].setup_areas[0].hexes[1]: h9 holds units of side 'b' set up by the scenario"
        " (SHARE)",
        "sides[0].setup_areas[0].units[1]: unit 'u2' has hex at units[u2]: a unit of a set-up"
        " area is placed by its player (AREAS)",
        "sides[0].setup_areas[0].units[2]: no unit 'ghost'",
        "sides[0].setup_areas[1].units[0]: unit 'u1' is already in set-up area 'x' (AREAS)",
        "sides[0].setup_areas[1].units[1]: no hex of area 'y' is terrain tracked units may"
        " enter (TERRAIN)",
        "sides[0].setup_areas[1].units[2]: unit 'u3' belongs to side 'b'",
        "sides[1].setup_areas[0].hexes[0]: h1 is also in side 'a''s set-up area 'x' (SHARE,"
        " AREAS)",
        "sides[1].setup_areas[0]: area 'x' cannot hold its units under the stacking limit"
        " (STACK)",
    ]
    assert [u.id for u in unplaced(units, sides)] == ["lost"]
