"""Every command a seat may send now, grouped, complete and each one legal (the board and
random play offer nothing else). Each candidate is checked by the same validation `apply`
runs, on the side's own knowledge only: an unfound minefield changes no offer, and a
face-down counter afloat is offered by its handle (hidden.py)."""

from __future__ import annotations

from ..common.errors import IllegalCommand
from ..common.hexgrid import distance
from .combat import air, antiaircraft, naval
from .combat.assault import assault_attack
from .combat.direct_fire import direct_attack, may_fire, town_targets
from .combat.indirect import indirect_range_ok, spotters_for
from .combat.opfire import opportunity_attack, quarter_met
from .core import bridges, deployment, hidden, hooks
from .core.scenario import game_map
from .core.spotting import is_spotted
from .core.state import ENDED, SETUP, GameState
from .core.units import utype
from .engine import who_may_act
from .legal_moves import movement, ok


def legal_commands(state: GameState, seat: str) -> dict[str, list[dict]]:
    if state.phase == ENDED or seat not in who_may_act(state):
        return {}
    side = state.seat_side(seat)
    out: dict[str, list[dict]] = {}
    if state.phase == SETUP:  # placing the units of set-up areas (PL-E1)
        return deployment.offers(state, seat)
    if state.pending:
        if state.pending["kind"] == "aa":
            _aa_window(state, out)
        else:
            _of_window(state, side, out)
        out["decline"] = [{"type": "decline"}]
        return {k: v for k, v in out.items() if v}
    if state.phase == "combat":
        _combat(state, side, out)
    elif state.phase in ("move_vehicles", "move_foot"):
        movement(state, side, out)
    elif state.phase == "air":
        _air(state, side, out)
    elif state.phase == "assault":
        _assault(state, side, out)
    out["end_phase"] = [{"type": "end_phase"}]
    return {k: v for k, v in out.items() if v}


def _of_window(state: GameState, side: str, out: dict) -> None:
    p = state.pending
    shots = []
    for tid in p["targets"]:
        target = state.units[tid]
        if not target.on_map:
            continue
        mover = state.units[p["runs_of"][tid]]
        able = [f for f in p["eligible"] if f in state.units and quarter_met(state, f, mover)
                and ok(lambda f=f, t=target: opportunity_attack(state, [f], t))]
        for group in [[f] for f in able] + ([able] if len(able) > 1 else []):
            shots.append({"type": "opportunity_fire", "units": group, "target": tid})
        navy = naval.firer_id(side)
        if navy in p["eligible"] and quarter_met(state, navy, mover) and ok(
                lambda t=target: opportunity_attack(state, [], t, naval.LOT)):
            shots.append({"type": "opportunity_fire", "units": [], "target": tid,
                          "naval": naval.LOT})
    out["opportunity_fire"] = shots


def _aa_window(state: GameState, out: dict) -> None:
    p = state.pending
    shots = []
    for pid in p["aircraft"]:
        plane = state.aircraft[pid]
        able = [u for u in p["eligible"] if antiaircraft.reaches(state, state.units[u], plane)]
        for group in [[u] for u in able] + ([able] if len(able) > 1 else []):
            shots.append({"type": "anti_aircraft", "units": group, "aircraft": pid})
    out["anti_aircraft"] = shots


