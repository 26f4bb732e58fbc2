"""Airpower and anti-aircraft (20): fighter-bombers strike in their side's air phase.

An aircraft flies in the turns the situation gives it. It strikes one hex with its machine
guns (four times a game) or its bombs or rockets (once a game, chosen before play). Every
enemy AA unit in range fires at it first, on the provisional AA table (PL-D16): X shoots it
down, D makes it abort. The strike is direct fire on the CRT with the air WEC (20.4), no
halving for slopes (QA AP5), terrain die modifiers as usual; each hex is struck once an air
phase and every aircraft striking it joins one roll. Aircraft see units in woods and towns
only if those fired (QA AP6); ground units do not spot for them (QA AP8).

Simplified (PL-E5): AA fire is automatic (every eligible AA unit fires at each striking
aircraft), and the L-5 observation plane is not yet modelled.
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache

from ..common.errors import IllegalCommand
from ..common.hexgrid import distance
from . import combat
from .combat import Attack, defense_of, is_armored_target, terrain_drm
from .crt import charts
from .movement import utype
from .scenario import board_of
from .state import OK, GameState
from .units import DATA

HALF = Fraction(1, 2)


@cache
def _data() -> dict:
    return json.loads((DATA / "counters.json").read_text(encoding="utf-8"))


def aircraft_types() -> dict[str, dict]:
    return {a["id"]: a for a in _data()["aircraft"]}


def weapon_of(state: GameState, plane: dict, weapon: str) -> tuple[int, str]:
    """(attack, class) of a plane's weapon (RB XII.C.3)."""
    if weapon == "mg":
        return aircraft_types()[plane["type"]]["mg"], "I"
    o = _data()["ordnance"][plane["ordnance"]]
    return o["attack"], o["weapon"]


def air_wec(weapon: str, armored: bool) -> Fraction | None:
    """The air WEC (20.4; QA AP4): A full vs armour, half vs the rest; H the reverse; I
    useless vs armour; never doubled."""
    if weapon == "A":
        return Fraction(1) if armored else HALF
    if weapon == "H":
        return HALF if armored else Fraction(1)
    return None if armored else Fraction(1)


def available(state: GameState, side: str) -> list[dict]:
    return [p for p in state.aircraft.values() if p["side"] == side and not p["lost"]
            and not p["flown"] and p["first"] <= state.turn <= p["last"]
            and (p["mg_left"] > 0 or p["ordnance_left"] > 0)]


def _illegal(msg: str, rule: str = "20") -> IllegalCommand:
    return IllegalCommand(f"air_strike: {msg} ({rule})", rule=rule)


def strike_attack(state: GameState, side: str, planes: dict[str, str], target_ids: list[str],
                  ) -> Attack:
    """The strike before AA fire: per-plane weapon, air WEC, predominance (20.3, 20.4)."""
    if state.phase != "air" or state.active != side:
        raise _illegal("only in your air phase", "3")
    if not planes or not target_ids:
        raise _illegal("name aircraft with their weapons and the targets")
    free = {p["id"] for p in available(state, side)}
    targets = []
    for tid in target_ids:
        t = state.units.get(tid)
        if t is None or t.side == side or not t.on_map or t.carried_by:
            raise _illegal(f"no enemy unit {tid!r} to strike")
        targets.append(t)
    label = targets[0].hex
    if any(t.hex != label for t in targets) or len(set(target_ids)) != len(target_ids):
        raise _illegal("all targets in one hex, each once")
    if label in state.air_hexes:
        raise _illegal("each hex is struck once an air phase", "20.3")
    m = board_of(state)
    if m.is_cover(m.hex(label)) and not all(t.spotted_at == label for t in targets):
        raise _illegal("aircraft see units in woods or towns only if they fired", "QA AP6")
    for pid, weapon in sorted(planes.items()):
        if pid not in free:
            raise _illegal(f"{pid} is not flying for you now")
        plane = state.aircraft[pid]
        left = plane["mg_left"] if weapon == "mg" else plane["ordnance_left"]
        if weapon not in ("mg", "ordnance") or left <= 0:
            raise _illegal(f"{pid} has no {weapon} left (bombs/rockets once, MG four times)",
                           "RB XIV.B.6")
    return compute(state, planes, targets)


