"""The movement phase's legal commands (legal.py's other half): moves, landings, loading,
overruns, engineering, repositioning, laying bridges, and what the optional rules' plug-ins
offer (core/hooks.py `move_offers`: facing guns, unloading cargo)."""

from __future__ import annotations

from ..common.errors import IllegalCommand
from .combat.overrun import edge_entries, overrun_attack
from .core import engineers, forts, hooks, landing, transport
from .core.bridges import lay
from .core.commands import engineer
from .core.entering import Reading
from .core.movement import (
    allowance_left,
    can_move,
    exit_board,
    exit_hexes,
    may_quick_time,
    plan,
    quick_time_reach,
    reach_costs,
)
from .core.scenario import bridge_at, game_map
from .core.stacking import has_room
from .core.state import GameState, Unit
from .core.transport import may_carry
from .core.units import utype


def ok(check) -> bool:
    """Would this check pass? (Refusals are IllegalCommand.)"""
    try:
        check()
    except IllegalCommand:
        return False
    return True


def _own(state: GameState, side: str) -> list[Unit]:
    return sorted((u for u in state.units.values() if u.side == side), key=lambda u: u.id)


def movement(state: GameState, side: str, out: dict) -> None:
    m = game_map(state)
    vehicles = state.phase == "move_vehicles"
    enemy_hexes = {u.hex for u in state.units.values() if u.side != side and u.on_map}
    # the hexes beside an enemy, once a pass rather than once a hex each vehicle reaches
    beside_enemy = {m.label(n) for lab in enemy_hexes for n in m.neighbors(m.hex(lab))}
    moves, loads, unloads, overruns, exits = [], [], [], [], []
    reading = Reading(state)  # the state does not change while its moves are listed
    for u in _own(state, side):
        t = utype(u)
        if can_move(state, u) is None:
            normal = reach_costs(state, u, reading=reading)
            moves += [{"type": "move", "unit": u.id, "to": to} for to in sorted(normal)]
            if t.vehicle and t.overrun != "none" and not u.road_used:
                left = allowance_left(u, state)
                off_road = reach_costs(state, u, road_ok=False, reading=reading)
                for to, cost in sorted(off_road.items()):
                    if to in beside_enemy and left - cost >= 2:
                        # an approach off the road rate that leaves MP to overrun (QA R3, O2)
                        moves.append({"type": "move", "unit": u.id, "to": to, "road": False})  # type: ignore[dict-item]
            if not t.vehicle and t.infantry and u.hex is not None:
                for n in m.neighbors(m.hex(u.hex)):
                    c = {"type": "move", "unit": u.id, "to": m.label(n), "under": True}
                    if bridge_at(state, n) and ok(lambda c=c, u=u: plan(state, u, c["to"],
                                                                        under=True)):
                        moves.append(c)  # type: ignore[arg-type]
            if u.hex in exit_hexes(state, side):
                exits.append({"type": "exit", "unit": u.id})
            if may_quick_time(state, u):
                for to in sorted(quick_time_reach(state, u, reading)):
                    moves.append({"type": "move", "unit": u.id, "to": to, "mode": "quick_time"})
        if vehicles and u.on_map and t.carries:
            passenger = state.passenger_of(u)
            if passenger is not None:
                unloads.append({"type": "unload", "carrier": u.id})
            else:
                for p in state.units_at(u.hex, side):
                    if not utype(p).vehicle and may_carry(state, u, p) is None:
                        loads.append({"type": "load", "carrier": u.id, "passenger": p.id})
        if vehicles and t.overrun != "none" and not u.eliminated and not u.exited:
            overruns += _overruns(state, u, enemy_hexes)
    out["move"] = moves
    out["land"] = [{"type": "land", "unit": u.id, "to": m.label(n)} for u in _own(state, side)
                   if landing.may_land(state, u) is None
                   for n in m.neighbors(m.hex(u.hex)) if m.terrain(n) == "beach"
                   and not state.units_at(m.label(n), state.enemy(side))
                   and has_room(state, m.label(n))]
    out["engineer"] = _engineering(state, side) if not vehicles else []
    out["reposition"] = [{"type": "reposition", "unit": u.id} for u in _own(state, side)
                         if forts.may_reposition(state, u) is None]
    out["exit"] = [c for c in exits if ok(lambda c=c: _exit(state, c["unit"]))]
    out["load"] = [c for c in loads if ok(lambda c=c: _try(state, side, c))]
    out["unload"] = [c for c in unloads if ok(lambda c=c: _try(state, side, c))]
    out["overrun"] = overruns
    out["assign_vehicle"] = _vehicles(state, side)
    out["lay_bridge"] = [{"type": "lay_bridge", "unit": u.id} for u in _own(state, side)
                         if vehicles and u.bridge_aboard
                         and ok(lambda u=u: _lay(state, u.id))]
    out.update(hooks.move_offers(state, side))  # facing guns (22.2), unloading cargo (18.9)


