"""A hex keeps its hash from when it is made: the same value as hash((q, r)), however the hex
came about, so every set's and dict's order (and with it seeded bot games and recorded arena
figures) is what it was when the dataclass hashed the tuple each call."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.common.hexgrid import (
    Hex,
    distance,
    distances,
    line,
    neighbors,
    offset_to_axial,
    spiral,
)

coordinates = st.integers(-(2**40), 2**40)
# No deadline: a timing assertion would fail on a busy machine, and says nothing about hashes.
no_deadline = settings(deadline=None)


@no_deadline
@given(coordinates, coordinates)
def test_a_hex_hashes_as_the_pair_of_its_coordinates(q, r):
    assert hash(Hex(q, r)) == hash((q, r))


@no_deadline
@given(coordinates, coordinates)
def test_a_copied_replaced_or_unpickled_hex_hashes_as_its_new_coordinates(q, r):
    h = Hex(q, r)
    for made in (copy.copy(h), copy.deepcopy(h), pickle.loads(pickle.dumps(h))):
        assert made == h and hash(made) == hash((q, r))
    moved = dataclasses.replace(h, q=q + 1)
    assert moved == Hex(q + 1, r) and hash(moved) == hash((q + 1, r))


def test_hexes_made_by_the_grid_functions_hash_as_their_coordinates():
    centre = Hex(3, -2)
    made = [*spiral(centre, 3), *neighbors(centre), *line(Hex(0, 0), Hex(4, -2))[0],
            offset_to_axial(5, 7), centre + Hex(1, 1), centre - Hex(1, 1)]  # fmt: skip
    for h in made:
        assert hash(h) == hash((h.q, h.r))


def test_a_set_of_hexes_keeps_the_order_of_the_same_pairs():
    pairs = [(q, r) for q in range(-9, 10) for r in range(-9, 10)][::-7]
    assert [(h.q, h.r) for h in set(Hex(q, r) for q, r in pairs)] == list(set(pairs))


def test_a_hex_cannot_be_changed_so_its_kept_hash_never_goes_stale():
    h = Hex(1, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        h.q = 5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        h._hash = 0  # type: ignore[misc]


def test_the_kept_hash_is_no_field_of_the_hex():
    assert [f.name for f in dataclasses.fields(Hex) if f.init] == ["q", "r"]
    assert repr(Hex(1, -2)) == "Hex(1, -2)"
    assert Hex(1, 2) < Hex(1, 3) < Hex(2, -9)


@no_deadline
@given(st.tuples(st.integers(-60, 60), st.integers(-60, 60)),
       st.lists(st.tuples(st.integers(-60, 60), st.integers(-60, 60)), max_size=8))  # fmt: skip
def test_distances_are_the_distance_to_each_hex_in_order(a, others):
    hexes = [Hex(*o) for o in others]
    assert distances(Hex(*a), hexes) == tuple(distance(Hex(*a), h) for h in hexes)
