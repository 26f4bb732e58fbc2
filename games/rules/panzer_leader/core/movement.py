"""Movement (4), road movement (7), streams and bridges (4.8, 18.6) and Quick-Time (21.1).

What entering one hex costs is entering.py's (PL-D5). A move names where it goes and,
if the player likes, the path (`path`, checked hex by hex) and whether it declines the road
rate (`road: false`: the road still crosses woods edges and streams, but every hex costs its
terrain, QA R3), so that the unit may still overrun afterwards (QA O2). Without a path the
engine picks the cheapest the side can know of: an unfound minefield is not avoided. The
path is then walked hex by hex (walk.py): a stream roll, a minefield found, a block entered
or an opportunity-fire window can stop it.
"""

from __future__ import annotations

import heapq
from typing import Any

from ...common.errors import IllegalCommand
from ...common.hexgrid import Hex
from . import hooks
from .board import Map
from .entering import Entry, Mover, Reading, terrain_cost
from .scenario import game_map, hex_named, scenario_for
from .state import OK, GameState, Unit
from .units import utype


def can_move(state: GameState, unit: Unit) -> str | None:
    """Why the unit may not move now, or None (4.1, 3)."""
    t = utype(unit)
    if unit.side != state.active_side:
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
    """Experimental turreted AFVs fire and then move up to half their MA (22.1); armoured
    cars only in Panzer Leader 1940 (QA P2)."""
    return hooks.any_says("fires_then_moves", state, unit)


def allowance_left(unit: Unit, state: GameState | None = None) -> float:
    """MP left this phase; a turreted AFV that fired has half its MA, rounded down (22.1);
    a flail on a minefield spends half its MA leaving it (18.7)."""
    ma: float = utype(unit).movement
    if state is not None and turret_move(state, unit):
        ma = ma // 2
    if unit.hex is not None and unit.mine == f"flail:{unit.hex}":
        ma -= utype(unit).movement / 2  # a flail spends half its MA leaving a minefield (18.7)
    return ma - unit.mp_spent


_NEVER = float("inf")


def _minimum(unit: Unit, steps: int) -> bool:
    """Only an MA-1 unit may always move one hex, whatever it costs (4.3; QA M2)."""
    return utype(unit).movement == 1 and steps == 1 and unit.mp_spent == 0


def reach(state: GameState, unit: Unit, *, road_ok: bool = True,
          reading: Reading | None = None) -> dict[str, tuple[float, list[str]]]:
    """Every hex the unit can end in this phase: label -> (cost, cheapest path) (4.2). The
    cheapest first (Dijkstra); between paths of one cost, the one found first. `reading`:
    the hexes as read for the other units of a pass over the same state."""
    best: dict[str, tuple[float, list[str]]] = {}
    for lab, (cost, came) in _search(state, unit, road_ok, reading).items():
        # a hex is settled after the one it came from
        best[lab] = (cost, [*best[came][1], lab] if came else [lab] if unit.hex is None else [])
    if unit.hex is not None:
        best.pop(unit.hex, None)
    return best


def reach_costs(state: GameState, unit: Unit, *, road_ok: bool = True,
                reading: Reading | None = None) -> dict[str, float]:
    """reach() without the paths: label -> cost, for the legal commands, which name only
    where a move ends (spelling out every path was a twentieth of their time)."""
    costs = {lab: cost for lab, (cost, _) in _search(state, unit, road_ok, reading).items()}
    if unit.hex is not None:
        costs.pop(unit.hex, None)
    return costs


