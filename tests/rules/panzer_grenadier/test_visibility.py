"""Incremental visibility (8.1-8.4; D-SPOT-1): what each side spots, kept up to date as units move."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.panzer_grenadier.core.maps import Map, load_board
from games.rules.panzer_grenadier.core.spotting import Conditions, TargetContext, can_spot
from games.rules.panzer_grenadier.core.visibility import StaticSight, Visibility, static_sight

DATA = Path(__file__).parents[2] / "data"


@cache
def board_map(name: str) -> Map:
    return Map.from_board(load_board(DATA / "boards" / f"{name}.json"))


def brute_force(m, positions, side_of, *, hidden=(), conditions=None, can_observe=None):
    """What each side spots, by asking can_spot for every observer/target pair."""
    conditions = conditions or Conditions()
    out = {s: set() for s in set(side_of.values())}
    for o, oh in positions.items():
        if can_observe is not None and not can_observe.get(o, True):
            continue
        for t, th in positions.items():
            if side_of[o] == side_of[t]:
                continue
            ctx = TargetContext(hidden=t in hidden)
            if can_spot(m, oh, th, target=ctx, conditions=conditions).ok:
                out[side_of[o]].add(t)
    return {s: frozenset(v) for s, v in out.items()}


def test_the_static_table_agrees_with_can_spot_on_every_pair():
    for name in ("sight", "spot", "tiny"):
        m = board_map(name)
        sight = static_sight(m)
        for o in m.hexes:
            for t in m.hexes:
                assert (t in sight.sees[o]) == can_spot(m, o, t).ok, (m.label(o), m.label(t))
                assert (o in sight.seen_from[t]) == (t in sight.sees[o])


def test_a_row_is_worked_out_when_first_asked_and_the_reverse_agrees_however_it_is_found():
    """The table is built as the game asks: a reverse row (who spots this hex) is the same
    whether it was found from the observers' rows already kept or pair by pair, a pair asked
    alone answers as the rows do, and no row is worked out before it is asked for."""
    for name in ("sight", "spot", "tiny"):
        m = board_map(name)
        cold, warm = StaticSight(m), StaticSight(m)
        assert not cold.sees.kept and not cold.seen_from.kept
        some = sorted(m.hexes)[:3]
        assert [cold.seen_from[t] for t in some] and not cold.sees.kept
        for o in m.hexes:
            assert warm.sees[o] is warm.sees[o]  # kept
        checked = warm.pairs_checked
        for t in m.hexes:
            assert warm.seen_from[t] == cold.seen_from[t]
        assert warm.pairs_checked == checked  # the kept rows answered every pair
        alone = StaticSight(m)  # pair by pair, no row kept (what Visibility asks)
        for o in m.hexes:
            for t in m.hexes:
                assert alone.spots(o, t) == (t in warm.sees[o]), (m.label(o), m.label(t))
        assert not alone.sees.kept and not alone.seen_from.kept


def test_a_unit_behind_woods_is_not_spotted_until_it_steps_out():
    m = board_map("sight")
    p = m.parse_label
    positions = {"rifles": p("A0101"), "panzer": p("A0105")}
    sides = {"rifles": "allies", "panzer": "axis"}
    vis = Visibility(m, positions, sides)
    assert vis.spotted("allies") == frozenset()
    change = vis.after_move("panzer", p("A0105"), p("A0204"))
    assert vis.spotted("allies") == {"panzer"}
    assert vis.spotted("axis") == {"rifles"}
    assert change["allies"].gained == {"panzer"}
    assert vis.spotters_of("panzer") == {"rifles"}
    change = vis.after_move("panzer", p("A0204"), p("A0105"))
    assert change["allies"].lost == {"panzer"}


def test_a_hidden_unit_is_revealed_to_a_closer_observer_and_after_set_hidden_false():
    m = board_map("spot")
    p = m.parse_label
    positions = {"ambush": p("A0602"), "scout": p("A0202")}
    sides = {"ambush": "axis", "scout": "allies"}
    vis = Visibility(m, positions, sides, hidden={"ambush"})
    assert "ambush" not in vis.spotted("allies")  # 4 hexes, hidden range 3 (case 32)
    assert "scout" in vis.spotted("axis")
    vis.after_move("scout", p("A0202"), p("A0302"))
    assert "ambush" in vis.spotted("allies")
    vis.after_move("scout", p("A0302"), p("A0202"))
    assert "ambush" not in vis.spotted("allies")
    vis.set_hidden("ambush", False)
    assert "ambush" in vis.spotted("allies")


def test_D_SPOT_1_units_flagged_as_not_observing_spot_nothing():
    """D-SPOT-1: the caller decides who observes; by default every unit does."""
    m = board_map("spot")
    p = m.parse_label
    positions = {"a": p("A0202"), "b": p("A0402")}
    sides = {"a": "axis", "b": "allies"}
    assert Visibility(m, positions, sides).spotted("axis") == {"b"}
    vis = Visibility(m, positions, sides, can_observe={"a": False})
    assert vis.spotted("axis") == frozenset()
    assert vis.spotted("allies") == {"a"}


def test_after_move_refuses_a_unit_that_is_not_where_the_caller_says():
    m = board_map("spot")
    vis = Visibility(m, {"a": m.parse_label("A0202")}, {"a": "axis"})
    try:
        vis.after_move("a", m.parse_label("A0302"), m.parse_label("A0402"))
    except ValueError as exc:
        assert "not in" in str(exc)
    else:
        raise AssertionError("expected ValueError")


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    board=st.sampled_from(["sight", "spot", "tiny"]),
    night=st.booleans(),
    smoky=st.booleans(),
)
def test_incremental_updates_match_a_brute_force_recompute(seed, board, night, smoky):
    m = board_map(board)
    rng = random.Random(seed)
    hexes = sorted(m.hexes)
    units = [f"u{i}" for i in range(10)]
    positions = {u: rng.choice(hexes) for u in units}
    side_of = {u: ("axis", "allies", "partisans")[i % 3] for i, u in enumerate(units)}
    hidden = {u for u in units if rng.random() < 0.3}
    can_observe = {u: rng.random() < 0.8 for u in units}
    conditions = Conditions(
        night=night,
        smoke=frozenset(rng.sample(hexes, 3)) if smoky else frozenset(),
        illumination=frozenset(rng.sample(hexes, 1)) if night else frozenset(),
    )
    vis = Visibility(
        m, positions, side_of, hidden=hidden, conditions=conditions, can_observe=can_observe
    )
    for step in range(15):
        u = rng.choice(sorted(vis.positions))
        if step % 5 == 4:  # now and then a unit is eliminated and a reinforcement enters
            vis.remove_unit(u)
            hidden.discard(u)
            new = f"r{step}"
            side_of[new] = rng.choice(["axis", "allies"])
            can_observe[new] = True
            vis.add_unit(new, rng.choice(hexes), side_of[new])
            continue
        here = vis.positions[u]
        vis.after_move(u, here, rng.choice(m.neighbors(here)))
    expected = brute_force(
        m, vis.positions, side_of, hidden=hidden, conditions=conditions, can_observe=can_observe
    )
    assert vis.spotted_by_side() == expected
