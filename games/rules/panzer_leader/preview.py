"""Previews: what a command would cost, risk or why it is refused, from the same code that
resolves it (the attack builders, the path planner), on the asking side's knowledge only.

Fire at a face-down counter afloat shows the firers' strength but not the odds: its defence would tell what it is, and
the German commits his fire before the counter is turned (19.3).
"""

from __future__ import annotations

from fractions import Fraction

from ..common.errors import IllegalCommand, RulesError
from .combat import air, antiaircraft, indirect
from .combat.assault import assault_attack
from .combat.direct_fire import direct_attack
from .combat.opfire import opportunity_attack
from .combat.overrun import overrun_attack
from .core import bridges, hidden
from .core.movement import allowance_left, plan, route
from .core.scenario import game_map
from .core.sequence import lost_on_ending
from .core.sight import why_not_seen
from .core.state import GameState
from .core.transport import load, load_cost, unload
from .core.units import utype
from .core.walk import QUICK_TIME_DISPERSES_ON


def preview(state: GameState, seat: str, command: dict) -> dict:
    """{"ok": True, ...details} or {"ok": False, "why_not": message, "rule": ...}."""
    side = state.seat_side(seat)
    t = command.get("type")
    try:
        if side is None:
            raise IllegalCommand(f"no seat {seat!r} in this game", rule="3")
        builder = PREVIEWS.get(t)
        if builder is None:
            return {"ok": False, "why_not": f"no preview for {t!r}"}
        return builder(state, side, command)
    except RulesError as exc:
        return {"ok": False, "why_not": exc.message, "rule": exc.rule, "code": exc.code}
    except (KeyError, TypeError, ValueError) as exc:
        return {"ok": False, "why_not": f"a malformed command: {exc}"}


def _shown(state: GameState, side: str, attack) -> dict:
    """An attack as the side may see it: with a face-down target, strength only."""
    hidden_ids = set(hidden.names(state, side, side))
    if not set(attack.targets) & hidden_ids:
        return {"ok": True, "attack": attack.to_json()}
    return {"ok": True, "hidden": True,
            "attack": {"kind": attack.kind, "hex": attack.hex, "attack": str(attack.attack),
                       "lines": list(attack.lines)},
            "why": "the counter is revealed when fired upon (19.3)"}


def _fire(state: GameState, side: str, c: dict) -> dict:
    tids = [hidden.resolve(state, side, x, "fire") for x in c["targets"]]
    if len(tids) == 1 and tids[0].startswith("bridge:"):
        firers = [state.units[f] for f in c["units"]]
        return _shown(state, side, bridges.bridge_attack(state, side, firers, tids[0][7:],
                                                         "direct"))
    return _shown(state, side, direct_attack(state, side, c.get("units", []), tids,
                                             navy=c.get("naval", 0)))


def _overrun(state: GameState, side: str, c: dict) -> dict:
    a, exits = overrun_attack(state, side, c["units"], c["target"], c.get("exits"))
    return {"ok": True, "attack": a.to_json(), "exits": exits}


def _assault(state: GameState, side: str, c: dict) -> dict:
    a = assault_attack(state, side, c["units"], c["target"])
    out = {"ok": a.possible, "attack": a.to_json()}
    if not a.possible:
        out["why_not"] = "odds worse than 1-4: no close assault (QA CAT12)"
    return out


def _move(state: GameState, side: str, c: dict) -> dict:
    u = state.units[c["unit"]]
    if u.side != side:
        raise IllegalCommand(f"move: you have no unit {c['unit']!r} (4.1)", rule="4.1")
    mode = c.get("mode", "normal")
    road, under = c.get("road", True), c.get("under", False)
    path = plan(state, u, c.get("to"), mode, path=c.get("path"), road=road, under=under)
    steps = route(state, u, path, road_ok=road, quick_time=mode == "quick_time", under=under)
    out = {"ok": True, "path": path, "allowance": utype(u).movement,
           "spent_before": u.mp_spent,
           "steps": [{"hex": h, "cost": e.cost, "road": e.road, "stop": e.stop,
                      "stream_roll": e.stream} for h, e in zip(path, steps, strict=True)],
           "road": road}
    if mode == "quick_time":
        # Quick-Time pays no MP: the unit moves its two hexes instead of its allowance, and
        # has moved for the phase; walk.py spends none and rolls the same die (21.1).
        out["quick_time"] = _quick_time(state)
        return out
    cost = sum(e.cost for e in steps)
    return {**out, "cost": cost, "left": allowance_left(u, state) - cost}


