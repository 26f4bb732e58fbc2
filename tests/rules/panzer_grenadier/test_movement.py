"""Movement (5.x): the chart's costs, roads, rivers, stacks, enemy hexes, D3, D7, D20, mire."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from movement_world import CATALOGUE, KEYS_BY_TERRAIN, at, board, state, unit

from games.rules.common.errors import IllegalCommand
from games.rules.common.hexgrid import distance
from games.rules.panzer_grenadier.core.maps import Map, load_board
from games.rules.panzer_grenadier.core.move_step import (
    edge_entry_cost,
    move_units,
    moves_closer_to_threat,
    step,
    step_cost,
    terrain_step,
)
from games.rules.panzer_grenadier.core.movement import entry_reach, exit_options, reachable
from games.rules.panzer_grenadier.optional.mire import is_mired, mire_roll_needed

CASES = json.loads((Path(__file__).parents[2] / "data" / "movement_cases.json").read_text())[
    "cases"
]


def _build(case):
    spec = case["board"]
    m = board(
        spec["rows"],
        elevation=spec.get("elevation"),
        roads=[(k, h) for k, h in spec.get("roads", [])],
        hexsides=[tuple(x) for x in spec.get("hexsides", [])],
    )
    units = []
    for u in case["units"]:
        extra = {k: u[k] for k in ("status", "carried_by", "eliminated") if k in u}
        units.append(unit(u["id"], u["type"], at(m, u["hex"]), side=u.get("side", "axis"), **extra))
    return m, state(units, options=case.get("options", ()))


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_movement_case(case):
    """Each case of tests/data/movement_cases.json, under the rule section it names."""
    assert case["rule"]
    m, s = _build(case)
    expect = case["expect"]
    if case["kind"] == "step":
        st_ = case["step"]
        result = step(m, s, st_["unit"], at(m, st_["from"]), at(m, st_["to"]), catalogue=CATALOGUE)
        if "prohibited" in expect:
            assert result.cost is None, result
            assert result.rule == expect["prohibited"]
            assert result.reason
        else:
            assert result.cost == Fraction(expect["cost"])
        return
    enemy = [at(m, h) for h in case.get("known_enemy", [])]
    kwargs = dict(
        catalogue=CATALOGUE,
        known_enemy_hexes=enemy,
        mp_spent=Fraction(case.get("mp_spent", "0")),
        fleeing=case.get("fleeing", False),
    )
    if "error_rule" in expect:
        with pytest.raises(IllegalCommand) as err:
            reachable(m, s, case["move"], **kwargs)
        assert err.value.rule == expect["error_rule"]
        return
    reach = reachable(m, s, case["move"], **kwargs)
    got = {m.label(h)[1:]: r for h, r in reach.items()}
    for label, cost in expect.get("reach", {}).items():
        assert label in got, f"{label} should be reachable; got {sorted(got)}"
        assert got[label].cost == Fraction(cost), (label, got[label])
    if expect.get("exactly"):
        assert set(got) == set(expect["reach"])
    for label in expect.get("unreachable", []):
        assert label not in got
    for flag in ("assault", "ends_move", "engineer_crossing", "minimum_move"):
        for label in expect.get(flag, []):
            assert getattr(got[label], flag), (label, flag)
        for label, r in got.items():
            if flag in ("assault", "engineer_crossing", "minimum_move") and getattr(r, flag):
                assert label in expect.get(flag, []), (label, flag)
    for label, path in expect.get("paths", {}).items():
        assert [m.label(h)[1:] for h in got[label].path] == path
    for label, costs in expect.get("costs", {}).items():
        assert {k: str(v) for k, v in got[label].costs.items()} == costs


def test_the_cases_cover_every_terrain_and_class_of_the_chart():
    ids = {c["id"] for c in CASES}
    for terrain in KEYS_BY_TERRAIN:
        for cls in ("foot", "motorized", "mechanized"):
            assert f"enter-{terrain}-{cls}" in ids


# --- step_cost --------------------------------------------------------------------------------


def test_step_cost_raises_naming_the_rule_for_prohibited_terrain():
    m = board([".s.."])
    s = state([unit("car", "armored_car", at(m, "0101"))])
    with pytest.raises(IllegalCommand) as err:
        step_cost(m, s, "car", at(m, "0101"), at(m, "0201"), catalogue=CATALOGUE)
    assert err.value.rule == "5.1"
    assert "swamp" in err.value.message and "A0201" in err.value.message


def test_step_cost_refuses_a_non_adjacent_hex():
    m = board(["...."])
    s = state([unit("a", "rifle5", at(m, "0101"))])
    with pytest.raises(IllegalCommand):
        step_cost(m, s, "a", at(m, "0101"), at(m, "0301"), catalogue=CATALOGUE)


def test_step_cost_off_the_map_names_board_edges():
    m = board(["...."])
    s = state([unit("a", "rifle5", at(m, "0101"))])
    off = at(m, "0101") + (at(m, "0101") - at(m, "0201"))
    assert not m.contains(off)
    assert step(m, s, "a", at(m, "0101"), off, catalogue=CATALOGUE).rule == "16.5"


def test_step_with_engineers_can_be_asked_for_or_declined():
    m = board([".r.."])
    s = state([unit("t", "tank", at(m, "0101")), unit("e", "pioneer", at(m, "0201"))])
    a, b = at(m, "0101"), at(m, "0201")
    assert step(m, s, "t", a, b, catalogue=CATALOGUE).engineer_crossing  # cheaper: 2 < 4
    assert step_cost(m, s, "t", a, b, catalogue=CATALOGUE, engineer_crossing=False) == 4
    s2 = state([unit("t", "tank", at(m, "0101"))])
    assert step(m, s2, "t", a, b, catalogue=CATALOGUE, engineer_crossing=True).rule == "5.7"


def test_step_into_a_known_enemy_hex_is_an_assault_for_good_order_units_only():
    m = board(["...."])
    s = state(
        [
            unit("a", "rifle5", at(m, "0101")),
            unit("t", "truck", at(m, "0101")),
            unit("x", "rifle5", at(m, "0201"), side="allies"),
        ]
    )
    enemy = [at(m, "0201")]
    assert step(
        m, s, "a", at(m, "0101"), at(m, "0201"), catalogue=CATALOGUE, known_enemy_hexes=enemy
    ).assault
    refused = step(
        m, s, "t", at(m, "0101"), at(m, "0201"), catalogue=CATALOGUE, known_enemy_hexes=enemy
    )
    assert refused.cost is None and refused.rule == "12.1"


def test_step_checks_stacking_on_entry():
    m = board(["...."])
    units = [unit("a", "rifle5", at(m, "0101"))] + [
        unit(f"s{i}", "rifle5", at(m, "0201")) for i in range(3)
    ]
    result = step(m, state(units), "a", at(m, "0101"), at(m, "0201"), catalogue=CATALOGUE)
    assert result.cost is None and result.rule == "4.1"


def test_D_MOVE_3_only_known_enemy_hexes_are_assault_destinations():
    """An unseen enemy hex is offered as if empty; a seen one only as the end of an assault."""
    m = board(["...."])
    units = [unit("a", "rifle5", at(m, "0101")), unit("x", "rifle5", at(m, "0201"), side="allies")]
    s = state(units)
    unseen = reachable(m, s, ["a"], catalogue=CATALOGUE)
    seen = reachable(m, s, ["a"], catalogue=CATALOGUE, known_enemy_hexes=[at(m, "0201")])
    assert not unseen[at(m, "0201")].assault and at(m, "0301") in unseen
    assert seen[at(m, "0201")].assault and at(m, "0301") not in seen
    # a leader alone may not assault; with a rifle platoon he may go along
    s2 = state([unit("l", "lt", at(m, "0101")), *units])
    assert at(m, "0201") not in reachable(
        m, s2, ["l"], catalogue=CATALOGUE, known_enemy_hexes=[at(m, "0201")]
    )
    assert reachable(m, s2, ["l", "a"], catalogue=CATALOGUE, known_enemy_hexes=[at(m, "0201")])[
        at(m, "0201")
    ].assault


def test_D_MOVE_4_a_fleeing_unit_never_steps_closer_to_a_known_enemy():
    m = board(["." * 8])
    s = state(
        [
            unit("a", "rifle5", at(m, "0401"), status="demoralized"),
            unit("x", "rifle5", at(m, "0801"), side="allies"),
        ]
    )
    reach = reachable(
        m, s, ["a"], catalogue=CATALOGUE, known_enemy_hexes=[at(m, "0801")], fleeing=True
    )
    assert {m.label(h) for h in reach} == {"A0301", "A0201", "A0101"}


# --- D3 leaderless activation ----------------------------------------------------------------


def test_D3_leaderless_unit_may_not_step_into_range_of_an_enemy_that_could_harm_it():
    m = board(["." * 12])
    s = state(
        [
            unit("a", "rifle5", at(m, "0101")),
            unit("x", "rifle5", at(m, "0801"), side="allies"),  # direct fire range 4
        ]
    )
    closer = moves_closer_to_threat
    # 0301 -> 0401: distance 4 to the enemy, inside its range 4, and closer: refused.
    assert closer(s, "a", at(m, "0301"), at(m, "0401"), catalogue=CATALOGUE, known_enemy_ids=["x"])
    # 0201 -> 0301: still out of its range (5): allowed.
    assert not closer(
        s, "a", at(m, "0201"), at(m, "0301"), catalogue=CATALOGUE, known_enemy_ids=["x"]
    )
    reach = reachable(m, s, ["a"], catalogue=CATALOGUE, leaderless_threats=["x"])
    assert {m.label(h) for h in reach} == {"A0201", "A0301"}


def test_D3_armored_units_fear_anti_tank_fire_not_rifles():
    m = board(["." * 12])
    s = state(
        [
            unit("k", "tank", at(m, "0101")),
            unit("x", "rifle5", at(m, "0501"), side="allies"),  # no anti-tank value
            unit("g", "pak", at(m, "1201"), side="allies"),  # anti-tank range 6
        ]
    )
    assert not moves_closer_to_threat(
        s, "k", at(m, "0301"), at(m, "0401"), catalogue=CATALOGUE, known_enemy_ids=["x"]
    )
    assert moves_closer_to_threat(
        s, "k", at(m, "0601"), at(m, "0701"), catalogue=CATALOGUE, known_enemy_ids=["g"]
    )


def test_D3_demoralized_and_unknown_enemies_are_no_threat():
    m = board(["." * 8])
    s = state(
        [
            unit("a", "rifle5", at(m, "0101")),
            unit("x", "rifle5", at(m, "0601"), side="allies", status="demoralized"),
            unit("y", "rifle5", at(m, "0701"), side="allies"),
        ]
    )
    assert not moves_closer_to_threat(
        s, "a", at(m, "0201"), at(m, "0301"), catalogue=CATALOGUE, known_enemy_ids=["x"]
    )
    # y is there but not known to the mover: not passed, not feared.
    assert not moves_closer_to_threat(
        s, "a", at(m, "0201"), at(m, "0301"), catalogue=CATALOGUE, known_enemy_ids=[]
    )


# --- D20 board edges -------------------------------------------------------------------------


def _edge_board() -> Map:
    return board(
        ["w...", "....", "...."],
        roads=[("road", ["0102", "0202", "0302", "0402"])],
    )


def test_D20_entering_pays_the_entry_hex_cost_or_the_road_rate():
    m = _edge_board()
    assert edge_entry_cost(m, "mechanized", at(m, "0101")).cost == 4  # light woods
    assert edge_entry_cost(m, "mechanized", at(m, "0102")).cost == Fraction(1, 2)  # road
    assert edge_entry_cost(m, "mechanized", at(m, "0103")).cost == 2  # clear
    assert edge_entry_cost(m, "mechanized", at(m, "0202")).rule == "16.5"  # not on an edge


def test_D20_reinforcements_enter_by_their_edge_and_move_on():
    m = _edge_board()
    s = state([unit("k", "tank", None, entry_turn=1, entry_edge="W")])
    reach = entry_reach(m, s, ["k"], edge="W", catalogue=CATALOGUE)
    got = {m.label(h): r for h, r in reach.items()}
    assert got["A0102"].cost == Fraction(1, 2) and got["A0102"].path == (at(m, "0102"),)
    assert got["A0402"].cost == 2  # along the road: 4 road hexes at 1/2
    assert got["A0101"].cost == 4
    assert all(r.entered_from_edge == "W" for r in reach.values())
    assert all(r.path[0] in m.edge_hexes("W") for r in reach.values())


def test_D20_no_entry_into_a_known_enemy_hex_or_a_full_one():
    m = _edge_board()
    s = state(
        [
            unit("k", "tank", None, entry_turn=1, entry_edge="W"),
            unit("x", "rifle5", at(m, "0102"), side="allies"),
            *[unit(f"s{i}", "rifle5", at(m, "0103")) for i in range(3)],
        ]
    )
    reach = entry_reach(
        m, s, ["k"], edge="W", catalogue=CATALOGUE, known_enemy_hexes=[at(m, "0102")]
    )
    assert at(m, "0103") not in reach  # three friendly combat units already there
    # 0102 is no entry hex, and an assault goes from where the move began (12.1,
    # D-ASSAULT-MOVE): the entering tank assaults it in a later activation, not on entry
    assert at(m, "0102") not in reach
    assert at(m, "0101") in reach


def test_D20_D7_a_reinforcement_may_always_enter_one_edge_hex():
    m = board(["W...", "...."], elevation=["1000", "0000"])
    s = state([unit("w", "wagon", None, entry_turn=1, entry_edge="W")])
    reach = entry_reach(m, s, ["w"], edge="W", catalogue=CATALOGUE, entry_hexes=[at(m, "0101")])
    # heavy woods are prohibited to motorized units: no entry there at all
    assert reach == {}
    m2 = board(["w...", "...."], elevation=["1000", "0000"])
    reach2 = entry_reach(m2, s, ["w"], edge="W", catalogue=CATALOGUE, entry_hexes=[at(m2, "0101")])
    assert reach2[at(m2, "0101")].minimum_move and reach2[at(m2, "0101")].cost == 5


def test_D20_exit_costs_what_entering_the_edge_hex_would():
    m = _edge_board()
    s = state([unit("k", "tank", at(m, "0302"))])
    exits = exit_options(m, s, ["k"], edges=["W"], catalogue=CATALOGUE)
    got = {m.label(h): r.cost for h, r in exits.items()}
    assert got["A0102"] == Fraction(3, 2)  # two road hexes back, then off along the road
    assert got["A0103"] == Fraction(9, 2)  # road 1/2 to 0202, clear 2, off as into clear 2
    assert "A0101" not in got  # 5 MP to get into the woods and 4 more to leave: too much
    assert exit_options(m, s, ["k"], edges=["E"], catalogue=CATALOGUE)  # E edge is near too
    assert not exit_options(m, s, ["k"], edges=["N"], catalogue=CATALOGUE, mp_spent=6)


# --- Mire (17 Part II, case 35) ------------------------------------------------------------


def test_case_35_truck_in_woods_mired_on_3_tank_not():
    assert is_mired(3, "motorized")
    assert not is_mired(4, "motorized")
    assert not is_mired(3, "mechanized")
    assert is_mired(2, "mechanized")


def test_case_35_amphibious_adds_one_in_swamp():
    assert is_mired(2, "motorized", terrain_key="swamp", amphibious=True)  # 2+1 = 3
    assert not is_mired(2, "mechanized", terrain_key="swamp", amphibious=True)
    assert is_mired(2, "mechanized", terrain_key="light_woods", amphibious=True)  # no bonus there


def test_foot_units_never_mire():
    assert not is_mired(1, "foot")


def test_mire_roll_only_with_the_option_for_vehicles_off_road_in_mire_terrain():
    """D-MIRE-1: vehicles only, terrain flagged mire or barbed wire, never along a road."""
    m = board([".ww.", "...."], roads=[("road", ["0102", "0202"])])
    units = [unit("t", "truck", at(m, "0101")), unit("a", "rifle5", at(m, "0101"))]
    off, on = state(units), state(units, options=["mire"])
    a, woods = at(m, "0101"), at(m, "0201")
    assert not mire_roll_needed(m, off, "t", a, woods, catalogue=CATALOGUE)
    assert mire_roll_needed(m, on, "t", a, woods, catalogue=CATALOGUE)
    assert not mire_roll_needed(m, on, "a", a, woods, catalogue=CATALOGUE)  # foot
    assert not mire_roll_needed(m, on, "t", a, at(m, "0102"), catalogue=CATALOGUE)  # clear
    wired = state(units, options=["mire"], markers={at(m, "0102"): frozenset({"wire"})})
    assert mire_roll_needed(m, wired, "t", a, at(m, "0102"), catalogue=CATALOGUE)


def test_mire_rolls_are_listed_on_the_reach_path():
    m = board([".w..", "...."])
    s = state([unit("k", "tank", at(m, "0101"))], options=["mire"])
    reach = reachable(m, s, ["k"], catalogue=CATALOGUE)
    assert reach[at(m, "0201")].mire_rolls == (at(m, "0201"),)
    assert reach[at(m, "0102")].mire_rolls == ()


# --- carrying out a move -------------------------------------------------------------------


def test_a_reinforcement_enters_with_its_cargo_aboard():
    m = _edge_board()
    s = state(
        [
            unit("t", "truck", None, entry_turn=1, entry_edge="W"),
            unit("p", "rifle5", None, carried_by="t"),
            *[unit(f"s{i}", "rifle5", at(m, "0101")) for i in range(3)],
        ]
    )
    reach = entry_reach(m, s, ["t"], edge="W", catalogue=CATALOGUE)
    assert at(m, "0101") not in reach  # the cargo would make four combat units there
    moved = move_units(s, ["t"], at(m, "0102"))
    assert moved.units["p"].hex == at(m, "0102")


def test_move_units_takes_passengers_along_and_records_the_segment():
    m = board(["...."])
    s = state(
        [unit("t", "truck", at(m, "0101")), unit("p", "rifle5", at(m, "0101"), carried_by="t")]
    )
    moved = move_units(s, ["t"], at(m, "0301"))
    assert moved.units["t"].hex == at(m, "0301") and moved.units["p"].hex == at(m, "0301")
    assert moved.units["p"].last_moved_segment == s.segment
    assert s.units["t"].hex == at(m, "0101")  # the input is untouched


# --- properties (hypothesis) ------------------------------------------------------------------

TERRAIN_CHARS = "..ffwWtsr"
TYPES = ("rifle", "rifle5", "armored_car", "tank", "wagon", "truck", "lt")
# Built once, not inside each draw (test_los.py says why).
_COLUMNS = st.sampled_from([4, 6])
_ROWS = st.integers(2, 4)
_TERRAIN = st.sampled_from(TERRAIN_CHARS)
_ELEVATION = st.sampled_from("0001")


@st.composite
def worlds(draw):
    cols = draw(_COLUMNS)
    rows = draw(_ROWS)
    grid = ["".join(draw(_TERRAIN) for _ in range(cols)) for _ in range(rows)]
    elev = ["".join(draw(_ELEVATION) for _ in range(cols)) for _ in range(rows)]
    road_len = draw(st.integers(0, cols))
    road_row = draw(st.integers(1, rows))
    roads = (
        [("road", [f"{c:02d}{road_row:02d}" for c in range(1, road_len + 1)])]
        if road_len >= 2
        else []
    )
    m = board(grid, elevation=elev, roads=roads)
    start = draw(st.sampled_from(sorted(m.hexes)))
    n = draw(st.integers(1, 3))
    types = draw(st.lists(st.sampled_from(TYPES), min_size=n, max_size=n))
    s = state([unit(f"u{i}", t, start) for i, t in enumerate(types)])
    spent = draw(st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(1), Fraction(2)]))
    return m, s, [f"u{i}" for i in range(n)], spent


def _allowance(s, uid):
    from games.rules.panzer_grenadier.core.move_step import movement_allowance

    return movement_allowance(s.units[uid], catalogue=CATALOGUE)


def _oracle(m, s, ids, spent):
    """Brute force: every hex with a simple path affordable by every mover (no D7)."""
    classes = {CATALOGUE[s.units[u].type_id].movement_class for u in ids}
    budget = {
        c: min(
            _allowance(s, u) - spent
            for u in ids
            if CATALOGUE[s.units[u].type_id].movement_class == c
        )
        for c in classes
    }
    start = s.units[ids[0]].hex
    best: dict = {}

    def walk(h, path, costs):
        for b in m.neighbors(h):
            if b in path:
                continue
            new = {}
            for c in classes:
                st_ = terrain_step(m, c, h, b)
                if st_.cost is None or costs[c] + st_.cost > budget[c]:
                    break
                new[c] = costs[c] + st_.cost
            else:
                if len(classes) == 1:
                    (c,) = classes
                    best[b] = min(best.get(b, new[c]), new[c])
                else:
                    best[b] = True
                walk(b, path | {b}, new)

    if all(v > 0 for v in budget.values()):
        walk(start, {start}, {c: Fraction(0) for c in classes})
    return best


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(worlds())
def test_no_reachable_hex_costs_more_than_the_allowance_and_paths_add_up(world):
    m, s, ids, spent = world
    reach = reachable(m, s, ids, catalogue=CATALOGUE, mp_spent=spent)
    start = s.units[ids[0]].hex
    for h, r in reach.items():
        assert r.path[0] == start and r.path[-1] == h
        assert all(m.contains(p) for p in r.path)
        assert all(distance(a, b) == 1 for a, b in zip(r.path, r.path[1:], strict=False))
        for uid in ids:
            allowance = _allowance(s, uid) - spent
            cls = CATALOGUE[s.units[uid].type_id].movement_class
            steps = [
                terrain_step(m, cls, a, b).cost for a, b in zip(r.path, r.path[1:], strict=False)
            ]
            assert all(c is not None for c in steps)
            if r.minimum_move:
                assert len(r.path) == 2 and r.costs[uid] == allowance and spent == 0
            else:
                assert r.costs[uid] <= allowance
                assert sum(steps) == r.costs[uid]
        assert r.cost == max(r.costs.values())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(worlds())
def test_reach_matches_a_brute_force_search_over_every_path(world):
    """D-MOVE-1: a stack reaches exactly the hexes one path takes every unit to."""
    m, s, ids, spent = world
    reach = reachable(m, s, ids, catalogue=CATALOGUE, mp_spent=spent)
    oracle = _oracle(m, s, ids, spent)
    normal = {h: r for h, r in reach.items() if not r.minimum_move}
    assert set(normal) == set(oracle)
    if len({CATALOGUE[s.units[u].type_id].movement_class for u in ids}) == 1:
        for h, r in normal.items():
            assert r.cost == oracle[h]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(worlds(), st.sampled_from([Fraction(1, 2), Fraction(1), Fraction(3, 2)]))
def test_reach_is_monotone_in_movement_points(world, more):
    m, s, ids, spent = world
    wide = reachable(m, s, ids, catalogue=CATALOGUE, mp_spent=spent)
    narrow = reachable(m, s, ids, catalogue=CATALOGUE, mp_spent=spent + more)
    assert set(narrow) <= set(wide)
    for h, r in narrow.items():
        if not r.minimum_move and not wide[h].minimum_move:
            assert wide[h].cost <= r.cost


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(worlds())
def test_a_stack_reaches_no_hex_one_of_its_units_cannot(world):
    m, s, ids, spent = world
    together = reachable(m, s, ids, catalogue=CATALOGUE, mp_spent=spent)
    for uid in ids:
        alone = reachable(m, s, [uid], catalogue=CATALOGUE, mp_spent=spent)
        assert set(together) <= set(alone)


# --- performance ---------------------------------------------------------------------------


BOARDS = Path(__file__).resolve().parents[3] / "games" / "data" / "boards"


def _six_board_map() -> Map:
    ids = sorted(p.stem for p in BOARDS.glob("*.json"))[:6]
    boards = {b: load_board(BOARDS / f"{b}.json") for b in ids}
    spec = {
        "boards": [
            {"board": b, "label": "ABCDEF"[i], "at": [i % 3, i // 3]} for i, b in enumerate(ids)
        ]
    }
    return Map.from_spec(spec, boards)


def test_an_ma_12_unit_reaches_many_hexes_on_the_six_board_map():
    # Speed is measured by bench/movement.py, not asserted here.
    m = _six_board_map()
    centre = sorted(m.hexes)[len(m.hexes) // 2]
    others = [
        unit(f"o{i}", "rifle5", h, side="allies") for i, h in enumerate(sorted(m.hexes)[::37])
    ]
    s = state([unit("car", "fast_tank", centre), *others])
    reach = reachable(m, s, ["car"], catalogue=CATALOGUE, known_enemy_hexes=[o.hex for o in others])
    assert len(reach) > 30
    assert all(r.cost <= 12 for r in reach.values())


def test_d_assault_move_an_assault_enters_an_enemy_hex_adjacent_to_where_the_move_began():
    """12.1 with 17.5: Extended Assault lets AFVs assault "from two or three hexes away", so
    an ordinary assault is made from the adjacent hex: a unit that moves first may not go on
    into an enemy hex in the same activation (D-ASSAULT-MOVE)."""
    m = board(["...."])
    enemy = unit("x", "rifle5", at(m, "0301"), side="allies")
    far = state([unit("r", "rifle5", at(m, "0101")), enemy])
    reach = reachable(m, far, ["r"], catalogue=CATALOGUE, known_enemy_hexes=[at(m, "0301")])
    assert at(m, "0301") not in reach  # two hexes away: move next to it now, assault later
    assert at(m, "0201") in reach and not reach[at(m, "0201")].assault
    near = state([unit("r", "rifle5", at(m, "0201")), enemy])
    fresh = reachable(m, near, ["r"], catalogue=CATALOGUE, known_enemy_hexes=[at(m, "0301")])
    assert fresh[at(m, "0301")].assault
    moved = reachable(m, near, ["r"], catalogue=CATALOGUE, known_enemy_hexes=[at(m, "0301")],
                      mp_spent=1)
    assert at(m, "0301") not in moved  # it has spent MP this activation: no assault now
