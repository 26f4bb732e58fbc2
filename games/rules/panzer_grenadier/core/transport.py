"""Transport: loading, unloading, towing, riders on AFVs and engineer river crossings (5.6, 5.7).

Decisions (DECISIONS.md):

- D-TRN-1 Loading and unloading cost 1 MP each, paid by both the carrier and the passenger,
  in the same hex (5.6). After unloading the passenger may not move again this activation;
  the carrier may.
- D-TRN-2 Towed weapons are weapons whose full-strength face shows no movement allowance
  (guns that cannot manhandle themselves). Only a transport that can tow may carry them.
  Hooking one up costs **all** the transport's MPs (the 3E summary; the 4E figure is not
  in our sources), so the transport must not have spent any MP this activation and can
  move only in a later one. The weapon pays nothing (it has no MPs). Unhooking costs 1 MP
  of the transport, like any unloading. Weapons that can move themselves (light mortars,
  light AT guns) load like personnel.
- D-TRN-3 Capacity counts personnel and weapon units; leaders ride free with any carrier.
- D-TRN-4 Riders: a tank, tank destroyer or assault gun (an AFV that is not a transport)
  may carry one personnel unit (infantry, recon, engineer, HMG) as riders; cavalry never
  rides. Riders load and unload like any passenger and are hit harder (+1 DF column, +1
  assault column: the combat code asks `is_riding_afv`).
- Demoralized units may only recover or flee (14.3), so they neither load nor carry.
- A passenger shares its carrier's fate (5.6): the combat code applies the carrier's result
  to `passengers_of`; a carrier that becomes disrupted or demoralized passes that status to
  its passengers and unloads them at once (`carrier_status_changed`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from ...common.errors import IllegalCommand
from ...common.hexgrid import Hex
from .maps import Map
from .move_step import RIVER_TERRAIN, is_engineer_in_place, movement_allowance
from .state import DEMORALIZED, DISRUPTED, GameState, UnitState
from .units import Catalogue, UnitType

LOAD_COST = Fraction(1)
UNLOAD_COST = Fraction(1)
RIDER_CARRIER_KINDS = frozenset({"tank", "tank_destroyer", "assault_gun"})
RIDER_KINDS = frozenset({"infantry", "recon", "engineer", "hmg"})
RIDER_CAPACITY = 1


@dataclass(frozen=True, slots=True)
class Transfer:
    """The outcome of loading or unloading: the new state and the MP each unit has now spent."""

    state: GameState
    mp_spent: Mapping[str, Fraction | int]
    # Units that may not move again this activation (an unloaded passenger, a hooked-up tow).
    done: frozenset[str] = frozenset()


def _is_leader(t: object) -> bool:
    return bool(getattr(t, "is_leader", False))


def is_towed_weapon(unit_type: object) -> bool:
    """A weapon that cannot move itself and must be towed (5.6, D-TRN-2)."""
    return isinstance(unit_type, UnitType) and unit_type.is_weapon and unit_type.full.movement == 0


def is_rider_carrier(unit_type: object) -> bool:
    """An AFV that may carry riders (D-TRN-4)."""
    return isinstance(unit_type, UnitType) and unit_type.kind in RIDER_CARRIER_KINDS


def capacity_of(unit_type: object) -> int:
    """How many personnel or weapon units a carrier takes (5.6, D-TRN-3/4)."""
    if not isinstance(unit_type, UnitType):
        return 0
    if unit_type.is_transport:
        return unit_type.capacity
    if is_rider_carrier(unit_type):
        return RIDER_CAPACITY
    return 0


def passengers_of(state: GameState, transport_id: str) -> tuple[UnitState, ...]:
    """The units a transport (or an AFV with riders) is carrying, in id order (5.6)."""
    return tuple(
        sorted(
            (
                u
                for u in state.units.values()
                if u.carried_by == transport_id and not u.eliminated and not u.exited
            ),
            key=lambda u: u.id,
        )
    )


def is_riding_afv(state: GameState, unit: UnitState, *, catalogue: Catalogue) -> bool:
    """Whether the unit rides on an AFV as riders (DF +1 column, assault +1 against it)."""
    if unit.carried_by is None:
        return False
    carrier = state.units.get(unit.carried_by)
    return carrier is not None and is_rider_carrier(catalogue[carrier.type_id])


def carry_problem(
    state: GameState, passenger_id: str, carrier_id: str, *, catalogue: Catalogue
) -> str | None:
    """Why this carrier may not take this passenger now (5.6), or None."""
    p, c = state.units[passenger_id], state.units[carrier_id]
    pt, ct = catalogue[p.type_id], catalogue[c.type_id]
    if p.id == c.id:
        return "a unit cannot carry itself"
    if p.side != c.side:
        return f"{c.id} is not on {p.id}'s side"
    if not (p.on_map and c.on_map) or p.hex != c.hex:
        return f"{p.id} and {c.id} must be in the same hex"
    if p.carried_by is not None:
        return f"{p.id} is already carried by {p.carried_by}"
    if c.carried_by is not None:
        return f"{c.id} is itself being carried"
    if passengers_of(state, p.id):
        return f"{p.id} is carrying other units"
    if DEMORALIZED in (p.status, c.status):
        return "demoralized units may only try to recover or flee (14.3)"
    cap = capacity_of(ct)
    if cap == 0:
        return f"{c.id} does not carry other units"
    if _is_leader(pt):
        return None  # D-TRN-3: leaders ride free
    if is_rider_carrier(ct):
        if not (isinstance(pt, UnitType) and pt.kind in RIDER_KINDS):
            return f"only infantry-type personnel may ride on {c.id} (D-TRN-4)"
    elif is_towed_weapon(pt):
        if not ct.can_tow:  # type: ignore[union-attr]
            return f"{c.id} cannot tow {p.id}"
    elif not (
        isinstance(pt, UnitType) and (pt.is_personnel or pt.is_weapon) and pt.kind != "cavalry"
    ):
        return f"{c.id} carries only personnel and weapons"
    used = sum(1 for u in passengers_of(state, c.id) if not _is_leader(catalogue[u.type_id]))
    if used >= cap:
        return f"{c.id} is full (capacity {cap})"
    return None


def _spent(mp_spent: Mapping[str, Fraction | int], uid: str) -> Fraction:
    return Fraction(mp_spent.get(uid, 0))


def _pay(
    state: GameState,
    uid: str,
    cost: Fraction,
    mp_spent: Mapping[str, Fraction | int],
    *,
    catalogue: Catalogue,
    what: str,
) -> Fraction:
    spent = _spent(mp_spent, uid)
    left = movement_allowance(state.units[uid], catalogue=catalogue, state=state) - spent
    if left < cost:
        raise IllegalCommand(f"{uid} has {left} MP left; {what} costs {cost}", rule="5.6")
    return spent + cost


def load(
    state: GameState,
    passenger_id: str,
    carrier_id: str,
    *,
    catalogue: Catalogue,
    mp_spent: Mapping[str, Fraction | int] | None = None,
) -> Transfer:
    """Load a unit onto a transport or an AFV in the same hex (5.6).

    Both pay 1 MP (D-TRN-1); hooking up a towed weapon costs all the transport's MPs and
    needs a transport that has not moved this activation (D-TRN-2).
    """
    spent = dict(mp_spent or {})
    problem = carry_problem(state, passenger_id, carrier_id, catalogue=catalogue)
    if problem:
        raise IllegalCommand(
            f"{passenger_id} may not load onto {carrier_id}: {problem}", rule="5.6"
        )
    p, c = state.units[passenger_id], state.units[carrier_id]
    done: frozenset[str] = frozenset()
    if is_towed_weapon(catalogue[p.type_id]):
        if _spent(spent, c.id) != 0:
            raise IllegalCommand(
                f"hooking up {p.id} costs all of {c.id}'s MPs, and it has already spent some (5.6, D-TRN-2)",
                rule="5.6",
            )
        spent[c.id] = movement_allowance(c, catalogue=catalogue, state=state)
        done = frozenset({c.id})
    else:
        spent[c.id] = _pay(state, c.id, LOAD_COST, spent, catalogue=catalogue, what="loading")
        if movement_allowance(p, catalogue=catalogue) > 0:
            spent[p.id] = _pay(state, p.id, LOAD_COST, spent, catalogue=catalogue, what="loading")
    new = state.with_unit(replace(p, carried_by=c.id))
    return Transfer(state=new, mp_spent=spent, done=done)


def unload(
    state: GameState,
    passenger_id: str,
    *,
    catalogue: Catalogue,
    mp_spent: Mapping[str, Fraction | int] | None = None,
) -> Transfer:
    """Unload a passenger into its carrier's hex (5.6): 1 MP each; the passenger stops there.

    A towed weapon pays nothing (it has no MPs); its transport pays 1 MP (D-TRN-2).
    """
    spent = dict(mp_spent or {})
    p = state.units[passenger_id]
    if p.carried_by is None:
        raise IllegalCommand(f"{p.id} is not being carried", rule="5.6")
    c = state.units[p.carried_by]
    if c.status == DEMORALIZED:
        raise IllegalCommand(
            f"{c.id} is demoralized: it may only try to recover or flee", rule="14.3"
        )
    spent[c.id] = _pay(state, c.id, UNLOAD_COST, spent, catalogue=catalogue, what="unloading")
    if movement_allowance(p, catalogue=catalogue) > 0:
        spent[p.id] = _pay(state, p.id, UNLOAD_COST, spent, catalogue=catalogue, what="unloading")
    new = state.with_unit(replace(p, carried_by=None, hex=c.hex))
    return Transfer(state=new, mp_spent=spent, done=frozenset({p.id}))


def carrier_status_changed(state: GameState, transport_id: str) -> GameState:
    """Pass a disrupted or demoralized carrier's status to its passengers and unload them (5.6)."""
    c = state.units[transport_id]
    if c.status not in (DISRUPTED, DEMORALIZED):
        return state
    changed = {}
    for p in passengers_of(state, transport_id):
        # A worse status is never improved by the carrier's.
        status = DEMORALIZED if DEMORALIZED in (p.status, c.status) else c.status
        changed[p.id] = replace(p, carried_by=None, hex=c.hex, status=status)
    return state.with_units(changed) if changed else state


def is_crossing_with_engineers(
    map_: Map, state: GameState, unit: UnitState, *, catalogue: Catalogue
) -> bool:
    """Whether a unit is crossing a river with engineer help (5.7: DF +1 column, AT +1 against it).

    D-MOVE-2: every unit other than the engineers in a river hex that holds a friendly
    good-order engineer unit counts as being helped across. The state does not record how a
    unit entered the hex, and the chart's modifier names the hex ("target hex contains units
    assisted by engineers"), so the hex decides.
    """
    if not unit.on_map or unit.hex is None or map_.terrain(unit.hex).key not in RIVER_TERRAIN:
        return False
    if getattr(catalogue[unit.type_id], "kind", None) == "engineer":
        return False
    return any(
        o.side == unit.side and o.hex == unit.hex and is_engineer_in_place(o, catalogue=catalogue)
        for o in state.units.values()
    )


def engineer_hexes(state: GameState, side: str, *, catalogue: Catalogue) -> frozenset[Hex]:
    """Hexes where this side's engineers can help a crossing (5.7)."""
    return frozenset(
        u.hex  # type: ignore[misc]
        for u in state.units.values()
        if u.side == side and is_engineer_in_place(u, catalogue=catalogue)
    )
