"""Overrun (14): armour drives through a clear hex and out the far side, attacking as it goes.

The overrunners stand adjacent to the target; each goes in through its own hexside and out of
the opposite one into its exit hex, where it ends its move (PL-D21). At the board edge
(QA O6) a unit may overrun the hex it enters the map by (its exit hex, named in `exits`, lies
opposite the imaginary hex it came from), or drive out through an edge its side may leave by
with 1 MP to spare. All overrunners of one stack attack together once: printed strengths
against the combined printed defence of the units on top (not those under a bridge, QA B7),
no WEC, one column toward the attacker and -2 on the die (PL-D11). Worse than 1-4: no
overrun, the overrunners stay in their entry hexes and their move is over (QA O4).

Opportunity fire (QA O7, O8): the target and any other enemy may fire at an overrunner that
has spent a quarter of its MA in sight before it goes in (with a Panzerblitz Assault, at the
riders just dropped too, QA PA2); nobody fires while it is in the target hex; at the exit hex
others may fire, not the target, after the overrun is resolved (PL-E9).
"""

from __future__ import annotations

from fractions import Fraction

from ...common.errors import IllegalCommand
from ...common.hexgrid import Hex, neighbors
from ..core import hooks, mines
from ..core.entering import entry, terrain_cost
from ..core.movement import allowance_left, exit_hexes
from ..core.scenario import bridge_at, game_map, hex_named
from ..core.stacking import has_room
from ..core.state import OK, GameState, Unit
from ..core.units import utype
from ..core.walk import take_control
from . import attack_sheet, crt, windows
from .attack_sheet import Attack
from .opfire import count_step

OVERRUN_SHIFT = 1
OFF = "off"  # an exit through the board edge (QA O6)


def _illegal(msg: str, rule: str = "14") -> IllegalCommand:
    return IllegalCommand(f"overrun: {msg} ({rule})", rule=rule)


def exit_hex(entry_hex: Hex, target: Hex) -> Hex:
    """Straight out through the hexside opposite the one it came in by (14.3)."""
    return Hex(2 * target.q - entry_hex.q, 2 * target.r - entry_hex.r)


def _bell(state: GameState, th: Hex) -> bool:
    """Bell's 1940 rule 3: armour may overrun unarmoured units in woods and on slopes (24)."""
    return hooks.any_says("overruns_into", state, th)


def _target_ground(state: GameState, label: str, defenders: list[Unit]) -> bool:
    """Where an overrun may go: clear terrain (beach too, PL-D8), clear hilltops and bridges
    (QA O1), not slopes (RB VII.D.1); or Bell's woods and slopes (QA P8)."""
    m = game_map(state)
    th = m.hex(label)
    if _bell(state, th) and m.terrain(th) in ("woods", "clear"):
        if any(utype(d).armored for d in defenders):
            raise _illegal("armour in woods or on a slope cannot be overrun and shields the "
                           "units with it (24, Bell 3)", "QA P8")
        return True
    ok = m.terrain(th) in ("clear", "beach") or bridge_at(state, th)
    return ok and m.elevation(th) != 1


