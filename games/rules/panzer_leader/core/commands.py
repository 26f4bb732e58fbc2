"""Each command a seat may send, read from its JSON and handed to the rule that carries it
out. engine.py decides who may send what when; here only the shape of each command and the
call. Names of hidden counters (handles) become unit ids here and nowhere else (hidden.py).
The commands of the optional rules (`face`, `smoke`, `unload_cargo`, the Q&A's engineering
tasks) are the plug-ins' own (hooks.py `commands`, `engineer_tasks`); they reuse the readers
here.
"""

from __future__ import annotations

from typing import Any

from ...common.errors import IllegalCommand, InvalidCommand
from ..combat import air, antiaircraft, assault, indirect, naval, overrun
from ..combat.attack_sheet import resolve
from ..combat.direct_fire import direct_attack
from . import bridges, engineers, forts, hidden, hooks, landing, spotting, transport, walk
from .movement import exit_board, plan
from .state import GameState, Unit

COMBAT = frozenset({"fire", "order_indirect", "cancel_order", "resolve_indirect"})
AIR = frozenset({"air_strike", "fly"})
MOVEMENT = frozenset({"move", "exit", "land", "load", "unload", "overrun", "reposition",
                      "engineer", "assign_vehicle", "lay_bridge"})
# the phases a command of each group is taken in (3); a plug-in's command names its group
PHASES = {"combat": ("combat",), "air": ("air",), "movement": ("move_vehicles", "move_foot")}


def units_of(command: dict, key: str) -> list[str]:
    value = command.get(key)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InvalidCommand(f"`{key}` is a list of unit ids")
    return value


def text(command: dict, key: str) -> str:
    value = command.get(key)
    if not isinstance(value, str):
        raise InvalidCommand(f"`{key}` is a string")
    return value


def points(command: dict, key: str = "naval") -> int:
    value = command.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidCommand(f"`{key}` is a whole number of naval attack points")
    return value


def own(state: GameState, side: str, uid: Any, verb: str, rule: str) -> Unit:
    u = state.units.get(uid) if isinstance(uid, str) else None
    if u is None or u.side != side:
        raise IllegalCommand(f"{verb}: you have no unit {uid!r} ({rule})", rule=rule)
    return u


def targets(state: GameState, side: str, command: dict, verb: str) -> list[str]:
    return [hidden.resolve(state, side, t, verb) for t in units_of(command, "targets")]


def fire(state: GameState, side: str, c: dict, dice, events: list) -> None:
    if not state.indirect_done:
        raise IllegalCommand("fire: resolve the ordered indirect fire first (3.1.c)", rule="3")
    tids = targets(state, side, c, "fire")
    navy = points(c)
    if len(tids) == 1 and tids[0].startswith("bridge:"):
        firers = [own(state, side, f, "fire", "18.8") for f in units_of(c, "units")]
        attack = bridges.bridge_attack(state, side, firers, tids[0][7:], "direct")
    else:
        attack = direct_attack(state, side, units_of(c, "units"), tids, navy=navy)
    for line in attack.lines:
        if line["unit"] in state.units:
            u = state.units[line["unit"]]
            u.fired = True
            engineers.interrupt(state, u)
            spotting.mark_fired(state, u)
    if navy:
        naval.spend(state, side, state.turn, navy)
    state.fired_hexes.append(attack.hex)
    state.attacks_made[side] = state.attacks_made.get(side, 0) + 1
    resolve(state, attack, dice, events, f"direct fire at {attack.hex}")


def order_indirect(state: GameState, side: str, c: dict, dice, events: list) -> None:
    navy = points(c)
    uid = None if navy else text(c, "unit")
    target = c.get("target", "units")
    if not isinstance(target, str):
        raise InvalidCommand("`target` is units or bridge")
    o = indirect.order(state, side, uid, text(c, "hex"), navy=navy, target=target,
                       smoked=bool(c.get("smoke")))
    events.append({"type": "indirect_ordered", "side": side, "private": side,
                   "units": [uid] if uid else [], "naval": navy, "hex": o["hex"],
                   "turn": o["turn"]})


def cancel_order(state: GameState, side: str, c: dict, dice, events: list) -> None:
    u = state.units.get(text(c, "unit"))
    if u is None or u.side != side or u.order is None or u.order["turn"] != state.turn \
            or state.indirect_done:
        raise IllegalCommand("cancel_order: no order of yours due now (13.4)", rule="13.4")
    u.order = None  # it holds fire and may move (QA IF6)
    events.append({"type": "order_cancelled", "side": side, "private": side, "units": [u.id]})


def resolve_indirect(state: GameState, side: str, c: dict, dice, events: list) -> None:
    if state.indirect_done:
        raise IllegalCommand("resolve_indirect: nothing ordered is due (13.4)", rule="13.4")
    indirect.resolve_all(state, dice, events)
    state.indirect_done = True


def air_strike(state: GameState, side: str, c: dict, dice, events: list) -> None:
    planes = c.get("aircraft")
    if not isinstance(planes, dict) or not all(isinstance(v, str) for v in planes.values()):
        raise InvalidCommand("`aircraft` maps aircraft ids to mg or ordnance")
    tids = targets(state, side, c, "air_strike")
    air.declare(state, side, planes, tids, events)
    state.attacks_made[side] = state.attacks_made.get(side, 0) + 1
    cont = {"strike": {"aircraft": dict(planes), "targets": tids}}
    if not antiaircraft.open_window(state, side, cont):
        after_aa(state, cont, dice, events)


def fly(state: GameState, side: str, c: dict, dice, events: list) -> None:
    air.fly(state, side, text(c, "aircraft"), text(c, "hex"), events)
    antiaircraft.open_window(state, side, {"strike": None})


