"""What a move search reads of the state, worked out once (stacking counts, engineers,
threats), and the searches' answers kept by it: the units of an activation that have not
moved since the last step search again with the same inputs and get the kept answer. The
search proper is `move_paths.py`; the path rolls of the optional rules are asked here, of
the state, each time."""

from __future__ import annotations

from collections.abc import Iterable

from ...common.hexgrid import Hex
from ...common.lru import Lru
from . import hooks
from .maps import Map
from .move_paths import Label, Reach, SearchInputs, find
from .move_step import friendly_engineer_hexes, passenger_ids, threats_to
from .movers import Movers
from .stacking import side_counts_by_hex, stacking_problem_counts
from .state import GameState
from .units import Catalogue


def search(
    map_: Map,
    state: GameState,
    movers: Movers,
    starts: list[Label],
    *,
    catalogue: Catalogue,
    known_enemy_hexes: frozenset[Hex],
    leaderless_threats: Iterable[str] | None,
    fleeing: bool,
    entered_from_edge: str | None,
) -> dict[Hex, Reach]:
    """Every hex the movers can reach from `starts`, each with its `Reach` (cost, path and
    what entering it means): the start hex left out, an entering reinforcement's edge hexes
    in (`movement.reachable` and `entry_reach` say what each argument is). The caller may
    change the dict it gets; the `Reach`es in it are shared."""
    mover_ids = {u.id for u in movers.units}
    excluded = mover_ids | set(passenger_ids(state, mover_ids))
    # Index the state once: friendly stacking counts and engineers by hex (no scans inside the search).
    present = side_counts_by_hex(state, movers.side, catalogue=catalogue, excluding=excluded)
    engineers = friendly_engineer_hexes(state, movers.side, excluded, catalogue)
    threats = (
        {
            u.id: threats_to(state, u.id, catalogue=catalogue, known_enemy_ids=leaderless_threats)
            for u in movers.units
        }
        if leaderless_threats is not None
        else {}
    )
    # 4.1: the movers may enter a hex unless the friendly units there would overstack it. A
    # hex without friendly units holds (0, 0); the few that hold some are the exceptions.
    empty_ok = stacking_problem_counts((0, 0), movers.adding) is None
    stack_exceptions = frozenset(
        h
        for h, counts in present.items()
        if (stacking_problem_counts(counts, movers.adding) is None) != empty_ok
    )
    inputs = SearchInputs(
        map_,
        movers.groups,
        tuple(sorted(movers.remaining.items())),
        movers.one_hex,
        movers.may_assault,
        movers.fresh,
        tuple((lab.hex, lab.costs, lab.terminal, lab.minimum) for lab in starts),
        empty_ok,
        stack_exceptions,
        frozenset(engineers),
        tuple(dict.fromkeys(t for ts in threats.values() for t in ts)),  # stacked movers fear alike
        known_enemy_hexes,
        fleeing,
        entered_from_edge,
    )
    # Within an activation the units that have not moved since the last step search again
    # with the same inputs: the answer is kept, not searched again.
    kept = _SEARCHES.get(inputs)
    if kept is None:
        kept = find(inputs)
        _SEARCHES.put(inputs, kept)
    out = dict(kept)
    if hooks.each("path_rolls"):
        entering = entered_from_edge is not None
        for h, r in kept.items():
            if rolls := rolls_on_path(map_, state, movers, r.path, entering):
                out[h] = r._replace(mire_rolls=rolls)
    return out


# The last searches' answers by their inputs, without the path rolls (`search`).
_SEARCHES = Lru(256)


def rolls_on_path(
    map_: Map, state: GameState, movers: Movers, path: tuple[Hex, ...], entering: bool
) -> tuple[Hex, ...]:
    """The hexes of a path where the optional rules in play make the movers roll on entering
    (`path_rolls` hook: mire, 17 Part II); () in the basic game."""
    return tuple(
        h for fn in hooks.each("path_rolls") for h in fn(state, map_, movers, path, entering)
    )
