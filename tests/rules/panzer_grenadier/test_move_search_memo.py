"""What the move search (5.1) reads of a state is worked out once and kept: each side's
stacking counts, engineers in place and who carries whom, once per state; each hex's
distances to the threats of a leaderless move (D3) and to the known enemies of a flight
(14.3), across searches for the same enemies; each hex's edges, once per map; and a whole
search's answer by everything it reads (`move_paths.SearchInputs`), so that the units of an
activation not moved since the last step get the kept answer. Every kept answer must equal
the one worked out afresh, after every kind of command a seeded game plays and with the
optional rules that change a move (mire's path rolls among them), and the search beside
engineers (5.7) must still find the cheapest way to each hex."""

from __future__ import annotations

import copy
import random
from fractions import Fraction

from movement_world import CATALOGUE, at, board, state, unit

from games.rules.common.lru import Lru
from games.rules.panzer_grenadier.core import activation as act
from games.rules.panzer_grenadier.core import (
    move_offers,
    move_paths,
    move_search,
    move_step,
    stacking,
)
from games.rules.panzer_grenadier.core.acting import known_enemies
from games.rules.panzer_grenadier.core.move_offers import reach_of
from games.rules.panzer_grenadier.core.move_step import (
    friendly_engineer_hexes,
    is_engineer_in_place,
    passenger_ids,
    step,
)
from games.rules.panzer_grenadier.core.movement import reachable
from games.rules.panzer_grenadier.core.registry import catalogue_for, game_map, scenario_for
from games.rules.panzer_grenadier.core.scenario import bundled_scenarios
from games.rules.panzer_grenadier.core.stacking import side_counts_by_hex, stacking_class
from games.rules.panzer_grenadier.playtest import EXTRA_OPTIONS
from tests.rules.panzer_grenadier.seeded import RS, seeded_game

# Seeded games that between them move, fire, bombard, fire at movers, assault, load and
# unload, call in aircraft, dig in and recover, with leaderless activations among them.
GAMES = [("ferry-rearguard", "m1"), ("kursk-shoulder", "m3"), ("kursk-shoulder", "m5")]
KINDS = {
    "activate",
    "move",
    "fire",
    "bombard",
    "opportunity_fire",
    "load",
    "unload",
    "air_strike",
    "dig_in",
    "recover",
    "assault",
    "end_activation",
}


def _counts_afresh(s, side, excluding):
    found: dict = {}
    for u in s.units.values():
        if not u.on_map or u.side != side or u.id in excluding:
            continue
        kind = stacking_class(catalogue_for(s)[u.type_id])
        if kind is not None:
            c = found.setdefault(u.hex, [0, 0])
            c[0 if kind == "combat" else 1] += 1
    return {h: tuple(c) for h, c in found.items()}


def _passengers_afresh(s, carriers):
    return tuple(
        sorted(
            u.id
            for u in s.units.values()
            if u.carried_by in set(carriers) and not u.eliminated and not u.exited
        )
    )


def _engineers_afresh(s, side, movers):
    cat = catalogue_for(s)
    return frozenset(
        u.hex
        for u in s.units.values()
        if u.side == side and u.id not in movers and is_engineer_in_place(u, catalogue=cat)
    )


def _reaches(s, ids):
    """Every answer a search gives the movers: the offered reach, and the leaderless (D3)
    and fleeing (14.3) searches from where they stand."""
    out = []
    try:
        out.append(reach_of(s, ids))
    except Exception as e:  # noqa: BLE001 (an illegal group: the refusal is the answer)
        out.append(repr(e))
    u = s.units[ids[0]]
    if u.hex is not None:
        enemy_hexes, enemy_ids = known_enemies(s, u.side)
        for fleeing in (False, True):
            try:
                out.append(
                    reachable(
                        game_map(s),
                        s,
                        list(ids),
                        catalogue=catalogue_for(s),
                        known_enemy_hexes=enemy_hexes,
                        leaderless_threats=enemy_ids,
                        fleeing=fleeing,
                    )
                )
            except Exception as e:  # noqa: BLE001
                out.append(repr(e))
    return out