def _search(state: GameState, unit: Unit, road_ok: bool,
            reading: Reading | None) -> dict[str, tuple[float, str]]:
    """reach()'s search: label -> (cost, the label it was entered from: "" for a start),
    in the order settled, the unit's own hex included.

    The search keeps, for each hex, only the hex it was entered from, and reach() spells the
    paths out once at the end: copying a path for every hexside tried cost more than the
    search. A hex is pushed again only when the new way there is cheaper than every way
    already waiting (an equal one, pushed later, could never be the one found first)."""
    m = game_map(state)
    mover = Mover(state, unit, reading=reading)
    ground, enter, crossings, crossed = mover.ground, mover.enter, m.crossings, mover.crossed
    budget = allowance_left(unit, state)
    first_free = _minimum(unit, 1)  # an MA-1 unit's first hex, whatever it costs (4.3)
    starts: list[tuple[float, Hex, str, bool]] = []
    if unit.hex is None:
        for lab in unit.entry:
            h = m.hex(lab)
            e = mover.entry(None, h)
            if e.cost is not None and (e.cost <= budget or first_free):
                starts.append((e.cost, h, lab, e.stop))
    else:
        starts.append((0.0, m.hex(unit.hex), "", False))
    # label -> (cost, the label it was entered from: "" for a start), in the order settled
    settled: dict[str, tuple[float, str]] = {}
    waiting: dict[str, float] = {}  # label -> the cheapest cost pushed for it so far
    heap = [(c, i, m.label(h), h, "", stop) for i, (c, h, _, stop) in enumerate(starts)]
    for c, _, lab, _, _, _ in heap:
        if c < waiting.get(lab, _NEVER):
            waiting[lab] = c
    heapq.heapify(heap)
    tie = len(heap)
    under_start = unit.under_bridge and unit.hex is not None
    while heap:
        cost, _, lab, h, came, stop = heapq.heappop(heap)
        if lab in settled and settled[lab][0] <= cost:
            continue
        settled[lab] = (cost, came)
        if stop:
            continue  # a known minefield, a block, an enemy-held fort: it stops there
        at_start = not came and unit.hex is not None  # the path so far is empty
        from_under = under_start and at_start
        free = first_free and at_start
        here = None  # what h holds: read only when a hexside from it is new
        for hexside in crossings(h):
            to = hexside.label
            if to in settled:
                continue  # reached already, and no dearer than anything pushed from here
            key = (lab, to, road_ok, from_under)
            e = crossed.get(key)  # another unit like this one may have crossed it already
            if e is None:
                if here is None:
                    here = ground(h)
                e = crossed[key] = enter(here, ground(hexside.to), hexside.road,
                                         hexside.symbols, road_ok, False, from_under)
            if e.cost is None or e.under:
                continue  # under a bridge only by an explicit move (QA B3)
            total = cost + e.cost
            if total > budget and not free:
                continue
            if total >= waiting.get(to, _NEVER):
                continue
            waiting[to] = total
            tie += 1
            heapq.heappush(heap, (total, tie, to, hexside.to, lab, e.stop))
    return settled


def route(state: GameState, unit: Unit, path: list[str], *, road_ok: bool = True,
          quick_time: bool = False, under: bool = False) -> list[Entry]:
    """Check a given path hex by hex (QA R3, O2); the entries it costs, or IllegalCommand
    naming the step that is not allowed."""
    m = game_map(state)
    if not path:
        raise IllegalCommand("move: an empty path", rule="4.2")
    out: list[Entry] = []
    mover = Mover(state, unit)  # the state does not change while the path is checked
    here = m.hex(unit.hex) if unit.hex is not None else None
    spent = 0.0
    budget = allowance_left(unit, state)
    for i, lab in enumerate(path):
        h = hex_named(state, lab, "move", "4.2")
        if here is None and lab not in unit.entry:
            raise IllegalCommand(f"move: {lab} is not an entry hex of {unit.id} (4.7)", rule="4.7")
        if here is not None and h not in m.neighbors(here):
            raise IllegalCommand(f"move: step {i + 1} ({lab}) is not next to the last", rule="4.2")
        if out and out[-1].stop:
            raise IllegalCommand(f"move: the move must end at {path[i - 1]} (17.1-17.3)",
                                 rule="4.2")
        last = i == len(path) - 1
        e = mover.entry(here, h, road_ok=road_ok and not quick_time, under=under and last,
                        from_under=unit.under_bridge and i == 0)
        if e.cost is None:
            raise IllegalCommand(f"move: {unit.id} may not enter {lab}: {e.why}", rule="4.2")
        if e.under and not under:
            raise IllegalCommand(f"move: {lab} would be entered under its bridge: say so "
                                 "(`under`) (QA B3)", rule="18.6")
        if quick_time and not quick_time_allows(m, here, h):
            raise IllegalCommand(f"move: Quick-Time does not enter {lab} off the road (21.1)",
                                 rule="21.1")
        spent += 0.0 if quick_time else e.cost
        if spent > budget and not _minimum(unit, i + 1):
            raise IllegalCommand(f"move: {lab} costs more than the {budget:g} MP left (4.2)",
                                 rule="4.2")
        out.append(e)
        here = h
    if quick_time and len(path) > 2:
        raise IllegalCommand("move: Quick-Time moves two hexes (21.1)", rule="21.1")
    return out


