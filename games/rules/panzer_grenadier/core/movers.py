"""Who moves together and with what (4.5, 5.1): the movers of one move as the search reads
them, each movement class's units a group with the MPs its slowest has left, and the checks
that refuse a group that may not move (carried, mired, demoralized, not in one hex)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...common.errors import IllegalCommand
from .move_step import can_assault, movement_allowance, movement_class, passenger_ids
from .stacking import counts_of
from .state import DEMORALIZED, DISRUPTED, GameState, UnitState
from .units import Catalogue


@dataclass(frozen=True, slots=True)
class Group:
    movement_class: str
    remaining: Fraction
    unit_ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Movers:
    units: tuple[UnitState, ...]
    groups: tuple[Group, ...]
    side: str
    adding: tuple[int, int]
    one_hex: bool
    may_assault: bool
    fresh: bool  # no MP spent yet: D7 applies
    vehicles: tuple[str, ...]  # ids of motorized/mechanized movers (mire)
    remaining: Mapping[str, Fraction]  # each mover's MPs left (D7 spends them all)


def spent_of(mp_spent: Fraction | int | Mapping[str, Fraction | int], uid: str) -> Fraction:
    if isinstance(mp_spent, Mapping):
        return Fraction(mp_spent.get(uid, 0))
    return Fraction(mp_spent)


def movers_of(
    state: GameState,
    unit_ids: Sequence[str],
    catalogue: Catalogue,
    mp_spent: Fraction | int | Mapping[str, Fraction | int],
    fleeing: bool,
    entering: bool,
) -> Movers:
    if not unit_ids:
        raise IllegalCommand("no units to move", rule="5.1")
    units = tuple(state.units[uid] for uid in dict.fromkeys(unit_ids))
    side = units[0].side
    where = {u.hex for u in units}
    for u in units:
        if u.side != side:
            raise IllegalCommand(f"{u.id} is not on the same side as {units[0].id}", rule="4.5")
        if u.carried_by is not None:
            raise IllegalCommand(
                f"{u.id} is carried by {u.carried_by} and moves with it", rule="5.6"
            )
        if u.eliminated or u.exited:
            raise IllegalCommand(f"{u.id} is no longer in play", rule="5.1")
        if u.mired:
            raise IllegalCommand(f"{u.id} is mired and may not move (17 Part II)", rule="17")
        if not entering and not u.on_map:
            raise IllegalCommand(f"{u.id} is not on the map", rule="16.5")
        if u.status == DEMORALIZED and not fleeing:
            raise IllegalCommand(
                f"{u.id} is demoralized: it may only try to recover or flee", rule="14.3"
            )
    if len(where) != 1:
        raise IllegalCommand("units move together only from one hex, as a stack", rule="4.5")
    by_class: dict[str, list[UnitState]] = {}
    for u in units:
        by_class.setdefault(movement_class(u, catalogue=catalogue), []).append(u)
    groups = tuple(
        Group(
            movement_class=cls,
            remaining=min(
                movement_allowance(u, catalogue=catalogue, state=state) - spent_of(mp_spent, u.id)
                for u in us
            ),
            unit_ids=tuple(u.id for u in us),
        )
        for cls, us in sorted(by_class.items())
    )
    ids = [u.id for u in units]
    passengers = passenger_ids(state, ids)
    all_movers = [*units, *(state.units[p] for p in passengers)]
    non_leaders = [u for u in units if not getattr(catalogue[u.type_id], "is_leader", False)]
    return Movers(
        units=units,
        groups=groups,
        side=side,
        adding=counts_of(all_movers, catalogue),
        one_hex=any(u.status == DISRUPTED for u in units),
        may_assault=not fleeing
        and bool(non_leaders)
        and all(can_assault(u, catalogue=catalogue) for u in units),
        fresh=all(spent_of(mp_spent, u.id) == 0 for u in units),
        vehicles=tuple(u.id for u in units if movement_class(u, catalogue=catalogue) != "foot"),
        remaining={
            u.id: movement_allowance(u, catalogue=catalogue, state=state) - spent_of(mp_spent, u.id)
            for u in units
        },
    )