def test_kept_answers_equal_fresh_ones_after_every_kind_of_command(monkeypatch):
    kinds = set()
    searched = 0
    for scenario, seed in GAMES:
        for s, _seat, _legal, command, _dice in seeded_game(scenario, None, seed, 90):
            kinds.add(command["type"])
            a = s.activation
            if a is None:
                continue
            for side in {u.side for u in s.units.values()}:
                for ids in [(uid,) for uid in sorted(a.units)] + [tuple(sorted(a.units))]:
                    skip = set(ids) | set(_passengers_afresh(s, ids))
                    assert side_counts_by_hex(
                        s, side, catalogue=catalogue_for(s), excluding=skip
                    ) == _counts_afresh(s, side, skip)
                    assert friendly_engineer_hexes(
                        s, side, skip, catalogue_for(s)
                    ) == _engineers_afresh(s, side, skip)
                    assert passenger_ids(s, ids) == _passengers_afresh(s, ids)
            # The searches with what earlier searches kept, then with nothing kept: a copy of
            # the state (other identity) and empty distance tables.
            groups = [(uid,) for uid in sorted(a.units)]
            warm = [_reaches(s, ids) for ids in groups]
            with monkeypatch.context() as m:
                m.setattr(move_paths, "_THREAT_DISTANCES", Lru(32))
                m.setattr(move_paths, "_ENEMY_DISTANCES", Lru(8))
                m.setattr(move_search, "_SEARCHES", Lru(256))
                fresh = copy.copy(s)
                assert [_reaches(fresh, ids) for ids in groups] == warm
            searched += len(groups)
    assert KINDS <= kinds, KINDS - kinds
    assert searched > 100


class CountingLru(Lru):
    """An Lru that counts the look-ups it answered."""

    hits = 0

    def get(self, key):
        value = super().get(key)
        self.hits += value is not None
        return value


def test_kept_searches_and_the_moves_offered_from_them_equal_fresh_ones(monkeypatch):
    """With every optional rule but hidden units (mire's path rolls, leaderless activations,
    reinforcements entering by an edge): the searches of each step of an activation, with
    the answers the game's earlier steps kept, then with nothing kept."""
    kept = CountingLru(256)
    monkeypatch.setattr(move_search, "_SEARCHES", kept)
    compared = 0
    for scenario, seed in [*GAMES, ("meeting-at-kessel", "m2"), ("sosna-breakout", "m4")]:
        options = sorted(
            bundled_scenarios()[scenario].default_options | (EXTRA_OPTIONS - {"hidden_units"})
        )
        for s, seat, legal, _command, _dice in seeded_game(scenario, options, seed, 120):
            if s.activation is None or s.opfire is not None:
                continue
            groups = [(uid,) for uid in sorted(s.activation.units)]
            warm = [_reaches(s, ids) for ids in groups]
            offered = move_offers._move_options(s, act.seat(s, seat))
            with monkeypatch.context() as m:
                m.setattr(move_search, "_SEARCHES", Lru(256))
                assert [_reaches(s, ids) for ids in groups] == warm
                assert move_offers._move_options(s, act.seat(s, seat)) == offered
            assert offered == legal.get("move", [])
            compared += len(groups)
    assert compared > 300 and kept.hits > 300


def test_the_edges_kept_with_a_map_are_its_edges():
    for sid in sorted(RS.scenarios()):
        m = scenario_for(sid).map
        for h in sorted(m.hexes):
            assert m.edge(h) == m._edge(h)
        for side in "NESW":
            fresh = tuple(sorted((h for h in m.hexes if side in m._edge(h)), key=m.label))
            assert m.edge_hexes(side) == fresh


def test_searches_for_the_same_threats_share_one_table_of_distances():
    m = board(["......", "......", "......"])
    s = state(
        [
            unit("a", "rifle5", at(m, "0101")),
            unit("b", "rifle5", at(m, "0103")),
            unit("x", "hmg", at(m, "0602"), side="allies"),
        ]
    )
    threats = move_step.threats_to(s, "a", catalogue=CATALOGUE, known_enemy_ids=["x"])
    for uid in ("a", "b"):  # two searches, two movers, the same hmg to fear
        reachable(
            m,
            s,
            [uid],
            catalogue=CATALOGUE,
            known_enemy_hexes=[at(m, "0602")],
            leaderless_threats=["x"],
        )
    table = move_paths._THREAT_DISTANCES.get(threats)
    assert table is not None and at(m, "0101") in table and at(m, "0103") in table


