"""Patches between two views of one audience (RFC 6902 add/remove/replace)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.patch import apply_patch, make_patch

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=4)
    ),
    max_leaves=20,
)


def test_a_unit_that_moved_changes_one_value():
    before = {"units": {"ge-1": {"hex": "A0305", "steps": 2}}}
    after = {"units": {"ge-1": {"hex": "A0405", "steps": 2}}}
    assert make_patch(before, after) == [
        {"op": "replace", "path": "/units/ge-1/hex", "value": "A0405"}
    ]


def test_a_unit_that_left_sight_is_removed_and_a_new_one_added():
    before = {"units": {"x1": {"hex": "A0101"}}}
    after = {"units": {"x2": {"hex": "A0102"}}}
    assert make_patch(before, after) == [
        {"op": "remove", "path": "/units/x1"},
        {"op": "add", "path": "/units/x2", "value": {"hex": "A0102"}},
    ]


def test_keys_with_slashes_and_tildes_are_escaped():
    ops = make_patch({}, {"a/b~c": 1})
    assert ops == [{"op": "add", "path": "/a~1b~0c", "value": 1}]
    assert apply_patch({}, ops) == {"a/b~c": 1}


def test_true_and_one_are_different_json_values():
    assert make_patch({"a": 1}, {"a": True}) == [{"op": "replace", "path": "/a", "value": True}]


def test_identical_views_give_no_ops():
    view = {"turn": 3, "units": {"ge-1": {"hex": "A0305"}}}
    assert make_patch(view, view) == []


@settings(deadline=None)  # no time limit: a busy machine is no failure
@given(json_values, json_values)
def test_applying_the_patch_gives_the_later_view(before, after):
    assert apply_patch(before, make_patch(before, after)) == after


def _uncomparable(kind: type, what: str) -> type:
    """A `kind` (list, dict) whose values fail the test if they are ever compared."""

    def refuse(self, other):
        raise AssertionError(f"compared {what} both views share")

    return type(f"Uncomparable{kind.__name__.title()}", (kind,),
                {"__eq__": refuse, "__ne__": refuse, "__hash__": None})


_Uncomparable = _uncomparable(list, "a value")


def test_a_value_both_views_share_is_skipped_without_comparing_it():
    # Views share what did not change (each counter's view is kept by identity): the diff
    # after every command must not walk or compare those.
    shared = _Uncomparable(["A0305", "A0306"])
    before = {"turn": 3, "units": {"ge-1": {"path": shared, "steps": 2}}}
    after = {"turn": 4, "units": {"ge-1": {"path": shared, "steps": 1}}}
    assert make_patch(before, after) == [
        {"op": "replace", "path": "/turn", "value": 4},
        {"op": "replace", "path": "/units/ge-1/steps", "value": 1},
    ]


_UncomparableCounter = _uncomparable(dict, "a counter")  # a counter's view


def test_a_frame_compares_only_the_counters_whose_view_is_a_new_object():
    from games.broadcast import view_patch

    still = _UncomparableCounter(id="ge-2", hex="B0101", steps=2)
    before = {"turn": 2, "units": {"ge-1": {"id": "ge-1", "hex": "A0305"}, "ge-2": still}}
    after = {"turn": 2, "units": {"ge-1": {"id": "ge-1", "hex": "A0405"}, "ge-2": still}}
    assert view_patch(before, after) == [
        {"op": "replace", "path": "/units/ge-1/hex", "value": "A0405"}
    ]