def quick_time_reach(state: GameState, unit: Unit,
                     reading: Reading | None = None) -> dict[str, list[str]]:
    """Hexes an infantry unit can reach at Quick-Time: two hexes, no road rate, not into
    slope, woods, stream or town except along a road (21.1)."""
    m = game_map(state)
    out: dict[str, list[str]] = {}
    mover = Mover(state, unit, reading=reading)
    start = m.hex(unit.hex)
    frontier: list[tuple[Any, list[str], Any]] = [(start, [], None)]
    for _ in range(2):
        nxt: list[tuple[Any, list[str], Any]] = []
        for h, path, last in frontier:
            if last is not None and last.stop:
                continue
            for n in m.neighbors(h):
                e = mover.entry(h, n, road_ok=False, from_under=unit.under_bridge and not path)
                if e.cost is None or e.under or not quick_time_allows(m, h, n):
                    continue
                lab = m.label(n)
                if lab != unit.hex and lab not in out:
                    out[lab] = [*path, lab]
                    nxt.append((n, out[lab], e))
        frontier = nxt
    return out


def quick_time_allows(m: Map, a: Hex | None, b: Hex) -> bool:
    """Quick-Time may not enter slope, woods, stream or town except along a road (21.1)."""
    if a is not None and m.is_road(a, b):
        return True
    rough = m.terrain(b) in ("woods", "stream", "town") or m.elevation(b) == 1
    return not rough


def may_quick_time(state: GameState, unit: Unit) -> bool:
    """The unit may move at Quick-Time now (21.1, an optional rule: quick_time.py)."""
    return hooks.any_says("quick_time", state, unit)


def plan(state: GameState, unit: Unit, to: str | None, mode: str = "normal",
         path: list[str] | None = None, road: bool = True, under: bool = False) -> list[str]:
    """The path a move command asks for; IllegalCommand naming the rule if there is none."""
    why = can_move(state, unit)
    if why:
        raise IllegalCommand(f"move: {unit.id}: {why}", rule="4.1")
    if path is not None and to is not None and path and path[-1] != to:
        raise IllegalCommand(f"move: the path ends at {path[-1]}, not {to}", rule="4.2")
    if under:
        if path is None:
            path = [to]
        if len(path) != 1 or unit.mp_spent or unit.hex is None:
            raise IllegalCommand("move: under a bridge only as the whole move, from a hex "
                                 "beside it (QA B3)", rule="18.6")
        route(state, unit, path, road_ok=False, under=True)
        return path
    if mode == "quick_time":
        if not may_quick_time(state, unit):
            raise IllegalCommand(f"move: {unit.id} may not use Quick-Time (21.1)", rule="21.1")
        if path is not None:
            route(state, unit, path, quick_time=True)
            return path
        paths = quick_time_reach(state, unit)
        if to not in paths:
            raise IllegalCommand(f"move: {to} is not two clear hexes away at Quick-Time (21.1)",
                                 rule="21.1")
        return paths[to]
    if path is not None:
        route(state, unit, path, road_ok=road)
        return path
    options = reach(state, unit, road_ok=road)
    if to not in options:
        raise IllegalCommand(f"move: {unit.id} cannot reach {to} this phase (4.2)", rule="4.2")
    return options[to][1]


def exit_hexes(state: GameState, side: str) -> list[str]:
    """Edge hexes the situation lets a side leave by (4.6)."""
    return list(scenario_for(state.scenario_id).raw.get("exits", {}).get(side, ()))


def exit_board(state: GameState, unit: Unit, events: list) -> None:
    """Leave the map where the situation allows, paying the last hex's entry cost (QA M5)."""
    why = can_move(state, unit)
    if why:
        raise IllegalCommand(f"exit: {unit.id}: {why}", rule="4.6")
    if unit.hex not in exit_hexes(state, unit.side):
        raise IllegalCommand(f"exit: {unit.id} may not leave the map from {unit.hex} (4.6)",
                             rule="4.6")
    m = game_map(state)
    cost = terrain_cost(state, utype(unit), m.hex(unit.hex))
    if cost is None or cost > allowance_left(unit, state) and not _minimum(unit, 1):
        raise IllegalCommand(f"exit: leaving costs {cost} MP, the cost of entering "
                             f"{unit.hex} (QA M5)", rule="QA M5")
    unit.exited = True
    unit.moved = True
    passenger = state.passenger_of(unit)
    if passenger is not None:
        passenger.exited = True
    events.append({"type": "exited", "units": [unit.id], "side": unit.side, "hex": unit.hex})
