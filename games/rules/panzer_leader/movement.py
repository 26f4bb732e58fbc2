"""Movement (4), road movement (7), streams (4.8) and Quick-Time (21.1).

Costs come from the provisional chart (PL-D5): the dearer of the hex's terrain and its
elevation for the unit's movement class; ½ MP along a road. A path is planned with only
what the mover's side knows (an unfound minefield is not avoided), then walked hex by hex:
a stream roll, a minefield found, a block entered or an opportunity-fire window can stop it.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from ..common.errors import IllegalCommand
from ..common.hexgrid import Hex
from .board import Map
from .crt import charts
from .scenario import board_of, bridge_at, situation
from .stacking import counters_in, has_room
from .state import OK, GameState, Unit
from .units import UnitType, catalogue

ELEVATION_KEYS = {1: "slope", 2: "hilltop"}


@dataclass(frozen=True, slots=True)
class Entry:
    """What entering one hex costs a unit, or why it may not."""

    cost: float | None
    road: bool = False
    stop: bool = False  # it must stop there (a known minefield, a block)
    why: str = ""


def utype(unit: Unit) -> UnitType:
    return catalogue()[unit.type_id]


def terrain_cost(state: GameState, t: UnitType, h: Hex) -> float | None:
    """The non-road cost of a hex for a movement class (PL-D5); None where prohibited."""
    m = board_of(state)
    table = charts()["movement"][t.move_class]
    terrain = m.terrain(h)
    if bridge_at(state, h):
        terrain = "clear"  # a bridge is clear terrain (RB VII.K.6)
    costs = [table.get(terrain)]
    if m.elevation(h) in ELEVATION_KEYS:
        costs.append(table.get(ELEVATION_KEYS[m.elevation(h)]))
    if any(c is None for c in costs):
        return None
    return float(max(costs))


def knows_mine(state: GameState, side: str, label: str) -> bool:
    mine = state.mines.get(label)
    return mine is not None and side in mine["known"]


def entry(state: GameState, unit: Unit, a: Hex | None, b: Hex, *, road_ok: bool = True) -> Entry:
    """Entering hex b from a (None: from off the map) (4.2-4.10, 7.1-7.8)."""
    m = board_of(state)
    t = utype(unit)
    if b not in m.hexes:
        return Entry(None, why="off the map")
    lb = m.label(b)
    enemies = state.units_at(lb, state.enemy(unit.side))
    on_fort = bool(enemies) and lb in state.forts and all(e.in_fort for e in enemies)
    if enemies and not on_fort:
        return Entry(None, why="an enemy unit holds the hex (4.5)")
    if m.terrain(b) == "sea":
        return Entry(None, why="only landing craft enter sea hexes (4.10)")
    if a is not None and "cliff" in m.symbols(a, b):
        return Entry(None, why="a cliff (PL-D6)")
    if not has_room(state, lb):
        return Entry(None, why="the hex already holds four counters (5)")
    stream = m.terrain(b) == "stream" and not bridge_at(state, b)
    along = a is not None and m.is_road(a, b) and road_ok and not stream
    green = a is not None and "green" in m.symbols(a, b)
    crowded = counters_in(state, lb) > 2
    hard = lb in state.blocks or knows_mine(state, unit.side, lb)
    if t.vehicle and green:
        if not along:
            return Entry(None, why="vehicles cross woods edges only along a road (4.9)")
        if crowded or hard:
            return Entry(None, why="a road-only hex holding more than two counters, a block or "
                                   "a minefield (7.4, 7.6)")
    if t.vehicle and (m.terrain(b) == "swamp" or stream):
        return Entry(None, why="vehicles never enter streams or swamps (2.4, PL-D7)")
    if lb in state.blocks and lb not in unit.began_adjacent:
        return Entry(None, why="a block is entered only from a hex adjacent at the start of "
                               "the movement phase (17.2)")
    stop = hard or on_fort  # onto an enemy-held fortification: it stops (RB IX.C.10)
    if along and not hard and (m.terrain(b) == "town" or not crowded):
        return Entry(charts()["road_cost"], road=True, stop=stop)
    cost = terrain_cost(state, t, b)
    if cost is None:
        return Entry(None, why=f"{t.move_class} units may not enter {m.terrain(b)} (PL-D5)")
    return Entry(cost, stop=stop)


def can_move(state: GameState, unit: Unit) -> str | None:
    """Why the unit may not move now, or None (4.1, 3)."""
    t = utype(unit)
    if unit.side != state.active:
        return "not your movement phase"
    want = "move_vehicles" if t.vehicle else "move_foot"
    if state.phase != want:
        return "vehicles move first, then everything else (3; QA M3)"
    if unit.eliminated or unit.exited:
        return "not in play"
    if unit.hex is None and unit.entry_turn != state.turn:
        return "not due on the map this turn (4.7)"
    if unit.afloat:
        return "afloat: it lands first (19.2)"
    if unit.status != OK:
        return "dispersed units do not move (4.1)"
    if unit.opfired or unit.fired and not turret_move(state, unit):
        return "it fired: no movement this segment (3)"
    if unit.order is not None:
        return "ordered to fire indirectly: it waits for its fire (RB VII.C.7)"
    if unit.carried_by:
        return "a passenger moves with its carrier (6)"
    if unit.moved or unit.stopped or unit.overran:
        return "it has made its move this phase (4.2)"
    if t.movement <= 0:
        return "movement allowance 0 (it needs a carrier)"
    if unit.unloaded:
        return "it was loaded or unloaded this segment (6.3)"
    if unit.in_fort:
        return "inside a fortification: reposition to its top first (17.3)"
    return None


def turret_move(state: GameState, unit: Unit) -> bool:
    """Experimental turreted AFVs fire and then move up to half their MA (22.1)."""
    return "turreted_afv" in state.options and utype(unit).turreted and unit.fired


def allowance_left(unit: Unit, state: GameState | None = None) -> float:
    """MP left this phase; a turreted AFV that fired has half its MA, rounded down (22.1)."""
    ma = utype(unit).movement
    if state is not None and turret_move(state, unit):
        ma = ma // 2
    return ma - unit.mp_spent


def reach(state: GameState, unit: Unit, *, road_ok: bool = True) -> dict[str, tuple[float, list[str]]]:
    """Every hex the unit can end in this phase: label -> (cost, path of labels) (4.2)."""
    m = board_of(state)
    budget = allowance_left(unit, state)
    starts: list[tuple[float, Hex | None, list[str]]] = []
    if unit.hex is None:
        for lab in unit.entry:
            h = m.hex(lab)
            e = entry(state, unit, None, h)
            if e.cost is not None and (e.cost <= budget or utype(unit).movement == 1):
                starts.append((e.cost, h, [lab], e.stop))
    else:
        starts.append((0.0, m.hex(unit.hex), [], False))
    best: dict[str, tuple[float, list[str]]] = {}
    heap = [(c, i, h, p, stop) for i, (c, h, p, stop) in enumerate(starts)]
    heapq.heapify(heap)
    tie = len(heap)
    while heap:
        cost, _, h, path, stop = heapq.heappop(heap)
        lab = m.label(h)
        if lab in best and best[lab][0] <= cost:
            continue
        best[lab] = (cost, path)
        if stop:
            continue  # a known minefield, a block, an enemy-held fort: it stops there
        for n in m.neighbours(h):
            e = entry(state, unit, h, n, road_ok=road_ok)
            if e.cost is None:
                continue
            total = cost + e.cost
            minimum = utype(unit).movement == 1 and not path and unit.mp_spent == 0  # QA M2
            if total > budget and not minimum:
                continue
            tie += 1
            heapq.heappush(heap, (total, tie, n, [*path, m.label(n)], e.stop))
    if unit.hex is not None:
        best.pop(unit.hex, None)
    return best


def _must_stop(state: GameState, unit: Unit, label: str) -> bool:
    return knows_mine(state, unit.side, label) or label in state.blocks


def quick_time_reach(state: GameState, unit: Unit) -> dict[str, list[str]]:
    """Hexes an infantry unit can reach at Quick-Time: two hexes, no road rate, not into
    slope, woods, stream or town except along a road (21.1)."""
    m = board_of(state)
    out: dict[str, list[str]] = {}
    start = m.hex(unit.hex)
    frontier = [(start, [])]
    for _ in range(2):
        nxt = []
        for h, path in frontier:
            if path and _must_stop(state, unit, m.label(h)):
                continue
            for n in m.neighbours(h):
                e = entry(state, unit, h, n, road_ok=False)
                if e.cost is None or not quick_time_allows(m, h, n):
                    continue
                lab = m.label(n)
                if lab != unit.hex and lab not in out:
                    out[lab] = [*path, lab]
                    nxt.append((n, out[lab]))
        frontier = nxt
    return out


def quick_time_allows(m: Map, a: Hex, b: Hex) -> bool:
    """Quick-Time may not enter slope, woods, stream or town except along a road (21.1)."""
    if m.is_road(a, b):
        return True
    rough = m.terrain(b) in ("woods", "stream", "town") or m.elevation(b) == 1
    return not rough


def may_quick_time(state: GameState, unit: Unit) -> bool:
    t = utype(unit)
    return ("quick_time" in state.options and t.infantry and not t.mg and not t.vehicle
            and unit.hex is not None and unit.landed != state.turn)  # not on landing (QA QT1)


def plan(state: GameState, unit: Unit, to: str, mode: str) -> list[str]:
    """The path a move command asks for; IllegalCommand naming the rule if there is none."""
    why = can_move(state, unit)
    if why:
        raise IllegalCommand(f"move: {unit.id}: {why}", rule="4.1")
    if mode == "quick_time":
        if not may_quick_time(state, unit):
            raise IllegalCommand(f"move: {unit.id} may not use Quick-Time (21.1)", rule="21.1")
        paths = quick_time_reach(state, unit)
        if to not in paths:
            raise IllegalCommand(f"move: {to} is not two clear hexes away at Quick-Time (21.1)",
                                 rule="21.1")
        return paths[to]
    options = reach(state, unit)
    if to not in options:
        raise IllegalCommand(f"move: {unit.id} cannot reach {to} this phase (4.2)", rule="4.2")
    return options[to][1]


def exit_hexes(state: GameState, side: str) -> list[str]:
    """Edge hexes the situation lets a side leave by (4.6)."""
    return list(situation(state.scenario_id).raw.get("exits", {}).get(side, ()))


def exit_board(state: GameState, unit: Unit, events: list) -> None:
    """Leave the map where the situation allows, paying the last hex's entry cost (QA M5)."""
    why = can_move(state, unit)
    if why:
        raise IllegalCommand(f"exit: {unit.id}: {why}", rule="4.6")
    if unit.hex not in exit_hexes(state, unit.side):
        raise IllegalCommand(f"exit: {unit.id} may not leave the map from {unit.hex} (4.6)",
                             rule="4.6")
    m = board_of(state)
    cost = terrain_cost(state, utype(unit), m.hex(unit.hex))
    if cost is None or cost > allowance_left(unit, state) and not (
            utype(unit).movement == 1 and unit.mp_spent == 0):
        raise IllegalCommand(f"exit: leaving costs {cost} MP, the cost of entering "
                             f"{unit.hex} (QA M5)", rule="QA M5")
    unit.exited = True
    unit.moved = True
    passenger = state.passenger_of(unit)
    if passenger is not None:
        passenger.exited = True
    events.append({"type": "exited", "units": [unit.id], "side": unit.side, "hex": unit.hex})
