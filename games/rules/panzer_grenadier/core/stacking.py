"""Stacking limits: how many units of one side a hex may hold (4.1-4.5, D6).

D6, as decided here (see DECISIONS.md):

- Per side, a hex holds at most ``COMBAT_UNIT_LIMIT`` (3) **combat units**: every armed
  counter (infantry, weapons, AFVs, armed APCs), whether it is carried or not. The same
  count feeds the direct fire and bombardment "+1 for 3 or more combat units" shift, so
  what a stack may hold and what it suffers from agree.
- **Leaders** never count (4.2).
- **Non-combat transports** (trucks, wagons, prime movers, unarmed APCs) do not count
  against the combat-unit limit, loaded or empty; they have their own limit of
  ``TRANSPORT_LIMIT`` (3) per side per hex. A loaded truck therefore adds exactly its cargo
  to the count, so unloading in place never breaks stacking, and a rifle company with its
  three trucks fits in one hex.
- Wrecks (16.3) are not modelled and do not count.
- The limit applies in **every hex entered**, not only at the end of a move: a move that
  would overstack a hex, even in passing, is refused (4.1). The two sides in an assault hex
  are counted separately.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ...common.hexgrid import Hex
from ...common.per_state import PerState
from .state import GameState, UnitState
from .units import Catalogue

COMBAT_UNIT_LIMIT = 3
TRANSPORT_LIMIT = 3


def stacking_class(unit_type: object) -> str | None:
    """What a counter counts as for stacking: "combat", "transport" or None (leaders)."""
    if getattr(unit_type, "is_leader", False):
        return None
    if getattr(unit_type, "is_combat_unit", False):
        return "combat"
    if getattr(unit_type, "is_transport", False):
        return "transport"
    return None


def _counts(units: Iterable[UnitState], catalogue: Catalogue) -> tuple[int, int]:
    combat = transport = 0
    for u in units:
        kind = stacking_class(catalogue[u.type_id])
        if kind == "combat":
            combat += 1
        elif kind == "transport":
            transport += 1
    return combat, transport


def combat_units_in(
    state: GameState, hex_: Hex, *, catalogue: Catalogue, side: str | None = None
) -> int:
    """Combat units in a hex, carried ones included (4.4: the fire "+1 for 3+ units" shift).

    With `side`, only that side's; without, every side's (an assault hex holds both).
    """
    units = (u for u in state.units_at(hex_) if side is None or u.side == side)
    return _counts(units, catalogue)[0]


def stacking_problem(
    state: GameState,
    hex_: Hex,
    adding: Iterable[str],
    *,
    catalogue: Catalogue,
    units_here: Iterable[UnitState] | None = None,
) -> str | None:
    """Why adding these units to a hex would break stacking (4.1, D6), or None if it would not.

    `adding` are unit ids entering the hex (include the passengers of a moving transport).
    Units of `adding` already in the hex are not counted twice. `units_here` lets a caller
    that has already indexed the state by hex pass that hex's units.
    """
    adding_ids = list(dict.fromkeys(adding))
    if not adding_ids:
        return None
    newcomers = [state.units[uid] for uid in adding_ids]
    side = newcomers[0].side
    present = state.units_at(hex_) if units_here is None else tuple(units_here)
    incoming = set(adding_ids)
    staying = [u for u in present if u.side == side and u.id not in incoming]
    return stacking_problem_counts(_counts(staying, catalogue), _counts(newcomers, catalogue))


def stacking_problem_counts(present: tuple[int, int], adding: tuple[int, int]) -> str | None:
    """The stacking check on counts (combat, transport): the fast path for the move search."""
    combat = present[0] + adding[0]
    transport = present[1] + adding[1]
    if adding[0] and combat > COMBAT_UNIT_LIMIT:
        return (
            f"{combat} combat units would be in the hex; the limit is {COMBAT_UNIT_LIMIT} "
            "per side (4.1)"
        )
    if adding[1] and transport > TRANSPORT_LIMIT:
        return (
            f"{transport} transport units would be in the hex; the limit is {TRANSPORT_LIMIT} "
            "per side (4.2, D6)"
        )
    return None


def side_counts_by_hex(
    state: GameState, side: str, *, catalogue: Catalogue, excluding: Iterable[str] = ()
) -> Mapping[Hex, tuple[int, int]]:
    """(combat, transport) counts of one side's units in every hex, but the `excluding` ones.

    The side's counts are worked out once per state (one pass over its counters) and the
    excluded units taken off them: a move search asks this for each group of movers of a
    state, each group leaving out itself.
    """
    counts = dict(_side_counts(state, side, catalogue))
    for uid in dict.fromkeys(excluding):
        u = state.units.get(uid)
        if u is None or not u.on_map or u.side != side:
            continue
        kind = stacking_class(catalogue[u.type_id])
        if kind is None:
            continue
        combat, transport = counts[u.hex]  # type: ignore[index]
        left = (combat - 1, transport) if kind == "combat" else (combat, transport - 1)
        if left == (0, 0):
            del counts[u.hex]  # type: ignore[arg-type]
        else:
            counts[u.hex] = left  # type: ignore[index]
    return counts


# A side's counts, worked out once per state (and catalogue).
_COUNTED = PerState(kept=4)


def _side_counts(
    state: GameState, side: str, catalogue: Catalogue
) -> Mapping[Hex, tuple[int, int]]:
    return _COUNTED.get(state, (side, catalogue), lambda: _count_side(state, side, catalogue))


def _count_side(
    state: GameState, side: str, catalogue: Catalogue
) -> Mapping[Hex, tuple[int, int]]:
    found: dict[Hex, list[int]] = {}
    for u in state.units_on_map():
        if u.side != side:
            continue
        kind = stacking_class(catalogue[u.type_id])
        if kind is None:
            continue
        c = found.setdefault(u.hex, [0, 0])  # type: ignore[arg-type]
        c[0 if kind == "combat" else 1] += 1
    return {h: (c[0], c[1]) for h, c in found.items()}


def counts_of(units: Iterable[UnitState], catalogue: Catalogue) -> tuple[int, int]:
    """(combat, transport) stacking counts of some units."""
    return _counts(units, catalogue)
