"""Every command a seat may send now, grouped, complete and each one legal (the board and
random play offer nothing else). Each candidate is checked by the same validation `apply`
runs, on the side's own knowledge only."""

from __future__ import annotations

from ..common.errors import IllegalCommand
from ..common.hexgrid import distance
from . import air, engineers, forts, landing, transport
from .assault import assault_attack
from .direct_fire import direct_attack, may_fire, town_targets
from .engine import who_may_act
from .indirect import indirect_range_ok, spotters_for
from .movement import (
    can_move,
    exit_board,
    exit_hexes,
    may_quick_time,
    quick_time_reach,
    reach,
    utype,
)
from .opfire import opportunity_attack
from .overrun import overrun_attack
from .scenario import board_of, bridge_at
from .spotting import is_spotted
from .stacking import has_room
from .state import ENDED, GameState
from .transport import may_carry


def legal_commands(state: GameState, seat: str) -> dict[str, list[dict]]:
    if state.phase == ENDED or seat not in who_may_act(state):
        return {}
    side = state.seat_side(seat)
    out: dict[str, list[dict]] = {}
    if state.pending:
        mover = state.units[state.pending["mover"]]
        firers = state.pending["eligible"]
        shots = [[f] for f in firers] + ([firers] if len(firers) > 1 else [])
        out["opportunity_fire"] = [
            {"type": "opportunity_fire", "units": s} for s in shots if _ok(
                lambda s=s: opportunity_attack(state, s, mover))]
        out["decline"] = [{"type": "decline"}]
        return {k: v for k, v in out.items() if v}
    if state.phase == "combat":
        _combat(state, side, out)
    elif state.phase in ("move_vehicles", "move_foot"):
        _movement(state, side, out)
    elif state.phase == "air":
        _air(state, side, out)
    elif state.phase == "assault":
        _assault(state, side, out)
    out["end_phase"] = [{"type": "end_phase"}]
    return {k: v for k, v in out.items() if v}


def _ok(check) -> bool:
    try:
        check()
    except IllegalCommand:
        return False
    return True


def _combat(state: GameState, side: str, out: dict) -> None:
    m = board_of(state)
    if not state.indirect_done:
        out["resolve_indirect"] = [{"type": "resolve_indirect"}]
        out["cancel_order"] = [{"type": "cancel_order", "unit": u.id}
                               for u in _own(state, side)
                               if u.order is not None and u.order["turn"] == state.turn]
        return
    enemies = [u for u in state.units.values() if u.side != side and u.on_map
               and u.carried_by is None and not u.in_fort]
    fire, orders = [], []
    for f in _own(state, side):
        if may_fire(state, f) is None:
            for target in _targets(state, side, enemies, f):
                fire.append({"type": "fire", "units": [f.id], "targets": target})
        t = utype(f)
        if t.can_fire_indirect and f.order is None and f.status == "ok" and not f.carried_by \
                and f.on_map:
            seen = set()
            for e in enemies:
                if e.hex in seen:
                    continue
                seen.add(e.hex)
                if indirect_range_ok(t, distance(m.hex(f.hex), m.hex(e.hex))) and \
                        spotters_for(state, side, e.hex):
                    orders.append({"type": "order_indirect", "unit": f.id, "hex": e.hex})
    # combined fire: everyone able to fire at each single target
    combos = {}
    for c in fire:
        combos.setdefault(tuple(c["targets"]), []).append(c["units"][0])
    for targets, firers in combos.items():
        if len(firers) > 1:
            fire.append({"type": "fire", "units": firers, "targets": list(targets)})
    out["fire"] = fire
    out["order_indirect"] = orders


def _targets(state: GameState, side: str, enemies, f) -> list[list[str]]:
    m = board_of(state)
    fh = m.hex(f.hex)
    reach_ = utype(f).range * (2 if utype(f).star else 1)
    found = []
    towns = set()
    for e in sorted(enemies, key=lambda u: u.id):
        if distance(fh, m.hex(e.hex)) > reach_:
            continue
        if m.terrain(m.hex(e.hex)) == "town":
            if e.hex in towns:
                continue
            towns.add(e.hex)
            target = town_targets(state, side, e.hex)
        else:
            if not is_spotted(state, e, side) and distance(fh, m.hex(e.hex)) > 1:
                continue
            target = [e.id]
        if target and _ok(lambda t=target: direct_attack(state, side, [f.id], t)):
            found.append(target)
    for label in sorted(state.forts):
        target = [f"fort:{label}"]
        if _ok(lambda t=target: direct_attack(state, side, [f.id], t)):
            found.append(target)
    return found


def _own(state: GameState, side: str):
    return sorted((u for u in state.units.values() if u.side == side), key=lambda u: u.id)


