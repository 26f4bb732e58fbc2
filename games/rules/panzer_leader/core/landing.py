"""Amphibious landings (19): units afloat on sea hexes land on the beach in their turn.

Afloat units (one a sea hex) are armoured targets of defence 8, except DD tanks, which keep
their own defence and give the firer +2 on the die (19.3). In its landing turn's movement
phase (vehicles with the vehicles, the rest after) each lands on an adjacent beach hex:
infantry spend their whole allowance landing, and nothing lands at Quick-Time (QA A2, QT1);
undispersed vehicles may go on moving; dispersed units land and stop; landing where a
friendly unit already is disperses everything there (QA A3); a block on the beach stops a
vehicle that lands on it (QA A4). A unit still afloat when its phase ends is lost (19.2).
"""

from __future__ import annotations

from ...common.errors import IllegalCommand
from ..combat import windows
from ..combat.attack_sheet import disperse
from ..combat.opfire import count_step
from . import mines
from .entering import terrain_cost
from .scenario import game_map, hex_named, scenario_for
from .stacking import has_room
from .state import OK, GameState, Unit
from .units import utype

AFLOAT_DEFENSE = 8


def may_land(state: GameState, unit: Unit) -> str | None:
    if not unit.afloat or not unit.on_map or unit.side != state.active_side:
        return "not a unit of yours afloat"
    if unit.entry_turn != state.turn:
        return "it lands in its own landing turn (19.2)"
    want = "move_vehicles" if utype(unit).vehicle else "move_foot"
    if state.phase != want:
        return "vehicles land with the vehicles, the rest after (3)"
    return None


def land(state: GameState, unit: Unit, label: str, events: list) -> None:
    why = may_land(state, unit)
    if why:
        raise IllegalCommand(f"land: {unit.id}: {why}", rule="19.2")
    m = game_map(state)
    h = hex_named(state, label, "land", "19.2")
    if m.terrain(h) != "beach" or h not in m.neighbors(m.hex(unit.hex)):
        raise IllegalCommand(f"land: {label} is not a beach hex beside {unit.hex} (19.2)",
                             rule="19.2")
    if state.units_at(label, state.enemy(unit.side)) or not has_room(state, label):
        raise IllegalCommand(f"land: no room on {label} (19.2)", rule="19.2")
    friends = state.units_at(label, unit.side)
    unit.hex = label
    unit.afloat = False
    unit.landed = state.turn
    t = utype(unit)
    passenger = state.passenger_of(unit)
    if passenger is not None:
        passenger.hex = label
    cost = terrain_cost(state, t, h) or 1.0
    mined = mines.entered(state, unit, events)  # a mined beach stops it (17.1)
    if not t.vehicle or unit.status != OK or label in state.blocks or mined:
        unit.mp_spent = float(t.movement)  # infantry, the dispersed, a block: no further
        unit.moved = True
    else:
        unit.mp_spent = cost
    if friends:  # landing on friends disperses the whole hex (QA A3)
        for u in [*friends, unit]:
            disperse(u, events)
        unit.moved = True
    if mined:
        unit.stopped = True
    unit.hexes_moved = 1
    events.append({"type": "landed", "units": [unit.id], "side": unit.side, "hex": label,
                   "unit_type": unit.type_id})
    count_step(state, unit, unit.mp_spent)  # landing is movement in sight (21.2; QA A1)
    windows.open_window(state, "land", unit, windows.exposed(state, unit), {})


def afloat_in_landing_turn(state: GameState, vehicles: bool) -> list[list]:
    """The phasing side's units still afloat in their landing turn, each with its passenger:
    ending this movement phase loses them (19.2). The end-phase preview lists the same."""
    out = []
    for u in state.units.values():
        if (u.afloat and u.on_map and u.side == state.active_side and u.entry_turn == state.turn
                and utype(u).vehicle == vehicles):
            rider = state.passenger_of(u)
            out.append([u, *([rider] if rider else [])])
    return out


def still_afloat(state: GameState, vehicles: bool, events: list) -> None:
    """Units that did not land in their turn are lost (19.2)."""
    for lost in afloat_in_landing_turn(state, vehicles):
        u = lost[0]
        for v in lost:
            v.eliminated = True
            v.carried_by = None
        events.append({"type": "eliminated", "units": [v.id for v in lost], "side": u.side,
                       "hex": u.hex, "why": "did not land (19.2)"})


def dd_survival(state: GameState, dice, events: list) -> None:
    """Each DD tank afloat rolls for survival in its landing turn, before anything lands: it
    founders above the situation's number (19.3). The roll is the owner's; the loss of a
    counter from the sea is seen by all, not what it was (hidden.py)."""
    limit = scenario_for(state.scenario_id).raw.get("dd_survival")
    if not limit:
        return
    for u in state.units.values():
        if (u.side == state.active_side and u.afloat and u.on_map and utype(u).dd
                and u.entry_turn == state.turn):
            (roll,) = dice.roll(1, "DD survival")
            sank = roll > int(limit)
            events.append({"type": "dd_survival", "private": u.side, "units": [u.id],
                           "roll": roll, "sank": sank})
            if sank:
                u.eliminated = True
                events.append({"type": "eliminated", "units": [u.id], "side": u.side,
                               "hex": u.hex, "why": "foundered afloat (19.3)"})