def after_aa(state: GameState, cont: dict, dice, events: list) -> None:
    """The planes not shot down or turned back make their strike (20.3)."""
    strike = cont.get("strike")
    if not strike:
        return
    planes = {p: w for p, w in strike["aircraft"].items() if p not in cont.get("aborted", ())}
    alive = [state.units[t] for t in strike["targets"] if state.units[t].on_map]
    if not planes or not alive:
        events.append({"type": "air_strike_aborted", "aircraft": sorted(strike["aircraft"])})
        return
    attack = air.compute(state, planes, alive)
    resolve(state, attack, dice, events, f"air strike {attack.hex}")


def move(state: GameState, side: str, c: dict, dice, events: list) -> None:
    u = own(state, side, c.get("unit"), "move", "4.1")
    mode = c.get("mode", "normal")
    if mode not in ("normal", "quick_time"):
        raise InvalidCommand("`mode` is normal or quick_time")
    path = c.get("path")
    if path is not None and (not isinstance(path, list) or not all(isinstance(p, str)
                                                                    for p in path)):
        raise InvalidCommand("`path` is a list of hex labels")
    to = c.get("to")
    if to is None and not path:
        raise InvalidCommand("`to` is a hex label")
    if to is not None and not isinstance(to, str):
        raise InvalidCommand("`to` is a hex label")
    road, under = c.get("road", True), c.get("under", False)
    if not isinstance(road, bool) or not isinstance(under, bool):
        raise InvalidCommand("`road` and `under` are true or false")
    route = plan(state, u, to, mode, path=path, road=road, under=under)
    task = engineers.task_of(state, u)
    if not (task and task.get("failed") and route[-1] == task["hex"]):
        engineers.interrupt(state, u)  # going back to retry is part of the task (QA E2)
    walk.start(state, u, route, mode, dice, events, road=road, under=under)


def exit_map(state: GameState, side: str, c: dict, dice, events: list) -> None:
    exit_board(state, own(state, side, c.get("unit"), "exit", "4.6"), events)


def engineer(state: GameState, side: str, c: dict, dice, events: list) -> None:
    ids = units_of(c, "units") if "units" in c else [text(c, "unit")]
    units = [own(state, side, uid, "engineer", "18") for uid in ids]
    task, label = text(c, "task"), text(c, "hex")
    to = c.get("to")
    if to is not None and not isinstance(to, str):
        raise InvalidCommand("`to` is a hex label")
    optional = hooks.ENGINEER_TASKS.get(task)
    if optional is not None:
        optional(state, units, label, to, events)
    else:
        engineers.work(state, units, task, label, dice, events, to=to)


def assign_vehicle(state: GameState, side: str, c: dict, dice, events: list) -> None:
    eng = own(state, side, c.get("unit"), "assign_vehicle", "18.3")
    veh = own(state, side, c.get("vehicle"), "assign_vehicle", "18.3")
    engineers.assign_vehicle(state, eng, veh, events)


def lay_bridge(state: GameState, side: str, c: dict, dice, events: list) -> None:
    bridges.lay(state, own(state, side, c.get("unit"), "lay_bridge", "18.7"), events)


def land(state: GameState, side: str, c: dict, dice, events: list) -> None:
    landing.land(state, own(state, side, c.get("unit"), "land", "19.2"), text(c, "to"), events)


def reposition(state: GameState, side: str, c: dict, dice, events: list) -> None:
    forts.reposition(state, own(state, side, c.get("unit"), "reposition", "17.3"), events)


def load(state: GameState, side: str, c: dict, dice, events: list) -> None:
    transport.load(state, side, text(c, "carrier"), text(c, "passenger"), events)


def unload(state: GameState, side: str, c: dict, dice, events: list) -> None:
    transport.unload(state, side, text(c, "carrier"), events)


def do_overrun(state: GameState, side: str, c: dict, dice, events: list) -> None:
    exits = c.get("exits")
    if exits is not None and (not isinstance(exits, dict) or not all(
            isinstance(v, str) for v in exits.values())):
        raise InvalidCommand("`exits` maps overrunners to exit hexes")
    ids = units_of(c, "units")
    for uid in ids:
        if uid in state.units:
            engineers.interrupt(state, state.units[uid])
    overrun.overrun(state, side, ids, text(c, "target"), dice, events,
                    drop=bool(c.get("drop")), exits=exits)


def do_assault(state: GameState, side: str, c: dict, dice, events: list) -> None:
    ids = units_of(c, "units")
    for uid in ids:
        if uid in state.units and state.units[uid].side == side:
            engineers.interrupt(state, state.units[uid])
    assault.assault(state, side, ids, text(c, "target"), dice, events)


HANDLERS = {
    "fire": fire, "order_indirect": order_indirect, "cancel_order": cancel_order,
    "resolve_indirect": resolve_indirect, "air_strike": air_strike,
    "fly": fly, "move": move, "exit": exit_map, "engineer": engineer,
    "assign_vehicle": assign_vehicle, "lay_bridge": lay_bridge,
    "land": land, "reposition": reposition, "load": load,
    "unload": unload, "overrun": do_overrun, "assault": do_assault,
}


def handler_of(kind: str) -> tuple[tuple[str, ...] | None, Any]:
    """The phases a command is taken in (None: any the engine allows it) and its handler, the
    core's or an installed plug-in's; (None, None) for a type nobody carries out."""
    if kind in HANDLERS:
        group = "combat" if kind in COMBAT else "air" if kind in AIR else \
            "movement" if kind in MOVEMENT else None
        return (PHASES[group] if group else None), HANDLERS[kind]
    if kind in hooks.COMMANDS:
        group, handler = hooks.COMMANDS[kind]
        return PHASES[group], handler
    return None, None
