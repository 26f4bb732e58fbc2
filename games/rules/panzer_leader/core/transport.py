"""Transport (6): carriers load or unload once a movement phase, at a cost in MP.

Artillery of 88 mm or more costs the carrier its whole MA (both in the hex at the start and
the end of the phase); smaller guns and infantry cost half the MA, fractions up (6.3). A
carrier that moved before its operation may not move after it (6.2).
"""

from __future__ import annotations

import math

from ...common.errors import IllegalCommand
from ..combat import windows
from ..combat.opfire import count_step
from . import hooks
from .scenario import scenario_for
from .stacking import has_room
from .state import OK, GameState, Unit
from .units import utype


def _illegal(verb: str, msg: str, rule: str = "6") -> IllegalCommand:
    return IllegalCommand(f"{verb}: {msg} ({rule})", rule=rule)


def may_carry(state: GameState, carrier: Unit, passenger: Unit) -> str | None:
    """Why this carrier may not take this passenger (6.1; PL-D10), or None."""
    ct, pt = utype(carrier), utype(passenger)
    if pt.vehicle or pt.cavalry:
        return "vehicles and cavalry are never carried (6.1; QA U1)"
    owner = next((u for u in state.units.values() if u.vehicle == carrier.id and u.on_map), None)
    if owner is not None and owner.id != passenger.id:
        return f"{carrier.id} is {owner.id}'s designated vehicle and carries nothing else (18.3)"
    carries = ct.carries
    special = scenario_for(state.scenario_id).raw.get("armour_carries", ())
    if not carries and carrier.side in special and ct.armored and ct.vehicle \
            and ct.kind != "spa" and not ct.can_fire_indirect:
        carries = "infantry"  # a situation lets this side's armour carry (QA T7, G7)
    if carries == "any":
        return None
    if carries == "infantry":
        why = hooks.first("rider_problem", state)  # Panzer Leader 1940 (24)
        if why is not None:
            return why
        if pt.infantry and not pt.mg and pt.weapon == "I":
            return None  # rifle, SMG, engineer types ride German armour (PL-D10)
        return "German armour carries infantry-type units only, not MG or mortars (QA T5)"
    return "this vehicle carries nothing (6.1; QA T7)"


def load_cost(carrier: Unit, passenger: Unit) -> float:
    """MP the operation costs the carrier (6.3)."""
    ma = utype(carrier).movement
    return float(ma) if utype(passenger).heavy_load else float(math.ceil(ma / 2))


def _carrier_ready(state: GameState, carrier: Unit, verb: str) -> None:
    if state.phase != "move_vehicles" or state.active_side != carrier.side:
        raise _illegal(verb, "carriers load and unload in the vehicle movement phase", "3")
    if carrier.status != OK or carrier.fired or carrier.opfired:
        raise _illegal(verb, "a dispersed carrier, or one that fired, may not load", "6.4")
    if carrier.op_done:
        raise _illegal(verb, "a carrier loads or unloads once a phase, never both", "6.2")
    if carrier.stopped or carrier.overran:
        raise _illegal(verb, "the carrier's move is over")


def load(state: GameState, side: str, carrier_id: str, passenger_id: str, events: list) -> None:
    carrier, passenger, cost = check_load(state, side, carrier_id, passenger_id)
    carrier.mp_spent += cost
    carrier.op_done = "load"
    if carrier.mp_spent > cost:  # it moved first: no move after (6.2)
        carrier.moved = True
    passenger.carried_by = carrier.id
    if passenger.spotted_at == carrier.hex:
        carrier.spotted_at = carrier.hex  # a spotted gun makes its halftrack spotted (QA SP4)
    passenger.moved = True
    passenger.unloaded = True  # carried this segment: no close assault (6.7)
    events.append({"type": "loaded", "units": [carrier.id, passenger.id], "hex": carrier.hex})
    # loading spends MP in sight; the carrier is the target, a rider on German armour may
    # be shot on its own (QA OF5, OF7)
    count_step(state, carrier, cost)
    windows.open_window(state, "load", carrier, windows.exposed(state, carrier), {})


def check_load(state: GameState, side: str, carrier_id: str,
               passenger_id: str) -> tuple[Unit, Unit, float]:
    """load's refusals (IllegalCommand), changing nothing; the carrier, the passenger and
    the MP it costs. The legal commands ask it without a trial copy of the state: nothing
    load does after these checks refuses."""
    carrier, passenger = state.units.get(carrier_id), state.units.get(passenger_id)
    if carrier is None or passenger is None or carrier.side != side or passenger.side != side:
        raise _illegal("load", "name your carrier and your passenger")
    _carrier_ready(state, carrier, "load")
    why = may_carry(state, carrier, passenger)
    if why:
        raise _illegal("load", why, "6.1")
    if state.passenger_of(carrier) is not None:
        raise _illegal("load", "a carrier takes one unit", "6.1")
    if passenger.hex != carrier.hex or not passenger.on_map or passenger.carried_by:
        raise _illegal("load", "the passenger must be in the carrier's hex", "6.1")
    if passenger.status != OK or passenger.fired or passenger.moved or passenger.opfired:
        raise _illegal("load", "the passenger fired, moved or is dispersed", "6.4")
    if passenger.unloaded and utype(passenger).heavy_load:
        raise _illegal("load", "only guns under 88 mm and infantry may unload and load again "
                       "in one turn", "6.4; QA T2")
    cost = load_cost(carrier, passenger)
    if utype(passenger).heavy_load and carrier.mp_spent > 0:
        raise _illegal("load", "88 mm and larger take the whole movement allowance", "6.3")
    if carrier.mp_spent + cost > utype(carrier).movement:
        raise _illegal("load", "not enough movement points left", "6.3")
    return carrier, passenger, cost


def unload(state: GameState, side: str, carrier_id: str, events: list) -> None:
    carrier, passenger, cost = check_unload(state, side, carrier_id)
    carrier.mp_spent += cost
    carrier.op_done = "unload"
    if carrier.mp_spent > cost:
        carrier.moved = True
    passenger.carried_by = None
    passenger.unloaded = True  # it does not move on its own this segment (6.3), but it may
    # board another carrier in the hex (QA T2)
    events.append({"type": "unloaded", "units": [carrier.id, passenger.id], "hex": carrier.hex})
    # unloading spends MP in sight; the passenger may be shot once off, apart from its
    # carrier (QA OF5, OF6)
    count_step(state, carrier, cost)
    windows.open_window(state, "unload", carrier, [carrier, passenger], {})


def check_unload(state: GameState, side: str, carrier_id: str) -> tuple[Unit, Unit, float]:
    """unload's refusals (IllegalCommand), changing nothing (see check_load)."""
    carrier = state.units.get(carrier_id)
    if carrier is None or carrier.side != side or not carrier.on_map:
        raise _illegal("unload", f"you have no carrier {carrier_id!r}")
    _carrier_ready(state, carrier, "unload")
    passenger = state.passenger_of(carrier)
    if passenger is None:
        raise _illegal("unload", "the carrier is empty")
    if not has_room(state, carrier.hex):
        raise _illegal("unload", "unloading would put five counters in the hex", "6.4; QA T1")
    cost = load_cost(carrier, passenger)
    if utype(passenger).heavy_load and carrier.mp_spent > 0:
        raise _illegal("unload", "88 mm and larger take the whole movement allowance", "6.3")
    if carrier.mp_spent + cost > utype(carrier).movement:
        raise _illegal("unload", "not enough movement points left", "6.3")
    return carrier, passenger, cost