def _overruns(state: GameState, u: Unit, enemy_hexes: set[str]) -> list[dict]:
    m = game_map(state)
    tries = []
    if u.hex is not None:
        for n in m.neighbors(m.hex(u.hex)):
            lab = m.label(n)
            if lab in enemy_hexes:
                tries.append({"type": "overrun", "units": [u.id], "target": lab})
                rider = state.passenger_of(u)
                if rider is not None and utype(u).carries == "infantry" \
                        and hooks.any_says("riders_jump_off", state):
                    tries.append({"type": "overrun", "units": [u.id], "target": lab,
                                  "drop": True})  # type: ignore[dict-item]
    elif u.entry_turn == state.turn:  # overrun its way onto the board (QA O6)
        for lab in sorted(set(u.entry) & enemy_hexes):
            for x in edge_entries(state, u, lab):
                tries.append({"type": "overrun", "units": [u.id], "target": lab,
                              "exits": {u.id: x}})  # type: ignore[dict-item]
    return [c for c in tries if ok(lambda c=c: overrun_attack(
        state, u.side, c["units"], c["target"], c.get("exits")))]


def _try(state: GameState, side: str, c: dict) -> None:
    """Would the load or unload be refused? Their checks change nothing, and nothing they do
    after them refuses, so no trial copy of the state is needed."""
    if c["type"] == "load":
        transport.check_load(state, side, c["carrier"], c["passenger"])
    else:
        transport.check_unload(state, side, c["carrier"])


def _exit(state: GameState, uid: str) -> None:
    trial = state.copy()
    exit_board(trial, trial.units[uid], [])


def _lay(state: GameState, uid: str) -> None:
    trial = state.copy()
    lay(trial, trial.units[uid], [])


def _vehicles(state: GameState, side: str) -> list[dict]:
    out = []
    carriers = [v for v in _own(state, side) if v.on_map and utype(v).carries == "any"]
    for u in _own(state, side):
        if not (u.on_map and engineers.is_engineer(u)) or engineers.one_task(u):
            continue
        old = state.units.get(u.vehicle or "")
        if old is not None and old.on_map:
            continue
        for v in carriers:
            c = {"type": "assign_vehicle", "unit": u.id, "vehicle": v.id}
            if ok(lambda v=v, u=u: engineers.check_assign(state, u, v)):
                out.append(c)
    return out


def _engineering(state: GameState, side: str) -> list[dict]:
    m = game_map(state)
    cmds = []
    for u in _own(state, side):
        if not engineers.is_engineer(u) or not u.on_map:
            continue
        near = {m.label(n) for n in m.neighbors(m.hex(u.hex))} | {u.hex}
        options = [("clear_mine", h) for h in sorted(state.mines) if h in near]
        options += [("remove_block", h) for h in sorted(state.blocks) if h in near]
        if u.hex in {m.label(h) for h in m.road_hexes()}:
            options.append(("make_block", u.hex))
        if bridge_at(state, m.hex(u.hex)):
            options.append(("demolish", u.hex))
        options += [x for fn in hooks.each("engineering") for x in fn(state, u)]
        task = engineers.task_of(state, u)
        if task:
            options.append((task["kind"], task["hex"]))
        for kind, label in dict.fromkeys(options):
            team = sorted(task["units"]) if task and task["kind"] == kind and \
                task["hex"] == label else [u.id]
            if team[0] != u.id:
                continue  # a team's step is offered once, by its first engineer
            base = {"type": "engineer", "units": team, "task": kind, "hex": label}
            tries = [base] + [{**base, "to": m.label(n)} for n in m.neighbors(m.hex(label))
                              if kind in ("make_block", "demolish", "emplace_mine")
                              and u.hex == label]
            cmds += [c for c in tries if ok(lambda c=c: _try_engineer(state, c))]
    return cmds


def _try_engineer(state: GameState, c: dict) -> None:
    trial = state.copy()
    engineer(trial, trial.units[c["units"][0]].side, c, _NoDice(), [])


class _NoDice:
    """A roll while only checking legality: any face will do, nothing is recorded."""

    def roll(self, n: int, purpose: str) -> tuple[int, ...]:
        return (1,) * n