def test_a_state_is_counted_once_for_every_group_of_its_movers():
    m = board(["...."])
    s = state([unit("a", "rifle5", at(m, "0101")), unit("b", "rifle5", at(m, "0101"))])
    first = stacking._side_counts(s, "axis", CATALOGUE)
    assert stacking._side_counts(s, "axis", CATALOGUE) is first
    assert side_counts_by_hex(s, "axis", catalogue=CATALOGUE, excluding=["a"]) == {
        at(m, "0101"): (1, 0)
    }
    assert side_counts_by_hex(s, "axis", catalogue=CATALOGUE, excluding=["a", "b"]) == {}
    assert first == {at(m, "0101"): (2, 0)}  # the kept counts are not changed by a caller


# --- engineers (5.7): the rows beside them are the search's own -------------------------------


def _cheapest(m, s, uid, enemy):
    """Brute force over `step`: the least MP to enter each hex by any simple path, an engineer
    crossing or an assault ending the move there (an assault only from the start, 12.1)."""
    u = s.units[uid]
    budget = move_step.movement_allowance(u, catalogue=CATALOGUE)
    best: dict = {}

    def walk(h, path, spent):
        for b in m.neighbors(h):
            if b in path:
                continue
            if b in enemy and h != u.hex:
                continue
            for crossing in (False, True):
                st_ = step(
                    m,
                    s,
                    uid,
                    h,
                    b,
                    catalogue=CATALOGUE,
                    known_enemy_hexes=enemy,
                    engineer_crossing=crossing,
                )
                if st_.cost is None or spent + st_.cost > budget:
                    continue
                cost = spent + st_.cost
                best[b] = min(best.get(b, cost), cost)
                if not (crossing or st_.assault):
                    walk(b, path | {b}, cost)

    walk(u.hex, {u.hex}, Fraction(0))
    return best


def test_a_search_beside_engineers_finds_the_cheapest_way_to_each_hex():
    crossings = 0
    for seed in range(60):
        rng = random.Random(seed)
        rows = ["".join(rng.choice("..frrRw") for _ in range(6)) for _ in range(3)]
        m = board(rows)
        hexes = sorted(m.hexes)
        mover = unit("m", rng.choice(["rifle5", "tank", "armored_car"]), rng.choice(hexes))
        others = [
            unit(f"e{i}", "pioneer", rng.choice(hexes), side=rng.choice(["axis", "allies"]))
            for i in range(rng.randint(1, 4))
        ]
        others += [unit(f"s{i}", "rifle", rng.choice(hexes)) for i in range(rng.randint(0, 5))]
        s = state([mover, *others])
        enemy = frozenset(u.hex for u in others if u.side == "allies")
        reach = reachable(m, s, ["m"], catalogue=CATALOGUE, known_enemy_hexes=enemy)
        normal = {h: r.cost for h, r in reach.items() if not r.minimum_move}
        assert normal == _cheapest(m, s, "m", enemy), (seed, rows)
        helpers = friendly_engineer_hexes(s, "axis", {"m"}, CATALOGUE)
        for h, r in reach.items():
            assert not r.engineer_crossing or h in helpers
            crossings += r.engineer_crossing
    assert crossings > 10  # the worlds do cross rivers with engineer help


def test_a_friend_filling_a_hex_is_a_new_search_not_the_kept_one():
    """4.1: the rifle could enter 0102 while two friends stood in it; with a third there it
    would be overstacked. Everything else the search reads is the same."""
    m = board(["....", "...."])
    friends = [unit(f"f{i}", "rifle5", at(m, "0102")) for i in range(2)]
    before = state([unit("a", "rifle5", at(m, "0101")), *friends])
    assert at(m, "0102") in reachable(m, before, ["a"], catalogue=CATALOGUE)
    filled = state(
        [unit("a", "rifle5", at(m, "0101")), *friends, unit("f2", "rifle5", at(m, "0102"))]
    )
    assert at(m, "0102") not in reachable(m, filled, ["a"], catalogue=CATALOGUE)
    assert at(m, "0102") in reachable(m, before, ["a"], catalogue=CATALOGUE)