def _quick_time(state: GameState) -> dict:
    """What a Quick-Time move does (21.1; RB XV.A): two hexes whatever they cost, no road
    rate, the unit's whole move this phase; half defence against opportunity fire while it
    moves (with that rule in play); after it a die roll of 4-6 disperses it until the end of
    the segment, the chance as a fraction of six."""
    return {"hexes": 2, "disperses_on": f"{QUICK_TIME_DISPERSES_ON}-6",
            "dispersed": str(Fraction(7 - QUICK_TIME_DISPERSES_ON, 6)),
            "half_defence": "opportunity_fire" in state.options, "rule": "21.1"}


def _end_phase(state: GameState, side: str, c: dict) -> dict:
    """What ending the phase does beyond moving on: the units it eliminates (4.7, 19.2),
    from the list `end_phase` eliminates."""
    return {"ok": True, "phase": state.phase, "eliminates": lost_on_ending(state)}


def _order(state: GameState, side: str, c: dict) -> dict:
    trial = state.copy()
    navy = c.get("naval", 0)
    o = indirect.order(trial, side, c.get("unit"), c["hex"], navy=navy,
                       target=c.get("target", "units"), smoked=bool(c.get("smoke")))
    strength = navy or utype(state.units[c["unit"]]).attack
    out = {"ok": True, "hex": o["hex"], "turn": o["turn"], "spotters": list(o["spotters"]),
           "strength": strength,
           "why": "fire lands in that turn's combat phase, scattering if its spotters are gone "
                  "(13.5)"}
    hidden_ids = set(hidden.names(state, side, side))
    shares = indirect.hex_attacks(state, c["hex"], strength)  # type: ignore[arg-type]
    if any(set(a.targets) & hidden_ids for a in shares):
        out["counters"] = len(shares)  # a face-down counter: how many, not what (19.3)
    else:
        out["attacks"] = [a.to_json() for a in shares]
    return out


def _air_strike(state: GameState, side: str, c: dict) -> dict:
    tids = [hidden.resolve(state, side, x, "air_strike") for x in c["targets"]]
    attack = air.strike_attack(state, side, c["aircraft"], tids)
    out = _shown(state, side, attack)
    shooters = [u for u in sorted(state.units.values(), key=lambda u: u.id)
                if u.side != side and u.on_map and utype(u).aa and u.status == "ok"
                and not u.opfired and not u.carried_by
                and antiaircraft.reaches(state, u, {"hex": attack.hex})]
    strength = antiaircraft.aa_strength(state, shooters, attack.hex)
    chances: dict[str, int] = {}
    for die in range(1, 7):
        res = antiaircraft.aa_result(strength, die)
        chances[res] = chances.get(res, 0) + 1
    out["anti_aircraft"] = {"units": [u.id for u in shooters], "strength": str(strength),
                            "chances": {k: f"{v}/6" for k, v in sorted(chances.items())}}
    return out


def _transport(state: GameState, side: str, c: dict) -> dict:
    carrier = state.units[c["carrier"]]
    if carrier.side != side:
        raise IllegalCommand(f"{c['type']}: you have no carrier {c['carrier']!r} (6)", rule="6")
    trial = state.copy()
    events: list = []
    if c["type"] == "load":
        load(trial, side, c["carrier"], c["passenger"], events)
        passenger = state.units[c["passenger"]]
    else:
        unload(trial, side, c["carrier"], events)
        passenger = state.passenger_of(carrier)
    cost = load_cost(carrier, passenger)
    moved_before = carrier.mp_spent > 0
    return {"ok": True, "cost": cost, "allowance": utype(carrier).movement,
            "left": utype(carrier).movement - carrier.mp_spent - cost,
            "may_move_after": not moved_before,
            "opportunity_fire": trial.pending is not None}


def _opportunity_fire(state: GameState, side: str, c: dict) -> dict:
    p = state.pending
    if not p or p["kind"] == "aa":
        raise IllegalCommand("opportunity_fire: no window is open (21.2)", rule="21.2")
    target = state.units[c.get("target") or p["mover"]]
    return {"ok": True, "attack": opportunity_attack(state, c.get("units", []), target,
                                                     c.get("naval", 0)).to_json()}


PREVIEWS = {
    "fire": _fire, "overrun": _overrun, "assault": _assault, "move": _move,
    "order_indirect": _order, "air_strike": _air_strike, "load": _transport,
    "unload": _transport, "opportunity_fire": _opportunity_fire, "end_phase": _end_phase,
}


def line_of_sight(state: GameState, a: str, b: str) -> dict:
    m = game_map(state)
    why = why_not_seen(state, m.hex(a), m.hex(b))
    return {"from": a, "to": b, "clear": why is None, "why_not": why}