def compute(state: GameState, planes: dict[str, str], targets: list) -> Attack:
    """Strength against defence for the planes that strike (20.4; QA DF3 predominance)."""
    label = targets[0].hex
    armored = [is_armored_target(state, t) for t in targets]
    kinds = [sum(armored) * 2 > len(armored)] if sum(armored) * 2 != len(armored) else [True, False]
    total = Fraction(0)
    lines = []
    for pid, weapon in sorted(planes.items()):
        attack, cls = weapon_of(state, state.aircraft[pid], weapon)
        factors = [air_wec(cls, a) for a in kinds]
        if any(f is None for f in factors):
            raise _illegal(f"{pid}'s machine guns cannot hurt armour", "20.4")
        strength = attack * min(factors)
        total += strength
        lines.append({"unit": pid, "weapon": weapon, "class": cls, "printed": attack,
                      "wec": str(min(factors)), "strength": str(strength)})
    drm, reasons = terrain_drm(state, label)
    return Attack(kind="air", hex=label, targets=[t.id for t in targets], attack=total,
                  defense=Fraction(sum(defense_of(state, t) for t in targets)), lines=lines,
                  drm=drm, drm_reasons=reasons)


def aa_units(state: GameState, side: str, label: str) -> list:
    """Enemy AA units that can fire at a plane striking `label` (20.6; PL-D23: range to the
    struck hex, no terrain LOS)."""
    m = board_of(state)
    return [u for u in sorted(state.units.values(), key=lambda u: u.id)
            if u.side != side and u.on_map and utype(u).aa and u.status == OK
            and not u.carried_by and not u.opfired
            and distance(m.hex(u.hex), m.hex(label)) <= utype(u).range]


def aa_strength(state: GameState, units: list, label: str) -> Fraction:
    m = board_of(state)
    total = Fraction(0)
    for u in units:
        d = distance(m.hex(u.hex), m.hex(label))
        total += utype(u).attack * (2 if d <= utype(u).range // 2 else 1)  # doubled at half range
    return total


def aa_result(strength: Fraction, die: int) -> str:
    """The provisional AA table (PL-D16): bands of total AA strength, one d6."""
    row = None
    for band in charts()["aa_table"]["bands"]:
        if strength >= band[0]:
            row = band
    return row[die] if row else "-"


def strike(state: GameState, side: str, planes: dict[str, str], target_ids: list[str], dice,
           events: list[dict]) -> None:
    attack = strike_attack(state, side, planes, target_ids)
    state.air_hexes.append(attack.hex)
    shooters = aa_units(state, side, attack.hex)
    flying = {}
    for pid, weapon in sorted(planes.items()):
        plane = state.aircraft[pid]
        plane["flown"] = True
        plane["mg_left" if weapon == "mg" else "ordnance_left"] -= 1
        res = "-"
        if shooters:
            (die,) = dice.roll(1, f"anti-aircraft at {pid}")
            res = aa_result(aa_strength(state, shooters, attack.hex), die)
            events.append({"type": "anti_aircraft", "aircraft": pid, "die": die, "result": res,
                           "units": [u.id for u in shooters], "provisional": True})
        if res == "X":
            plane["lost"] = True
        if res == "-":
            flying[pid] = weapon
    for u in shooters:
        u.opfired = True  # the blank marker: no fire, move or load next own segment (20.6)
    if not flying:
        events.append({"type": "air_strike_aborted", "hex": attack.hex})
        return
    attack = compute(state, flying, [state.units[t] for t in target_ids])
    combat.resolve(state, attack, dice, events, f"air strike {attack.hex}")
