"""Every bundled battle of both games is one battlefield: each unit that can move, from where it
sets up, lands or enters, can reach every objective over land and bridges, given turns enough.

Enemy units, minefields and blocks are left out: they are fought, cleared or gone round (PL 4.5,
17, 18.1; PG 12.1), while sea, cliffs, swamps and the streams a vehicle may not enter stay
(PL 2.3, 2.4, 4.10; PG 5.1). A battle that fails has objectives its attacker cannot take, or
units that never join the fight: Assault across the Steinbach once laid Seeufer's lake between
board C and the rest of the map (`test_a_lake_between_two_boards_cuts_the_far_one_off`).

Cheap: each hexside is asked once a kind of mover, of the engines' own entry rules (PL: the
move planner's `entering.Mover`; PG: `move_step.terrain_step`, with the engineers' river
crossing, 5.7), and the floods run over those answers. Guns that cannot move alone (MA 0) are
left out: a carrier brings them, or they fight where they stand.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from games.rules.common.hexgrid import Hex
from games.rules.panzer_grenadier.core import scenario as pg
from games.rules.panzer_grenadier.core.move_step import (
    edge_entry_cost,
    engineer_step,
    movement_allowance,
    terrain_step,
)
from games.rules.panzer_leader.core import scenario as pl
from games.rules.panzer_leader.core.entering import Mover
from games.rules.panzer_leader.core.units import utype

Onward = Mapping[Hex, list[Hex]]  # each hex -> the hexes a kind of mover may enter from it


def flood(starts: Iterable[Hex], onward: Onward) -> set[Hex]:
    """Every hex reached from `starts`, one hexside after another."""
    seen = set(starts)
    todo = list(seen)
    while todo:
        for n in onward.get(todo.pop(), ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def cut_off(
    objectives: Mapping[Hex, str],
    starts: Mapping[str, tuple[Any, set[Hex]]],
    onward: Mapping[Any, Onward],
) -> dict[str, list[str]]:
    """Unit id -> the objectives (labels) it cannot reach from any of its start hexes; each
    kind of mover floods back from each objective once, over the hexsides turned round."""
    into: dict[Any, dict[Hex, set[Hex]]] = {}
    for kind, sides in onward.items():
        back: dict[Hex, list[Hex]] = defaultdict(list)
        for a, bs in sides.items():
            for b in bs:
                back[b].append(a)
        into[kind] = {o: flood([o], back) for o in objectives}
    out = {}
    for uid, (kind, hexes) in sorted(starts.items()):
        missing = sorted(label for o, label in objectives.items() if not hexes & into[kind][o])
        if missing:
            out[uid] = missing
    return out


# --- Panzer Leader ---------------------------------------------------------------------------


def pl_cut_off(sit: pl.Scenario) -> dict[str, list[str]]:
    """cut_off() for a situation (registered or bundled: a mover reads its special rules)."""
    m = sit.map
    state = pl.opening_state(sit)
    units = dict(state.units)
    state.units, state.mines, state.blocks = {}, {}, []  # nobody in the way, nothing laid
    boards = [b["label"] for b in m.boards]
    areas = {uid: a.hexes for a in sit.setup_areas for uid in a.units}
    movers: dict[tuple, Mover] = {}
    starts = {}
    for u in units.values():
        t = utype(u)
        if t.movement <= 0:
            continue
        # What Mover.enter reads of a unit, and the boards it may not enter (QA G7).
        kind = (
            t.move_class,
            t.vehicle,
            t.cavalry,
            t.bridgelayer and u.bridge_aboard,
            tuple(pl.off_board_limits(state, u, b) for b in boards),
        )
        mover = movers.setdefault(kind, Mover(state, u))
        base = units[u.carried_by] if u.carried_by else u  # a passenger starts with its carrier
        if base.afloat:  # it lands on a beach hex beside its sea hex (19.2)
            hexes = {n for n in m.neighbors(m.hex(base.hex)) if m.terrain(n) == "beach"}
        elif base.hex is not None:
            hexes = {m.hex(base.hex)}
        elif base.id in areas:  # its player sets it up anywhere in its area (PL-E1)
            hexes = {m.hex(label) for label in areas[base.id]}
        else:  # it enters by one of its entry hexes (4.7)
            hexes = {h for h in map(m.hex, base.entry) if mover.entry(None, h).cost is not None}
        starts[u.id] = (kind, hexes)
    onward = {}
    for kind, mover in movers.items():
        ground, sides = mover.ground, {}
        for h in m.hexes:
            here = ground(h)
            sides[h] = [
                c.to
                for c in m.crossings(h)
                if mover.enter(here, ground(c.to), c.road, c.symbols).cost is not None
            ]
        onward[kind] = sides
    objectives = {m.hex(label): label for label in sit.raw["victory"]["objectives"]}
    return cut_off(objectives, starts, onward)


@pytest.mark.parametrize("sid", sorted(pl.bundled_scenarios()))
def test_every_unit_of_a_bundled_situation_can_reach_every_objective(sid):
    found = pl_cut_off(pl.bundled_scenarios()[sid])
    assert found == {}, f"{sid}: units that cannot reach these objectives: {found}"


def test_a_lake_between_two_boards_cuts_the_far_one_off():
    """Steinbach as it was once laid: board C east of board B, its lake (three columns of sea
    down its west edge, 4.10) between them. Nobody on boards A and B reaches Seeufer, and
    Seeufer's garrison, the Panther and the Tiger II with it, never reaches board B."""
    raw = json.loads(json.dumps(pl.bundled_scenarios()["pl-river-assault"].raw))
    raw["id"] = "test-steinbach-lake-between"
    raw["map"][2]["at"] = [32, 0]
    sit = pl.scenario_from_dict(raw)
    pl.register(sit)
    try:
        found = pl_cut_off(sit)
    finally:
        pl.unregister(sit.id)
    seeufer = ["C-O-5", "C-O-6", "C-P-6"]
    steinbach = ["B-I-4", "B-I-9", "B-K-4", "B-K-5", "B-L-4", "B-L-5"]
    assert found["al-m4-1"] == found["al-engineer-1"] == found["ge-pz4-1"] == seeufer
    assert found["ge-panther-1"] == found["ge-tiger2-1"] == found["ge-rifle-4"] == steinbach
    assert "ge-flak88-1" not in found  # a gun that cannot move alone is not asked