def _combat(state: GameState, side: str, out: dict) -> None:
    m = game_map(state)
    if not state.indirect_done:
        out["resolve_indirect"] = [{"type": "resolve_indirect"}]
        out["cancel_order"] = [{"type": "cancel_order", "unit": u.id}
                               for u in _own(state, side)
                               if u.order is not None and u.order["turn"] == state.turn]
        return
    names = hidden.names(state, side, side)
    enemies = sorted((u for u in state.units.values() if u.side != side and u.on_map
                      and u.carried_by is None and not u.in_fort),
                     key=lambda u: (u.hex, names.get(u.id, u.id)))  # never by a hidden id
    fire, orders = [], []
    target_hexes = sorted({e.hex for e in enemies} | set(state.temp_bridges))
    sighted: dict = {}  # what every firer of the pass asks alike: spotted units, town targets
    for f in _own(state, side):
        if may_fire(state, f) is None:
            for target in _targets(state, side, enemies, f, sighted):
                fire.append({"type": "fire", "units": [f.id], "targets": target})
        t = utype(f)
        if t.can_fire_indirect and f.order is None and f.status == "ok" and not f.carried_by \
                and f.on_map:
            for label in target_hexes:
                if indirect_range_ok(t, distance(m.hex(f.hex), m.hex(label))) and \
                        hooks.first("fire_blocked", state, f, label) is None and \
                        spotters_for(state, side, label):
                    orders.append({"type": "order_indirect", "unit": f.id, "hex": label})
                    if hooks.refusal("smoke_problem", "", state, side, f, label) is None:
                        orders.append({"type": "order_indirect", "unit": f.id, "hex": label,
                                       "smoke": True})  # the experimental rule (22.3)
    combos: dict[tuple, list[str]] = {}
    for c in fire:
        combos.setdefault(tuple(c["targets"]), []).append(c["units"][0])
    for targets, firers in combos.items():
        if len(firers) > 1:
            fire.append({"type": "fire", "units": firers, "targets": list(targets)})
    if naval.available(state, side):
        for e in enemies:
            c = {"type": "fire", "units": [], "targets": [names.get(e.id, e.id)],
                 "naval": naval.LOT}  # type: ignore[dict-item]
            if ok(lambda e=e: direct_attack(state, side, [], [e.id], navy=naval.LOT)):
                fire.append(c)
    if naval.available(state, side, state.turn + 2):
        for label in sorted({e.hex for e in enemies}):
            if spotters_for(state, side, label, aircraft=False):
                orders.append({"type": "order_indirect", "naval": naval.LOT, "hex": label})
    for c in fire:
        c["targets"] = [names.get(t, t) for t in c["targets"]]
    out["fire"] = fire
    out["order_indirect"] = orders
    out.update(hooks.offers(state, side, enemies))  # smoke (22.3)


def _targets(state: GameState, side: str, enemies, f, sighted: dict) -> list[list[str]]:
    """The targets firer f may fire at. `sighted` keeps, for one pass over one state, what
    does not depend on the firer: which enemies the side has spotted (12.2) and the spotted
    enemies of each town hex (9.7)."""
    m = game_map(state)
    fh = m.hex(f.hex)
    reach_ = utype(f).range * (2 if utype(f).star else 1)
    found = []
    towns = set()
    for e in enemies:  # in the order the side can see: by hex, then by the name it knows
        if distance(fh, m.hex(e.hex)) > reach_:
            continue
        if m.terrain(m.hex(e.hex)) == "town":
            if e.hex in towns:
                continue
            towns.add(e.hex)
            town = sighted.get(("town", e.hex))
            if town is None:
                town = sighted[("town", e.hex)] = town_targets(state, side, e.hex)
            target = list(town)
        else:
            spotted = sighted.get(e.id)
            if spotted is None:
                spotted = sighted[e.id] = is_spotted(state, e, side)
            if not spotted and distance(fh, m.hex(e.hex)) > 1:
                continue
            target = [e.id]
        if target and ok(lambda t=target: direct_attack(state, side, [f.id], t)):
            found.append(target)
    for label in sorted(state.forts):
        target = [f"fort:{label}"]
        if ok(lambda t=target: direct_attack(state, side, [f.id], t)):
            found.append(target)
    for label in sorted(state.temp_bridges):
        if ok(lambda lab=label: bridges.bridge_attack(state, side, [f], lab, "direct")):
            found.append([f"bridge:{label}"])
    return found


def _own(state: GameState, side: str):
    return sorted((u for u in state.units.values() if u.side == side), key=lambda u: u.id)


def _assault(state: GameState, side: str, out: dict) -> None:
    m = game_map(state)
    by_target: dict[str, list[str]] = {}
    for u in _own(state, side):
        if not u.on_map or not utype(u).infantry:
            continue
        for n in [*m.neighbors(m.hex(u.hex)), m.hex(u.hex)]:
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
    names = hidden.names(state, side, side)
    cmds, flights = [], []
    for plane in air.available(state, side):
        if air.is_observer(plane):
            spots = sorted({u.hex for u in state.units.values() if u.on_map and u.side == side})
            flights += [{"type": "fly", "aircraft": plane["id"], "hex": h} for h in spots[:8]]
            continue
        for e in sorted(state.units.values(), key=lambda u: (u.hex or "", names.get(u.id, u.id))):
            if e.side == side or not e.on_map or e.carried_by:
                continue
            for weapon in ("ordnance", "mg"):
                c = {"type": "air_strike", "aircraft": {plane["id"]: weapon}, "targets": [e.id]}
                if ok(lambda c=c: air.strike_attack(state, side, c["aircraft"], c["targets"])):
                    cmds.append({**c, "targets": [names.get(e.id, e.id)]})
    out["air_strike"] = cmds
    out["fly"] = flights