def overrun_attack(state: GameState, side: str, unit_ids: list[str], label: str,
                   exits_wanted: dict[str, str] | None = None) -> tuple[Attack, dict]:
    """The attack an overrun would make, and each overrunner's exit hex (or OFF)."""
    if state.phase != "move_vehicles" or state.active_side != side:
        raise _illegal("only in your vehicle movement", "3")
    th = hex_named(state, label, "overrun", "14")
    defenders = [d for d in state.units_at(label, state.enemy(side)) if not d.under_bridge]
    if not defenders:
        raise _illegal(f"no enemy unit on {label} (units under a bridge are untouched, QA B7)")
    if label in state.overrun_hexes:
        raise _illegal("a stack suffers one overrun a movement phase", "14.3")
    if not _target_ground(state, label, defenders):
        raise _illegal(f"{label} is not clear terrain", "RB VII.D.1")
    if label in state.forts:
        raise _illegal("no overrun of a fortification or the units on it", "RB IX.C.14")
    if state.wrecks.get(label) or label in state.blocks or label in state.mines and \
            side in state.mines[label]["known"]:
        raise _illegal("no overrun of units on a wreck, block or minefield", "RB VII.D.8; QA W2")
    armored_target = any(utype(d).armored for d in defenders)
    if len(set(unit_ids)) != len(unit_ids) or not unit_ids:
        raise _illegal("name each overrunner once")
    exits: dict[str, str] = {}
    lines = []
    attack = Fraction(0)
    for uid in unit_ids:
        u = state.units.get(uid)
        if u is None or u.side != side or u.eliminated or u.exited:
            raise _illegal(f"you have no unit {uid!r}")
        t = utype(u)
        if t.overrun == "none" or (t.overrun == "unarmored" and armored_target):
            raise _illegal(f"{uid} may not overrun this target", "14.1; QA O9, U1-U3, P1")
        if u.status != OK or u.fired or u.opfired or u.order or u.overran or u.stopped:
            raise _illegal(f"{uid} is dispersed, has fired or has finished moving", "14.8")
        if u.road_used:
            raise _illegal(f"{uid} used the road rate this phase", "14.3; QA O2")
        if u.carried_by or u.afloat:
            raise _illegal(f"{uid} is a passenger or afloat")
        exits[uid] = _exit_for(state, u, th, (exits_wanted or {}).get(uid))
        attack += t.attack
        lines.append({"unit": uid, "printed": t.attack, "exit": exits[uid]})
    for x in set(exits.values()) - {OFF}:
        if not has_room(state, x, sum(1 for v in exits.values() if v == x)):
            raise _illegal(f"the exit hex {x} has no room", "5")
    defense = Fraction(sum(attack_sheet.defense_of(state, d) for d in defenders))
    drm, reasons = attack_sheet.terrain_drm(state, label)
    bell = _bell(state, th)
    att = Attack(kind="overrun", hex=label, targets=[d.id for d in defenders], attack=attack,
                 defense=defense, lines=lines, shift=0 if bell else OVERRUN_SHIFT,
                 drm=drm + (0 if bell else crt.drm("overrun")),
                 drm_reasons=[*reasons, *([] if bell else ["overrun -2"])])
    return att, exits


def _exit_for(state: GameState, u: Unit, th: Hex, wanted: str | None) -> str:
    """The exit hex (or OFF) of one overrunner, checked for cost and terrain (14.3; QA O6)."""
    m = game_map(state)
    t = utype(u)
    label = m.label(th)
    budget = allowance_left(u, state)
    if u.hex is None:  # overrunning the hex it enters the board by (QA O6 case 1)
        if u.entry_turn != state.turn or label not in u.entry:
            raise _illegal(f"{u.id} is not entering the board at {label}", "QA O6")
        xh = hex_named(state, wanted, "overrun", "QA O6") if wanted else None
        if xh is None or xh not in m.neighbors(th) or exit_hex(xh, th) in m.hexes:
            raise _illegal(f"{u.id} names an exit hex opposite the edge it enters by", "QA O6")
        into = terrain_cost(state, t, th)
    else:
        uh = m.hex(u.hex)
        if uh not in m.neighbors(th):
            raise _illegal(f"{u.id} must stand adjacent to {label}")
        if t.vehicle and not t.cavalry and "green" in m.symbols(uh, th) \
                and not m.is_road(uh, th):
            raise _illegal(f"{u.id} would cross a woods edge off the road", "4.9")
        if m.terrain(uh) == "stream" and bridge_at(state, th):
            raise _illegal(f"{u.id} cannot go from one bridge to another (QA B9)", "QA B9")
        into = terrain_cost(state, t, th)  # no road rate, roads still cross (QA O2, O3)
        xh = exit_hex(uh, th)
        if xh not in m.hexes:  # out through the edge (QA O6 case 2)
            if label not in exit_hexes(state, u.side):
                raise _illegal(f"{u.id}'s exit hex is off the map and its side may not leave "
                               "there", "QA O6")
            if into is None or into + 1 > budget:
                raise _illegal(f"{u.id} needs 1 MP left to leave the board", "QA O6")
            return OFF
    out = entry(state, u, th, xh, road_ok=False)
    if into is None or out.cost is None:
        raise _illegal(f"{u.id} cannot drive on into {m.label(xh)}: {out.why}")
    if into + out.cost > budget:
        raise _illegal(f"{u.id} lacks the movement points to reach its exit hex", "14.3")
    return m.label(xh)