# --- Panzer Grenadier ------------------------------------------------------------------------


def pg_cut_off(scenario) -> dict[str, list[str]]:
    """cut_off() for a scenario."""
    m, cat = scenario.map, scenario.catalogue
    units = pg.initial_state(scenario).units
    placed = {p.id: p for p in scenario.units}
    areas = {uid: a.hexes for a in scenario.setup_areas for uid in a.units}
    # A friendly engineer in a river hex lets any unit in (5.7): a side with engineers crosses.
    engineers = {
        p.side for p in scenario.units if getattr(cat[p.type_id], "kind", "") == "engineer"
    }
    starts = {}
    for p in scenario.units:
        if movement_allowance(units[p.id], catalogue=cat) <= 0:
            continue
        kind = (cat[p.type_id].movement_class, p.side in engineers)
        base = placed[p.carried_by] if p.carried_by else p  # a passenger starts with its carrier
        if base.hex is not None:
            hexes = {base.hex}
        elif base.id in areas:  # its player sets it up anywhere in its area (D-SETUP-1)
            hexes = set(areas[base.id])
        else:  # it enters by its edge, or the stretch of it the scenario names (16.5)
            edge = base.entry_hex and [base.entry_hex] or m.edge_hexes(base.entry_edge)
            hexes = {h for h in edge if edge_entry_cost(m, kind[0], h).allowed}
        starts[p.id] = (kind, hexes)
    onward = {}
    for kind in {k for k, _ in starts.values()}:
        cls, crosses = kind
        onward[kind] = {
            h: [
                n
                for n in m.neighbors(h)
                if terrain_step(m, cls, h, n).allowed or crosses and engineer_step(m, n) is not None
            ]
            for h in m.hexes
        }
    objectives = {o.hex: o.label for o in scenario.victory.hexes}
    return cut_off(objectives, starts, onward)


@pytest.mark.parametrize("sid", sorted(pg.bundled_scenarios()))
def test_every_unit_of_a_bundled_scenario_can_reach_every_victory_hex(sid):
    found = pg_cut_off(pg.bundled_scenarios()[sid])
    assert found == {}, f"{sid}: units that cannot reach these victory hexes: {found}"
