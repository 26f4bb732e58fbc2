"""Overrun (14): armour drives through a clear hex and out the far side, attacking as it goes.

The overrunners stand adjacent to the target; each goes in through its own hexside and out of
the opposite one into its exit hex, where it ends its move (PL-D21). All overrunners of one
stack attack together once: printed strengths against the combined printed defence, no WEC,
one column toward the attacker and -2 on the die (PL-D11). Worse than 1-4: no overrun, the
overrunners stay in their entry hexes and their move is over (QA O4).
"""

from __future__ import annotations

from fractions import Fraction

from ..common.errors import IllegalCommand
from ..common.hexgrid import Hex
from . import combat, crt, mines
from .combat import Attack
from .movement import allowance_left, entry, terrain_cost, utype
from .scenario import board_of, bridge_at, hex_named
from .stacking import has_room
from .state import OK, GameState

OVERRUN_SHIFT = 1


def _illegal(msg: str, rule: str = "14") -> IllegalCommand:
    return IllegalCommand(f"overrun: {msg} ({rule})", rule=rule)


def exit_hex(entry_hex: Hex, target: Hex) -> Hex:
    """Straight out through the hexside opposite the one it came in by (14.3)."""
    return Hex(2 * target.q - entry_hex.q, 2 * target.r - entry_hex.r)


def overrun_attack(state: GameState, side: str, unit_ids: list[str], label: str) -> tuple[Attack, dict]:
    """The attack an overrun would make, and each overrunner's exit hex."""
    m = board_of(state)
    if state.phase != "move_vehicles" or state.active != side:
        raise _illegal("only in your vehicle movement", "3")
    th = hex_named(state, label, "overrun", "14")
    defenders = state.units_at(label, state.enemy(side))
    if not defenders:
        raise _illegal(f"no enemy unit in {label}")
    if label in state.overrun_hexes:
        raise _illegal("a stack suffers one overrun a movement phase", "14.3")
    if m.terrain(th) != "clear" and not bridge_at(state, th) or m.elevation(th) == 1:
        raise _illegal(f"{label} is not clear terrain", "RB VII.D.1")
    if label in state.forts:
        raise _illegal("no overrun of a fortification or the units on it", "RB IX.C.14")
    if state.wrecks.get(label) or label in state.blocks or label in state.mines and \
            side in state.mines[label]["known"]:
        raise _illegal("no overrun of units on a wreck, block or minefield", "RB VII.D.8; QA W2")
    armored_target = any(utype(d).armored for d in defenders)
    exits: dict[str, str] = {}
    attack = Fraction(0)
    lines = []
    if len(set(unit_ids)) != len(unit_ids) or not unit_ids:
        raise _illegal("name each overrunner once")
    for uid in unit_ids:
        u = state.units.get(uid)
        if u is None or u.side != side or not u.on_map:
            raise _illegal(f"you have no unit {uid!r}")
        t = utype(u)
        if t.overrun == "none" or (t.overrun == "unarmored" and armored_target):
            raise _illegal(f"{uid} may not overrun this target", "14.1; QA O9")
        if u.status != OK or u.fired or u.opfired or u.order or u.overran or u.stopped:
            raise _illegal(f"{uid} is dispersed, has fired or has finished moving", "14.8")
        if u.road_used:
            raise _illegal(f"{uid} used the road rate this phase", "14.3; QA O2")
        if u.carried_by:
            raise _illegal(f"{uid} is a passenger")
        uh = m.hex(u.hex)
        if uh not in m.neighbours(th):
            raise _illegal(f"{uid} must stand adjacent to {label}")
        xh = exit_hex(uh, th)
        if xh not in m.hexes:
            raise _illegal(f"{uid}'s exit hex is off the map", "QA O6")
        if t.vehicle and "green" in m.symbols(uh, th) and not m.is_road(uh, th):
            raise _illegal(f"{uid} would cross a woods edge off the road", "4.9")
        into = terrain_cost(state, t, th)
        out = entry(state, u, th, xh, road_ok=False)
        if into is None or out.cost is None:
            raise _illegal(f"{uid} cannot drive on into {m.label(xh)}: {out.why}")
        if into + out.cost > allowance_left(u):
            raise _illegal(f"{uid} lacks the movement points to reach its exit hex", "14.3")
        exits[uid] = m.label(xh)
        attack += t.attack
        lines.append({"unit": uid, "printed": t.attack, "exit": exits[uid]})
    for x in set(exits.values()):
        if not has_room(state, x, sum(1 for v in exits.values() if v == x)):
            raise _illegal(f"the exit hex {x} has no room", "5")
    defense = Fraction(sum(combat.defense_of(state, d) for d in defenders))
    drm, reasons = combat.terrain_drm(state, label)
    att = Attack(kind="overrun", hex=label, targets=[d.id for d in defenders], attack=attack,
                 defense=defense, lines=lines, shift=OVERRUN_SHIFT,
                 drm=drm + crt.drm("overrun"), drm_reasons=[*reasons, "overrun -2"])
    return att, exits


def overrun(state: GameState, side: str, unit_ids: list[str], label: str, dice,
            events: list[dict], drop: bool = False) -> None:
    """Carry out an overrun (14.3-14.6); with `drop`, riders on German armour jump off in
    the entry hex first, free, and must close assault the overrun hex (21.4; QA PA1-PA3)."""
    attack, exits = overrun_attack(state, side, unit_ids, label)
    movers = [state.units[u] for u in unit_ids]
    if drop:
        riders = [(u, state.passenger_of(u)) for u in movers]
        riders = [(u, p) for u, p in riders if p is not None and utype(u).carries == "infantry"]
        if "panzerblitz_assault" not in state.options or not riders:
            raise _illegal("no rider to drop off (Panzerblitz Assault, 21.4)", "21.4")
        for u, p in riders:
            p.carried_by = None
            p.moved = True
            p.pa_target = label
            events.append({"type": "jumped_off", "units": [p.id], "hex": u.hex,
                           "target": label})
    if label in state.mines:  # an unfound minefield in the overrun hex cancels it (QA O5)
        mines.found(state, label, events)
        for u in movers:
            u.overran = True
            u.mp_spent = utype(u).movement
        events.append({"type": "overrun_cancelled", "hex": label, "why": "minefield (QA O5)"})
        return
    state.overrun_hexes.append(label)
    if not attack.possible:
        for u in movers:  # back to the entry hex, move over (QA O4)
            u.overran = True
            u.mp_spent = utype(u).movement
        events.append({"type": "overrun_refused", "hex": label,
                       "odds": crt.column_name(attack.index), "why": "worse than 1-4 (QA O4)"})
        return
    for u in movers:
        u.hex = exits[u.id]
        passenger = state.passenger_of(u)
        if passenger is not None:
            passenger.hex = u.hex
        u.overran = True
        u.moved = True
        u.mp_spent = utype(u).movement
        if mines.entered(state, u, events):
            u.stopped = True  # it stops on the mine; the overrun still happens (QA O5)
    events.append({"type": "overrun", "hex": label, "units": list(unit_ids), "exits": exits})
    combat.resolve(state, attack, dice, events, f"overrun {label}")
