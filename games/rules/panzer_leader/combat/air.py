"""Airpower (20): fighter-bombers strike and the L-5 watches, in their side's air phase.

An aircraft flies in the turns the situation gives it. A fighter-bomber strikes one hex with
its machine guns (four times a game) or its bombs or rockets (once a game, chosen before
play, QA AP3). The strike is declared first; the enemy's AA may then fire at any aircraft in
range (antiaircraft.py, QA AP9); the planes still flying then attack: direct fire on the CRT
with the air WEC (20.4), no halving for slopes (QA AP5), terrain die modifiers as usual; each
hex is struck once an air phase and every aircraft striking it joins one roll. Aircraft see
units in woods and towns only if those fired (QA AP6); ground units do not spot for them
(QA AP8); they do see into streams (QA AP7).

The L-5 observation plane (20.2) flies to a hex and stays there until it flies again: it
sights for indirect fire units in clear terrain within 30 hexes and units in woods or towns
that fired within 10 (indirect.py).
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache

from ...common.errors import IllegalCommand
from ...common.hexgrid import distance
from ..core.scenario import game_map, hex_named
from ..core.sight import in_cover, smoke_between
from ..core.state import GameState
from ..core.units import DATA
from .attack_sheet import Attack, defense_of, is_armored_target, terrain_drm

HALF = Fraction(1, 2)
L5_CLEAR, L5_FIRED = 30, 10  # what the L-5 sights, in hexes (20.2)


@cache
def _data() -> dict:
    return json.loads((DATA / "counters.json").read_text(encoding="utf-8"))


def aircraft_types() -> dict[str, dict]:
    return {a["id"]: a for a in _data()["aircraft"]}


def ordnance_kinds() -> dict[str, dict]:
    """Bombs and rockets: the fighter-bombers' primary weapons (RB XII.C.3)."""
    return dict(_data()["ordnance"])


def is_observer(plane: dict) -> bool:
    return bool(aircraft_types()[plane["type"]].get("observer"))


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


def flying_turn(state: GameState, plane: dict) -> bool:
    return not plane["lost"] and plane["first"] <= state.turn <= plane["last"]


def available(state: GameState, side: str) -> list[dict]:
    """The side's aircraft that may still fly this air phase."""
    return [p for _, p in sorted(state.aircraft.items()) if p["side"] == side
            and flying_turn(state, p) and not p["flown"]
            and (is_observer(p) or p["mg_left"] > 0 or p["ordnance_left"] > 0)]


def _illegal(msg: str, rule: str = "20") -> IllegalCommand:
    return IllegalCommand(f"air_strike: {msg} ({rule})", rule=rule)


def strike_attack(state: GameState, side: str, planes: dict[str, str], target_ids: list[str],
                  ) -> Attack:
    """The strike before AA fire: per-plane weapon, air WEC, predominance (20.3, 20.4)."""
    if state.phase != "air" or state.active_side != side:
        raise _illegal("only in your air phase", "3")
    if not planes or not target_ids:
        raise _illegal("name aircraft with their weapons and the targets")
    free = {p["id"] for p in available(state, side) if not is_observer(p)}
    targets = []
    for tid in target_ids:
        t = state.units.get(tid)
        if t is None or t.side == side or not t.on_map or t.carried_by or t.in_fort:
            raise _illegal(f"no enemy unit {tid!r} to strike")
        targets.append(t)
    label = targets[0].hex
    if any(t.hex != label for t in targets) or len(set(target_ids)) != len(target_ids):
        raise _illegal("all targets in one hex, each once")
    if label in state.air_hexes:
        raise _illegal("each hex is struck once an air phase", "20.3")
    m = game_map(state)
    if in_cover(state, m.hex(label)) and not all(t.spotted_at == label for t in targets):
        raise _illegal("aircraft see units in woods, towns or smoke only if they fired", "QA AP6")
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


def declare(state: GameState, side: str, planes: dict[str, str], target_ids: list[str],
            events: list) -> Attack:
    """The planes fly to the target: weapons are booked, AA may fire next (20.3)."""
    attack = strike_attack(state, side, planes, target_ids)
    state.air_hexes.append(attack.hex)
    for pid, weapon in sorted(planes.items()):
        plane = state.aircraft[pid]
        plane["flown"] = True
        plane["hex"] = attack.hex  # AA range is counted to the struck hex (PL-D23)
        plane["mg_left" if weapon == "mg" else "ordnance_left"] -= 1
    events.append({"type": "air_strike_declared", "aircraft": sorted(planes), "hex": attack.hex,
                   "units": list(target_ids)})
    return attack


def fly(state: GameState, side: str, pid: str, label: str, events: list) -> None:
    """The L-5 flies to a hex and stays there (20.2)."""
    plane = state.aircraft.get(pid)
    if state.phase != "air" or state.active_side != side:
        raise IllegalCommand("fly: only in your air phase (3)", rule="3")
    if plane is None or plane["side"] != side or not is_observer(plane) \
            or plane not in available(state, side):
        raise IllegalCommand(f"fly: {pid!r} is no observation plane of yours free to fly (20.2)",
                             rule="20.2")
    hex_named(state, label, "fly", "20.2")
    plane["hex"] = label
    plane["flown"] = True
    events.append({"type": "flew", "aircraft": [pid], "hex": label})


def l5_sights(state: GameState, side: str, label: str) -> list[str]:
    """The side's L-5s that sight a hex for indirect fire now (20.2): clear terrain within 30,
    woods or town within 10 where an enemy fired; never through smoke."""
    m = game_map(state)
    h = m.hex(label)
    out = []
    for pid, plane in sorted(state.aircraft.items()):
        if plane["side"] != side or plane["lost"] or not plane.get("hex") or not is_observer(plane):
            continue
        if not flying_turn(state, plane):
            continue
        ph = m.hex(plane["hex"])
        d = distance(ph, h)
        if smoke_between(state, ph, h) or label in state.smoke:
            continue
        if in_cover(state, h):
            fired = [u for u in state.units_at(label, state.enemy(side)) if u.spotted_at == label]
            if fired and d <= L5_FIRED:
                out.append(f"air:{pid}")
        elif d <= L5_CLEAR:
            out.append(f"air:{pid}")
    return out


def land_the_bombers(state: GameState) -> None:
    """At the end of an air phase the fighter-bombers go home; the L-5 stays up (20.1)."""
    for plane in state.aircraft.values():
        if not is_observer(plane):
            plane["hex"] = None
