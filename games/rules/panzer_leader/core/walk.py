"""Walking a planned path hex by hex (4.2): stream rolls, minefields, blocks, bridges,
control, and pauses for opportunity fire (21.2, windows.py)."""

from __future__ import annotations

from ..combat import windows
from ..combat.opfire import count_step
from . import mines
from .entering import entry
from .scenario import game_map
from .state import DISPERSED, OK, GameState, Unit
from .units import utype

# The Quick-Time roll after the move: this or more on one die disperses the mover (RB XV.A.4).
QUICK_TIME_DISPERSES_ON = 4


def start(state: GameState, unit: Unit, path: list[str], mode: str, dice, events: list,
          road: bool = True, under: bool = False) -> None:
    unit.quick_time = mode == "quick_time"
    unit.moved = True
    events.append({"type": "move", "units": [unit.id], "side": unit.side, "from": unit.hex,
                   "path": list(path), "mode": mode, "road": road, "under": under})
    go(state, unit, path, dice, events, {"road": road, "under": under})


def go(state: GameState, unit: Unit, path: list[str], dice, events: list, how: dict) -> None:
    """Walk on from the unit's hex along `path`; may open an opportunity-fire window."""
    m = game_map(state)
    road_ok = how["road"] and not unit.quick_time
    for i, label in enumerate(path):
        a = m.hex(unit.hex) if unit.hex is not None else None
        b = m.hex(label)
        last = i == len(path) - 1
        e = entry(state, unit, a, b, road_ok=road_ok, under=how["under"] and last,
                  from_under=unit.under_bridge)
        if e.cost is None:
            events.append({"type": "move_stopped", "units": [unit.id], "hex": unit.hex,
                           "why": e.why})
            break
        if e.stream:
            (roll,) = dice.roll(1, f"stream {label}")
            if roll > 3:  # 1-3 enters (RB VII.K); it stays and moves no more (QA ST2)
                unit.stopped = True
                unit.mp_spent += e.cost  # a failed roll still spends (QA OF5)
                events.append({"type": "stream_failed", "units": [unit.id], "hex": label,
                               "roll": roll})
                if unit.hex is not None:
                    count_step(state, unit, e.cost)
                    if windows.open_window(state, "stream", unit, windows.exposed(state, unit),
                                           {}):
                        return
                break
        _flail_leaves(state, unit, events)
        unit.hex = label
        unit.under_bridge = e.under
        unit.mp_spent += 0.0 if unit.quick_time else e.cost
        unit.road_used = unit.road_used or e.road
        unit.hexes_moved += 1
        passenger = state.passenger_of(unit)
        if passenger is not None:
            passenger.hex = label
        take_control(state, unit)
        stop = e.stop  # a block, a known minefield, an enemy-held fortification
        if mines.entered(state, unit, events):
            stop = True
        if label in state.blocks:
            stop = True
        count_step(state, unit, e.cost)
        rest = [] if stop else list(path[i + 1:])
        if windows.open_window(state, "move", unit, windows.exposed(state, unit),
                               {"path": rest, "stop": stop, **how}):
            return
        if stop:
            unit.stopped = True
            break
    finish(state, unit, dice, events)


def resume(state: GameState, window: dict, dice, events: list) -> None:
    """Continue the paused move after its window closed (fired at, or passed)."""
    unit = state.units[window["mover"]]
    if window["kind"] != "move" or not unit.on_map or unit.status != OK:
        unit.stopped = True  # a dispersed mover ends its move (RB XV.B.4)
        finish(state, unit, dice, events)
        return
    cont = window["cont"]
    if cont["stop"]:
        unit.stopped = True
    go(state, unit, cont["path"], dice, events, cont)


def finish(state: GameState, unit: Unit, dice, events: list) -> None:
    """After the move: the Quick-Time roll, 4-6 disperses (RB XV.A.4)."""
    if unit.quick_time and unit.on_map and unit.status == OK:
        (roll,) = dice.roll(1, f"quick-time {unit.id}")
        if roll >= QUICK_TIME_DISPERSES_ON:
            unit.status = DISPERSED
            events.append({"type": "dispersed", "units": [unit.id], "side": unit.side,
                           "why": "Quick-Time (21.1)"})
    unit.quick_time = False


def _flail_leaves(state: GameState, unit: Unit, events: list) -> None:
    """A flail that ended a move on a minefield spends half its MA leaving it, and the
    minefield is gone as it leaves (18.7)."""
    if unit.hex is None or unit.mine != f"flail:{unit.hex}":
        return
    unit.mp_spent += utype(unit).movement / 2
    unit.mine = ""
    if unit.hex in state.mines:
        del state.mines[unit.hex]
        events.append({"type": "minefield_cleared", "hex": unit.hex, "units": [unit.id],
                       "why": "flail (18.7)"})


def take_control(state: GameState, unit: Unit) -> None:
    """The last side to enter or pass through a hex controls it (23.4); trucks and wagons
    never control. Every hex is recorded: a bridge also needs a hex on each bank."""
    if utype(unit).controls:
        state.control[unit.hex] = unit.side
