"""The sequence of play (3): Allied segment, German segment, each with its phases.

Combat (minefield attacks, then ordered indirect fire, then direct fire), air (for a side
with aircraft flying that turn), movement with all vehicles first and then everything else,
close assault, and the face-up step that ends the segment: the phasing side's inverted units,
and its opportunity-fire and AA markers, come back.
"""

from __future__ import annotations

from ..combat import air
from . import hooks, landing, mines, victory
from .board import Map
from .scenario import game_map
from .state import ENDED, OK, GameState
from .units import utype

ORDER = ("combat", "air", "move_vehicles", "move_foot", "assault")


def begin_segment(state: GameState, dice, events: list) -> None:
    """A segment opens with its combat phase: minefield attacks first (3.1.b; 17.1)."""
    state.phase = "combat"
    state.fired_hexes = []
    state.indirect_done = not any(
        u.order is not None and u.order["turn"] <= state.turn and u.side == state.active_side
        for u in state.units.values()) and not any(
        o["side"] == state.active_side and o["turn"] <= state.turn for o in state.naval_orders)
    for u in state.units.values():
        if u.side == state.active_side:
            u.start_hex = u.hex  # where it began the segment (QA E5, 18.7)
    events.append({"type": "segment", "side": state.active_side, "turn": state.turn})
    for begins in hooks.each("segment_begins"):  # smoke lifts (22.3)
        begins(state, events)
    mines.resolve(state, dice, events)


def end_phase(state: GameState, dice, events: list) -> None:
    """Move on to the next phase, segment or turn (3)."""
    side = state.active_side
    if state.phase == "combat":
        for u in state.units.values():  # orders not fired lapse (13.4: fire or not at all)
            if u.side == side and u.order is not None and u.order["turn"] <= state.turn:
                u.order = None
        state.naval_orders = [o for o in state.naval_orders
                              if not (o["side"] == side and o["turn"] <= state.turn)]
        state.indirect_done = True
    if state.phase == "air":
        air.land_the_bombers(state)
    if state.phase in ("move_vehicles", "move_foot"):
        _late_arrivals(state, vehicles=state.phase == "move_vehicles", events=events)
        landing.still_afloat(state, vehicles=state.phase == "move_vehicles", events=events)
    i = ORDER.index(state.phase)
    if ORDER[i + 1:i + 2] == ("air",) and not air.available(state, side):
        i += 1  # no air phase without aircraft (3.2)
    if i + 1 < len(ORDER):
        state.phase = ORDER[i + 1]
        state.air_hexes = []
        if state.phase in ("move_vehicles", "move_foot"):
            _new_movement_phase(state)
        events.append({"type": "phase", "phase": state.phase, "side": side})
        if state.phase == "move_vehicles":
            landing.dd_survival(state, dice, events)
            victory.check_entry(state, events)
        return
    _face_up(state, side, events)
    for plane in state.aircraft.values():
        plane["flown"] = False
    later = state.sides.index(side) + 1
    if later < len(state.sides):
        state.active_side = state.sides[later]
    else:
        if state.turn >= state.turns:
            state.phase = ENDED
            state.result = victory.final_result(state)
            events.append({"type": "game_over", **state.result})
            return
        state.turn += 1
        state.active_side = state.sides[0]
        events.append({"type": "turn", "turn": state.turn})
    begin_segment(state, dice, events)


def _new_movement_phase(state: GameState) -> None:
    m: Map = game_map(state)
    state.overrun_hexes = []
    state.of_runs = {}
    state.of_declined = {}
    for u in state.units.values():
        u.mp_spent = 0.0
        u.moved = u.moved and u.carried_by is not None  # passengers stay put (6.3)
        u.road_used = False
        u.op_done = ""
        u.stopped = False
        u.overran = False
        u.hexes_moved = 0
        u.turned_gun = False
        u.began_adjacent = []
        if u.side == state.active_side and u.on_map and state.blocks:
            near = {m.label(n) for n in m.neighbors(m.hex(u.hex))}
            u.began_adjacent = sorted(near & set(state.blocks))


def late_arrivals(state: GameState, vehicles: bool) -> list[list]:
    """The phasing side's units due this turn that have not entered, each with its
    passenger: ending this movement phase eliminates them (4.7; QA G4). The end-phase
    preview lists the same units."""
    out = []
    for u in state.units.values():
        if (u.side == state.active_side and u.hex is None and u.entry_turn == state.turn
                and not u.eliminated and not u.exited and utype(u).vehicle == vehicles):
            rider = state.passenger_of(u)
            out.append([u, *([rider] if rider else [])])
    return out


def _late_arrivals(state: GameState, vehicles: bool, events: list) -> None:
    """A unit due this turn that has not entered is eliminated (4.7; QA G4)."""
    for lost in late_arrivals(state, vehicles):
        for v in lost:
            v.eliminated = True  # off the map: no wreck
            v.carried_by = None
        events.append({"type": "eliminated", "units": [v.id for v in lost], "side": lost[0].side,
                       "why": "did not enter on schedule (QA G4)"})


def lost_on_ending(state: GameState) -> list[dict]:
    """What ending the phase now eliminates, as `end_phase` will: in a movement phase the
    units due this turn that have not entered (4.7; QA G4) and those still afloat in their
    landing turn (19.2), each with its passenger. Nothing in any other phase."""
    if state.phase not in ("move_vehicles", "move_foot"):
        return []
    vehicles = state.phase == "move_vehicles"
    out = [{"units": [v.id for v in lost], "why": "due this turn and not entered",
            "rule": "4.7; QA G4"} for lost in late_arrivals(state, vehicles)]
    out += [{"units": [v.id for v in lost], "why": "still afloat: did not land",
             "rule": "19.2"} for lost in landing.afloat_in_landing_turn(state, vehicles)]
    return out


def _face_up(state: GameState, side: str, events: list) -> None:
    """The face-up step: the phasing side's units recover and lose their markers (3.5)."""
    for u in state.units.values():
        if u.side == side:
            u.status = OK
            u.fired = False
            u.opfired = False
            u.unloaded = False
            u.assaulted = False
            u.moved = False
            u.quick_time = False
            u.pa_target = None
    state.assaulted_hexes = []
    for ends in hooks.each("segment_ends"):  # engineers' work counted (18.9; QA EM, TB)
        ends(state, side, events)
