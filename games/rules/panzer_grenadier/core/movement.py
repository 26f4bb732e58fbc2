"""Every hex a unit or a stack can reach this activation, with its MP cost and path (4.5, 5.0, 16.5).

The cost of each hex and the rules checked on entering it live in `move_step.py`. On top of
them, this module applies the rules of a whole move:

- **Disrupted** movers move one hex per activation (14.2); **demoralized** ones move only when
  fleeing (14.3, D-MOVE-4).
- **D7 minimum move**: a unit that has spent no MP this activation may always enter one
  adjacent hex it is not prohibited from entering, spending all its MPs.
- Entering an enemy hex, or a river hex with engineer help, ends the move there.

A stack moving together (4.5, `reachable` with several ids) follows one path; each unit pays
its own class's costs and a hex is reachable only if every unit can afford the same path
(D-MOVE-1); the search that finds such paths is `move_paths.py`, fed by `move_search.py`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from ...common.hexgrid import Hex
from .maps import Map
from .move_paths import Label, Reach, sixths
from .move_search import rolls_on_path, search
from .move_step import (
    ZERO,
    edge_entry_cost,
    edge_exit_cost,
    passenger_ids,
)
from .movers import movers_of
from .stacking import side_counts_by_hex, stacking_problem_counts
from .state import GameState
from .units import Catalogue


def reachable(
    map_: Map,
    state: GameState,
    unit_ids: Sequence[str],
    *,
    catalogue: Catalogue,
    known_enemy_hexes: Iterable[Hex] = (),
    mp_spent: Fraction | int | Mapping[str, Fraction | int] = 0,
    leaderless_threats: Iterable[str] | None = None,
    fleeing: bool = False,
) -> dict[Hex, Reach]:
    """Every hex a unit or a stack can reach this activation, with its MP cost and path (5.0).

    `unit_ids`: one unit, or the units of one hex moving together (4.5); passengers of a
    moving transport go with it and count for stacking. `known_enemy_hexes`: hexes the moving
    side knows hold enemy units; only they are assault destinations. `mp_spent`: MP already
    spent this activation (one number for all, or by unit id). `leaderless_threats`: when the
    movers were activated without a leader, the ids of the known enemy units; steps that move
    closer to one that could harm a mover are left out (3.1, D3). `fleeing`: a demoralized
    unit's flight (14.3): no step may bring it closer to a known enemy hex, and no assault.
    The start hex is not in the result.
    """
    movers = movers_of(state, unit_ids, catalogue, mp_spent, fleeing, entering=False)
    start = movers.units[0].hex
    assert start is not None
    starts = [Label(start, tuple(0 for _ in movers.groups), None)]
    return search(
        map_,
        state,
        movers,
        starts,
        catalogue=catalogue,
        known_enemy_hexes=frozenset(known_enemy_hexes),
        leaderless_threats=leaderless_threats,
        fleeing=fleeing,
        entered_from_edge=None,
    )


def entry_reach(
    map_: Map,
    state: GameState,
    unit_ids: Sequence[str],
    *,
    edge: str,
    catalogue: Catalogue,
    known_enemy_hexes: Iterable[Hex] = (),
    entry_hexes: Iterable[Hex] | None = None,
) -> dict[Hex, Reach]:
    """Every hex reinforcements entering by a map edge can reach this activation (16.5, D20).

    The path starts at the entry hex. An entry hex holding known enemy units may not be
    entered from off the map (D20). `entry_hexes` narrows the edge to a scenario's stretch.
    D7 applies to the entry hex: a unit may always enter an edge hex it is not prohibited
    from, spending all its MPs.
    """
    movers = movers_of(state, unit_ids, catalogue, 0, fleeing=False, entering=True)
    enemy = frozenset(known_enemy_hexes)
    hexes = tuple(entry_hexes) if entry_hexes is not None else map_.edge_hexes(edge)
    excluded = {u.id for u in movers.units} | set(
        passenger_ids(state, [u.id for u in movers.units])
    )
    present = side_counts_by_hex(state, movers.side, catalogue=catalogue, excluding=excluded)
    starts = []
    minimum: list[Label] = []
    for h in hexes:
        if edge not in map_.edge(h) or h in enemy:
            continue
        if stacking_problem_counts(present.get(h, (0, 0)), movers.adding) is not None:
            continue
        steps = [edge_entry_cost(map_, g.movement_class, h) for g in movers.groups]
        if not all(s.allowed for s in steps):
            continue
        costs = tuple(s.cost for s in steps)  # type: ignore[misc]
        if all(c <= g.remaining for c, g in zip(costs, movers.groups, strict=True)):
            starts.append(Label(h, tuple(sixths(c) for c in costs), None, terminal=movers.one_hex))
        elif all(g.remaining > 0 for g in movers.groups):
            minimum.append(Label(h, (), None, terminal=True, minimum=True))
    result = (
        search(
            map_,
            state,
            movers,
            starts,
            catalogue=catalogue,
            known_enemy_hexes=enemy,
            leaderless_threats=None,
            fleeing=False,
            entered_from_edge=edge,
        )
        if starts
        else {}
    )
    for lab in minimum:
        if lab.hex not in result:
            left = dict(movers.remaining)
            result[lab.hex] = Reach(
                hex=lab.hex,
                cost=max(left.values()),
                costs=left,
                path=(lab.hex,),
                ends_move=True,
                minimum_move=True,
                mire_rolls=rolls_on_path(map_, state, movers, (lab.hex,), True),
                entered_from_edge=edge,
            )
    return result


def exit_options(
    map_: Map,
    state: GameState,
    unit_ids: Sequence[str],
    *,
    edges: Iterable[str],
    catalogue: Catalogue,
    known_enemy_hexes: Iterable[Hex] = (),
    mp_spent: Fraction | int | Mapping[str, Fraction | int] = 0,
) -> dict[Hex, Reach]:
    """Edge hexes from which the movers can leave the map through an allowed edge this activation.

    16.5, D20: exiting costs as much as entering the edge hex would (`edge_exit_cost`), on
    top of the MPs spent to get there; the movers must reach the hex with a move that does not
    end there (not an assault, engineer crossing or minimum move). The Reach returned is for
    getting off the map from that hex: its cost includes the exit. Only the edges the
    scenario opens for exit may be passed (`edges`).
    """
    allowed = frozenset(edges)
    movers = movers_of(state, unit_ids, catalogue, mp_spent, fleeing=False, entering=False)
    start = movers.units[0].hex
    assert start is not None
    reach = reachable(
        map_,
        state,
        unit_ids,
        catalogue=catalogue,
        known_enemy_hexes=known_enemy_hexes,
        mp_spent=mp_spent,
    )
    zero = {uid: ZERO for g in movers.groups for uid in g.unit_ids}
    here = Reach(hex=start, cost=ZERO, costs=zero, path=(start,))
    out: dict[Hex, Reach] = {}
    for h, r in [(start, here), *reach.items()]:
        if r.ends_move:
            continue
        if not (map_.edge(h) & allowed):
            continue
        costs = dict(r.costs)
        ok = True
        for g in movers.groups:
            s = edge_exit_cost(map_, g.movement_class, h)
            if s.cost is None or costs[g.unit_ids[0]] + s.cost > g.remaining:
                ok = False
                break
            for uid in g.unit_ids:
                costs[uid] = costs[uid] + s.cost
        if ok:
            out[h] = Reach(
                hex=h, cost=max(costs.values()), costs=costs, path=r.path, ends_move=True
            )
    return out