def _movement(state: GameState, side: str, out: dict) -> None:
    m = board_of(state)
    moves, loads, unloads, overruns, exits = [], [], [], [], []
    for u in _own(state, side):
        if can_move(state, u) is None:
            for to in sorted(reach(state, u)):
                moves.append({"type": "move", "unit": u.id, "to": to})
            if u.hex in exit_hexes(state, side):
                exits.append({"type": "exit", "unit": u.id})
            if may_quick_time(state, u):
                for to in sorted(quick_time_reach(state, u)):
                    moves.append({"type": "move", "unit": u.id, "to": to, "mode": "quick_time"})
        if state.phase == "move_vehicles" and u.on_map and utype(u).carries:
            passenger = state.passenger_of(u)
            if passenger is not None:
                unloads.append({"type": "unload", "carrier": u.id})
            else:
                for p in state.units_at(u.hex, side):
                    if not utype(p).vehicle and may_carry(u, p) is None:
                        loads.append({"type": "load", "carrier": u.id, "passenger": p.id})
        if state.phase == "move_vehicles" and u.on_map and utype(u).overrun != "none":
            for n in m.neighbours(m.hex(u.hex)):
                lab = m.label(n)
                if state.units_at(lab, state.enemy(side)):
                    overruns.append({"type": "overrun", "units": [u.id], "target": lab})
                    if state.passenger_of(u) is not None and utype(u).carries == "infantry" \
                            and "panzerblitz_assault" in state.options:
                        overruns.append({"type": "overrun", "units": [u.id], "target": lab,
                                         "drop": True})
    out["move"] = moves
    out["land"] = [{"type": "land", "unit": u.id, "to": m.label(n)} for u in _own(state, side)
                   if landing.may_land(state, u) is None
                   for n in m.neighbours(m.hex(u.hex)) if m.terrain(n) == "beach"
                   and not state.units_at(m.label(n), state.enemy(side))
                   and has_room(state, m.label(n))]
    out["engineer"] = _engineering(state, side) if state.phase == "move_foot" else []
    out["reposition"] = [{"type": "reposition", "unit": u.id} for u in _own(state, side)
                         if forts.may_reposition(state, u) is None]
    out["exit"] = [c for c in exits if _ok(lambda c=c: _try_exit(state, c["unit"]))]
    out["load"] = [c for c in loads if _ok(lambda c=c: _try_transport(state, side, c))]
    out["unload"] = [c for c in unloads if _ok(lambda c=c: _try_transport(state, side, c))]
    out["overrun"] = [c for c in overruns if _overrun_ok(state, side, c)]


def _try_exit(state: GameState, uid: str) -> None:
    trial = state.copy()  # never touch the state the board is shown
    exit_board(trial, trial.units[uid], [])


def _try_transport(state: GameState, side: str, c: dict) -> None:
    from_state = state.copy()
    if c["type"] == "load":
        transport.load(from_state, side, c["carrier"], c["passenger"], [])
    else:
        transport.unload(from_state, side, c["carrier"], [])


def _overrun_ok(state: GameState, side: str, c: dict) -> bool:
    return _ok(lambda: overrun_attack(state, side, c["units"], c["target"]))


def _assault(state: GameState, side: str, out: dict) -> None:
    m = board_of(state)
    by_target: dict[str, list[str]] = {}
    for u in _own(state, side):
        if not u.on_map or not utype(u).infantry:
            continue
        for n in m.neighbours(m.hex(u.hex)):
            lab = m.label(n)
            if state.units_at(lab, state.enemy(side)):
                by_target.setdefault(lab, []).append(u.id)
    cmds = []
    for lab, ids in sorted(by_target.items()):
        tries = [[i] for i in ids] + ([ids] if len(ids) > 1 else [])
        for t in tries:
            try:
                a = assault_attack(state, side, t, lab)
            except IllegalCommand:
                continue
            if a.possible:
                cmds.append({"type": "assault", "units": t, "target": lab})
    out["assault"] = cmds


def _air(state: GameState, side: str, out: dict) -> None:
    cmds = []
    for plane in air.available(state, side):
        for e in sorted(state.units.values(), key=lambda u: u.id):
            if e.side == side or not e.on_map or e.carried_by:
                continue
            for weapon in ("ordnance", "mg"):
                c = {"type": "air_strike", "aircraft": {plane["id"]: weapon}, "targets": [e.id]}
                if _ok(lambda c=c: air.strike_attack(state, side, c["aircraft"], c["targets"])):
                    cmds.append(c)
    out["air_strike"] = cmds


def _engineering(state: GameState, side: str) -> list[dict]:
    m = board_of(state)
    cmds = []
    for u in _own(state, side):
        t = utype(u)
        if not (t.engineer or t.dual_engineer) or not u.on_map:
            continue
        near = {m.label(n) for n in m.neighbours(m.hex(u.hex))} | {u.hex}
        options = [("clear_mine", h) for h in sorted(state.mines) if h in near]
        options += [("remove_block", h) for h in sorted(state.blocks) if h in near]
        if u.hex in {m.label(h) for h in m.road_hexes()}:
            options.append(("make_block", u.hex))
        if bridge_at(state, m.hex(u.hex)):
            options.append(("demolish", u.hex))
        if u.task:
            options.append((u.task["kind"], u.task["hex"]))
        for task, label in dict.fromkeys(options):
            tries = [{"type": "engineer", "unit": u.id, "task": task, "hex": label}]
            tries += [{**tries[0], "to": m.label(n)} for n in m.neighbours(m.hex(label))
                      if task in ("make_block", "demolish") and u.hex == label]
            cmds += [c for c in tries if _ok(lambda c=c: _try_engineer(state, c))]
    return cmds


def _try_engineer(state: GameState, c: dict) -> None:
    trial = state.copy()
    engineers.work(trial, trial.units[c["unit"]], c["task"], c["hex"], _NoDice(), [],
                   to=c.get("to"))


class _NoDice:
    """A roll while only checking legality: any face will do, nothing is recorded."""

    def roll(self, n: int, purpose: str) -> tuple[int, ...]:
        return (1,) * n