def overrun(state: GameState, side: str, unit_ids: list[str], label: str, dice,
            events: list[dict], drop: bool = False, exits: dict | None = None) -> None:
    """Declare an overrun (14.3-14.6): riders may jump off first (21.4); the target and
    others may fire before the overrunners go in (QA O7, O8); then `proceed`."""
    overrun_attack(state, side, unit_ids, label, exits)
    movers = [state.units[u] for u in unit_ids]
    riders: list[tuple[Unit, Unit]] = []
    if drop:
        riders = [(u, state.passenger_of(u)) for u in movers if u.hex is not None]
        riders = [(u, p) for u, p in riders if p is not None and utype(u).carries == "infantry"]
        if not hooks.any_says("riders_jump_off", state) or hooks.first("rider_problem", state) \
                or not riders:
            raise _illegal("no rider to drop off (Panzerblitz Assault, 21.4)", "21.4")
        for u, p in riders:
            p.carried_by = None
            p.moved = True
            p.pa_target = label
            events.append({"type": "jumped_off", "units": [p.id], "hex": u.hex,
                           "target": label})
    cont = {"units": list(unit_ids), "label": label, "exits": dict(exits or {})}
    on_map = [u for u in movers if u.hex is not None]
    if on_map and windows.open_window(
            state, "overrun_in", on_map[0], [*on_map, *(p for _, p in riders)], cont,
            runs_of={**{u.id: u.id for u in on_map}, **{p.id: u.id for u, p in riders}}):
        return
    proceed(state, cont, dice, events)


def proceed(state: GameState, cont: dict, dice, events: list[dict]) -> None:
    """The overrunners still able go in and out, and the attack is resolved (14.3-14.6)."""
    label = cont["label"]
    side = state.units[cont["units"][0]].side
    movers = [state.units[u] for u in cont["units"]]
    able = [u for u in movers if not u.eliminated and u.status == OK]
    for u in movers:
        if u not in able:
            u.overran = True  # fired on and dispersed: its move ends where it is (RB XV.B.4)
    if not able:
        events.append({"type": "overrun_cancelled", "hex": label, "why": "opportunity fire"})
        return
    try:
        attack, exits = overrun_attack(state, side, [u.id for u in able], label, cont["exits"])
    except IllegalCommand as exc:
        _stay(able)
        events.append({"type": "overrun_cancelled", "hex": label, "why": exc.message})
        return
    if label in state.mines:  # an unfound minefield in the overrun hex cancels it (QA O5)
        mines.found(state, label, events)
        _stay(able)
        events.append({"type": "overrun_cancelled", "hex": label, "why": "minefield (QA O5)"})
        return
    state.overrun_hexes.append(label)
    state.attacks_made[side] = state.attacks_made.get(side, 0) + 1
    if not attack.possible:
        _stay(able)  # back to the entry hex, move over (QA O4)
        events.append({"type": "overrun_refused", "hex": label,
                       "odds": crt.column_name(attack.index), "why": "worse than 1-4 (QA O4)"})
        return
    spent = {u.id: _spend(state, u, label, exits[u.id]) for u in able}
    for u in able:
        u.hex = exits[u.id] if exits[u.id] != OFF else label
        u.overran = True
        u.moved = True
        u.mp_spent = utype(u).movement
        passenger = state.passenger_of(u)
        if passenger is not None:
            passenger.hex = u.hex
        if exits[u.id] == OFF:
            u.exited = True  # out through an edge its side may leave by (QA O6)
            if passenger is not None:
                passenger.exited = True
            continue
        take_control(state, u)
        count_step(state, u, spent[u.id])
        if mines.entered(state, u, events):
            u.stopped = True  # it stops on the mine; the overrun still happens (QA O5)
    events.append({"type": "overrun", "hex": label, "units": [u.id for u in able],
                   "exits": exits})
    attack_sheet.resolve(state, attack, dice, events, f"overrun {label}")
    out = [u for u in able if u.on_map]
    if out:
        windows.open_window(state, "overrun_out", out[0], out, {},
                            exclude=frozenset(attack.targets),
                            runs_of={u.id: u.id for u in out})


def _spend(state: GameState, u: Unit, label: str, exit_label: str) -> float:
    """MP spent going in and out, counted for opportunity fire at the exit hex (21.2)."""
    m = game_map(state)
    into = terrain_cost(state, utype(u), m.hex(label)) or 0.0
    if exit_label == OFF:
        return into + 1.0
    out = entry(state, u, m.hex(label), m.hex(exit_label), road_ok=False).cost
    return into + (out or 0.0)


def _stay(units: list[Unit]) -> None:
    for u in units:
        u.overran = True
        u.mp_spent = utype(u).movement


def edge_entries(state: GameState, u: Unit, label: str) -> list[str]:
    """Exit hexes for an overrun of the hex a unit enters the board by (QA O6 case 1)."""
    m = game_map(state)
    th = m.hex(label)
    return [m.label(n) for n in neighbors(th) if n in m.hexes and exit_hex(n, th) not in m.hexes]
