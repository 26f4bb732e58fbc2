"""Walking a planned path hex by hex (4.2): stream rolls, minefields, blocks, control, and
pauses for opportunity fire (21.2)."""

from __future__ import annotations

from . import mines
from .movement import entry, utype
from .opfire import count_step, eligible
from .scenario import board_of, bridge_at
from .state import DISPERSED, OK, GameState, Unit


def start(state: GameState, unit: Unit, path: list[str], mode: str, dice, events: list) -> None:
    unit.quick_time = mode == "quick_time"
    unit.moved = True
    events.append({"type": "move", "units": [unit.id], "side": unit.side, "from": unit.hex,
                   "path": list(path), "mode": mode})
    go(state, unit, path, dice, events, run={}, declined=[])


def go(state: GameState, unit: Unit, path: list[str], dice, events: list,
       run: dict, declined: list) -> None:
    """Walk on from the unit's hex along `path`; may open an opportunity-fire window."""
    m = board_of(state)
    opfire = "opportunity_fire" in state.options
    for i, label in enumerate(path):
        a = m.hex(unit.hex) if unit.hex is not None else None
        b = m.hex(label)
        e = entry(state, unit, a, b, road_ok=not unit.quick_time)
        if e.cost is None:
            events.append({"type": "move_stopped", "units": [unit.id], "hex": unit.hex,
                           "why": e.why})
            break
        if m.terrain(b) == "stream" and not bridge_at(state, b):
            (roll,) = dice.roll(1, f"stream {label}")
            if roll > 3:  # 1-3 enters (RB VII.K)
                unit.stopped = True
                unit.mp_spent += e.cost  # a failed roll still spends (QA OF5)
                events.append({"type": "stream_failed", "units": [unit.id], "hex": label,
                               "roll": roll})
                break
        unit.hex = label
        unit.mp_spent += 0.0 if unit.quick_time else e.cost
        unit.road_used = unit.road_used or e.road
        passenger = state.passenger_of(unit) if utype(unit).carries else None
        for p in [passenger] if passenger else []:
            p.hex = label
        take_control(state, unit)
        stop = e.stop  # a block, a known minefield, an enemy-held fortification
        if mines.entered(state, unit, events):
            stop = True
        if label in state.blocks:
            stop = True
        if opfire:
            count_step(state, unit, e.cost, run)
            firers = eligible(state, unit, run, declined)
            if firers:
                state.pending = {"mover": unit.id, "path": [] if stop else list(path[i + 1:]),
                                 "run": dict(run), "declined": list(declined),
                                 "eligible": firers, "stop": stop}
                return
        if stop:
            unit.stopped = True
            break
    finish(state, unit, dice, events)


def resume(state: GameState, dice, events: list) -> None:
    """Continue the paused move after the window closes (fired at, or declined)."""
    p = state.pending
    state.pending = None
    unit = state.units[p["mover"]]
    if not unit.on_map or unit.status != OK:
        unit.stopped = True  # a dispersed mover ends its move (RB XV.B.4)
        finish(state, unit, dice, events)
        return
    if p["stop"]:
        unit.stopped = True
    go(state, unit, p["path"], dice, events, p["run"], p["declined"] + p["eligible"])


def finish(state: GameState, unit: Unit, dice, events: list) -> None:
    """After the move: the Quick-Time roll, 4-6 disperses (RB XV.A.4)."""
    if unit.quick_time and unit.on_map and unit.status == OK:
        (roll,) = dice.roll(1, f"quick-time {unit.id}")
        if roll >= 4:
            unit.status = DISPERSED
            events.append({"type": "dispersed", "units": [unit.id], "side": unit.side,
                           "why": "Quick-Time (21.1)"})
    unit.quick_time = False


def take_control(state: GameState, unit: Unit) -> None:
    """The last side to enter or pass through a hex controls it (23.4); trucks and wagons
    never control. Every hex is recorded: a bridge also needs a hex on each bank."""
    if utype(unit).controls:
        state.control[unit.hex] = unit.side
