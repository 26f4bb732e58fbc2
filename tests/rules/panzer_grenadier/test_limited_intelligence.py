"""Limited intelligence (optional rule 17.9): the top counter of a stack and its size."""

from __future__ import annotations

from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.views import view_for
from tests.rules.panzer_grenadier.dbkit import at, db_game, unit


def stack(ge_at="A0101", **kw):
    return db_game([unit("ge-r", "ge_rifle", "ge", ge_at),
                    unit("su-a", "su_rifle", "su", "A0105"), unit("su-b", "su_hmg", "su", "A0105"),
                    unit("su-l", "su_ldr_lt_a", "su", "A0105")],
                   options=("limited_intelligence",), **kw)


def enemies(view):
    return [u for u in view["units"] if not u["own"]]


def test_only_the_top_counter_of_an_enemy_stack_is_shown_with_the_stack_size_17_9():
    """D-DB-LI-TOP."""
    (top,) = enemies(view_for(stack(), ("side", "ge")))
    assert top["hex"] == "A0105" and top["stack"] == 3
    assert top["type"] in ("su_rifle", "su_hmg")  # a unit, never the leader, on top


def test_the_whole_stack_shows_when_adjacent_to_a_good_order_friendly_unit_17_9():
    shown = enemies(view_for(stack("A0104"), ("side", "ge")))
    assert sorted(u["type"] for u in shown) == ["su_hmg", "su_ldr_lt_a", "su_rifle"]
    assert all("stack" not in u for u in shown)


def test_a_disrupted_neighbour_does_not_look_under_the_top_counter_17_9():
    s = stack("A0104")
    s = s.with_unit(st.UnitState(**{**{f: getattr(s.units["ge-r"], f)
                                       for f in s.units["ge-r"].__slots__},
                                    "status": st.DISRUPTED}))
    assert len(enemies(view_for(s, ("side", "ge")))) == 1


def test_a_spotted_marker_shows_the_whole_stack_17_9():
    s = stack()
    marked = s.__class__(**{**{f: getattr(s, f) for f in s.__dataclass_fields__
                               if f != "_by_hex"},
                            "markers": {at("A0105"): frozenset({"drumfire", "drumfire:x:8:off"})}})
    assert len(enemies(view_for(marked, ("side", "ge")))) == 3
