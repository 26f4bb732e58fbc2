"""Temporary bridges (18.7, 18.8): the Valentine's tank bridge, truck bridges, and fire at
them.

A Valentine bridgelayer is the only vehicle that may enter a stream hex; it stops there, and
in its next movement phase spends 3 MP to lay its tank bridge, usable at once like a
permanent bridge; the bridge never moves again (the bridge is no passenger and cannot be
fired on apart from the tank, QA E13). Any unit uses a tank bridge; a truck bridge carries
trucks, wagons, scout cars, Bren carriers, motorcycles, cavalry and units on foot (QA B13).
Temporary bridges never count for stacking. Fire at one attacks it alone, at its own
defence, as an armoured target (so I-class weapons cannot hurt it, RB X.C.5), and only X
destroys it: the vehicles on it die with it, leaving no wreck (combat.destroy_bridge).
"""

from __future__ import annotations

from fractions import Fraction

from ...common.errors import IllegalCommand
from ...common.hexgrid import distance
from ..combat.attack_sheet import Attack, terrain_drm
from ..combat.crt import charts
from ..combat.direct_fire import may_fire
from ..combat.wec import elevation_factor, star_factor, wec_factor
from . import hooks
from .scenario import game_map
from .sight import why_not_seen
from .state import OK, GameState, Unit
from .units import utype

LAYING_COST = 3.0  # MP the Valentine spends laying its bridge (18.7)


def defense(kind: str) -> int:
    return int(charts()["temporary_bridges"][kind]["defense"])


def lay(state: GameState, unit: Unit, events: list) -> None:
    """The Valentine lays its tank bridge in the stream hex it stopped in last phase (18.7)."""
    t = utype(unit)
    m = game_map(state)
    if not t.bridgelayer or not unit.bridge_aboard:
        raise IllegalCommand(f"lay_bridge: {unit.id} carries no bridge (18.7)", rule="18.7")
    if state.phase != "move_vehicles" or state.active_side != unit.side or not unit.on_map:
        raise IllegalCommand("lay_bridge: only in your vehicle movement phase (18.7)",
                             rule="18.7")
    if m.terrain(m.hex(unit.hex)) != "stream" or unit.hex in state.temp_bridges \
            or m.is_bridge(m.hex(unit.hex)) and unit.hex not in state.blown:
        raise IllegalCommand("lay_bridge: it lays its bridge in an unbridged stream hex (18.7)",
                             rule="18.7")
    if unit.status != OK or unit.fired or unit.opfired or unit.moved or unit.mp_spent \
            or unit.start_hex != unit.hex:
        raise IllegalCommand("lay_bridge: in the movement phase after it entered the stream, "
                             "before it moves (18.7)", rule="18.7")
    unit.bridge_aboard = False
    unit.mp_spent += LAYING_COST
    state.temp_bridges[unit.hex] = {"kind": "tank", "defense": defense("tank"), "built": True,
                                    "progress": 0}
    events.append({"type": "bridge_laid", "units": [unit.id], "hex": unit.hex, "kind": "tank"})


def bridge_attack(state: GameState, side: str, firers: list[Unit], label: str,
                  kind: str) -> Attack:
    """Direct fire at a temporary bridge, alone, at its own defence (RB X.C.4-5)."""
    tb = state.temp_bridges.get(label)
    if tb is None:
        raise IllegalCommand(f"fire: no temporary bridge in {label} (18.8)", rule="18.8")
    m = game_map(state)
    th = m.hex(label)
    total = Fraction(0)
    lines = []
    for f in firers:
        why = may_fire(state, f)
        ft = utype(f)
        fh = m.hex(f.hex) if f.on_map else None
        d = distance(fh, th) if fh is not None else 0
        star = star_factor(ft, d)
        if why or star is None or why_not_seen(state, fh, th) \
                or hooks.first("fire_blocked", state, f, label):
            raise IllegalCommand(f"fire: {f.id} cannot fire at the bridge in {label} (18.8)",
                                 rule="18.8")
        wec = wec_factor(ft, True, d)
        if wec is None:
            raise IllegalCommand(f"fire: {f.id}'s I-class weapons cannot hurt a bridge "
                                 "(RB X.C.5)", rule="18.8")
        strength = ft.attack * wec * star * elevation_factor(m, fh, th)
        total += strength
        lines.append({"unit": f.id, "printed": ft.attack, "distance": d, "wec": str(wec),
                      "strength": str(strength)})
    if not firers:
        raise IllegalCommand("fire: name the firing units (18.8)", rule="18.8")
    drm, reasons = terrain_drm(state, label)
    return Attack(kind=kind, hex=label, targets=[f"bridge:{label}"], attack=total,
                  defense=Fraction(tb["defense"]), lines=lines, drm=drm, drm_reasons=reasons)
