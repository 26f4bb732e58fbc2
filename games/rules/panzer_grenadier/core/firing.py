"""Fire by activated units: direct and anti-tank fire, bombardment, smoke and off-board
artillery, and the attacks the board may offer (9.0-11.0, 17.8).

Every attack is read from its command once (`attacks.fire_attack`), so what the preview
shows and what the resolution rolls against are the same situation.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...common.errors import IllegalCommand
from ...common.hexgrid import Hex, distance
from ..combat.anti_tank import resolve_anti_tank, validate_anti_tank
from ..combat.bombardment import resolve_bombardment, validate_bombardment
from ..combat.counters import fire_multiplier, fire_value
from ..combat.direct_fire import resolve_direct_fire, resolve_spray_fire, validate_fire
from ..combat.fire import ANTI_TANK, BOMBARDMENT, DIRECT, FireDeclaration, attack_limit
from ..double_blind.observation import is_on as double_blind_on
from . import hooks, offboard
from . import state as st
from .acting import as_events, hex_arg, in_activation, known_enemies, may_fire, note
from .attacks import fire_attack, spray_attacks
from .commands import Command
from .los import sight_row
from .registry import catalogue_for, game_map, hex_label, parse_hex
from .smoke import fire_smoke


def fire(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """Direct fire or anti-tank fire by activated units (10.0, 11.0)."""
    move_and_fire = hooks.variant("fire", cmd)
    if move_and_fire is not None:  # Efficient Move & Fire (17.3)
        return move_and_fire(state, seat, cmd, dice)
    if cmd.get("move_and_fire"):
        raise IllegalCommand("fire: move_and_fire is Efficient Move & Fire (17.3)", rule="17.3")
    hex_arg(state, cmd.get("target"), "target", "fire")
    return _resolve_fire(state, fire_attack(state, cmd).decl, dice, "fire")


def bombard(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """Bombardment by activated units, spotted by themselves or a leader (9.0, D12)."""
    if cmd.get("increments"):  # off-board artillery (9.2, offboard.py)
        if cmd.get("smoke"):
            raise IllegalCommand("bombard: off-board increments fire no smoke (D18)", rule="D18")
        state, evs = offboard.fire(state, seat, cmd, dice)
        return state, as_events(evs)
    if cmd.get("smoke"):  # a smoke mission instead of an attack (D18, smoke.py)
        return fire_smoke(state, seat, cmd, dice)
    hex_arg(state, cmd.get("target"), "target", "bombard")
    return _resolve_fire(state, fire_attack(state, cmd).decl, dice, "bombard")


def spray(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """HMG spray fire (10.1): the HMG splits its factors between two or more target hexes,
    at least 3 a hex; each part is an attack of its own, and the HMG fires once."""
    for label in cmd.get("targets"):
        hex_arg(state, label, "targets", "spray_fire")
    u = in_activation(state, cmd.get("firer"), "spray_fire")
    m, cat = game_map(state), catalogue_for(state)
    if not may_fire(state, u, DIRECT, cat) or u.attacks_made:
        raise IllegalCommand(f"spray_fire: {u.id} has already moved or fired (3.1)", rule="3.1")
    parts = spray_attacks(state, cmd)
    for part in parts:
        problems = validate_fire(m, state, part, cat)
        if problems:
            raise IllegalCommand(f"spray_fire: {'; '.join(problems)}", rule="10.1")
    if u.hidden:  # a hidden unit that fires is revealed (17.8)
        state = state.with_unit(replace(u, hidden=False))
    state, evs = resolve_spray_fire(m, state, parts, dice, cat)
    return note(state, acted=[u.id], done=[u.id]), as_events(evs)


def spray_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """Spray fire the board offers (10.1, D-LEGAL-1): each activated HMG that may fire with 6
    factors or more, at each pair of hexes it may fire at, its factors split as evenly as
    they go (the first hex takes the odd one). Other splits and more hexes are sent as
    composed commands."""
    m, cat = game_map(state), catalogue_for(state)
    out = []
    for uid in sorted(state.activation.units):
        u = state.units[uid]
        if not u.on_map or u.carried_by is not None or cat[u.type_id].kind != "hmg":
            continue
        fv = fire_value(cat, u, DIRECT)
        mult, _ = fire_multiplier(state, cat, u)
        factors = int((fv.strength if fv else 0) * mult)
        if factors < 6 or not may_fire(state, u, DIRECT, cat) or u.attacks_made:
            continue
        targets = _fire_targets(state, u, fv.range)
        split = [factors - factors // 2, factors // 2]
        for i, a in enumerate(targets):
            for b in targets[i + 1:]:
                cmd = {"type": "spray_fire", "firer": uid,
                       "targets": [hex_label(state, a), hex_label(state, b)], "factors": split}
                if not any(validate_fire(m, state, p, cat) for p in spray_attacks(state, cmd)):
                    out.append(cmd)
    return out


def _resolve_fire(state: st.GameState, decl: FireDeclaration, dice: Any, verb: str):
    m, cat = game_map(state), catalogue_for(state)
    for uid in decl.firers:
        u = in_activation(state, uid, verb)
        if not may_fire(state, u, decl.kind, cat):
            raise IllegalCommand(
                f"{verb}: {uid} has already moved or fired in this activation; "
                "a unit moves or fires, not both (3.1)",
                rule="3.1",
            )
    if decl.leader is not None:
        in_activation(state, decl.leader, verb)
    shown = {x: replace(state.units[x], hidden=False) for x in decl.firers if state.units[x].hidden}
    if shown:  # a hidden unit that fires is revealed (17.8)
        state = state.with_units(shown)
    resolve = {
        DIRECT: resolve_direct_fire,
        ANTI_TANK: resolve_anti_tank,
        BOMBARDMENT: resolve_bombardment,
    }[decl.kind]
    state, evs = resolve(m, state, decl, dice, cat)
    done = [
        uid
        for uid in decl.firers
        if state.units[uid].attacks_made >= attack_limit(cat, state.units[uid], decl.kind, False)
        or not state.units[uid].on_map
    ]
    state = note(state, acted=decl.firers, done=done)
    return state, as_events(evs)


def _fire_targets(state: st.GameState, u: st.UnitState, rng: int) -> list[Hex]:
    side = u.side
    hexes, _ = known_enemies(state, side)
    return sorted(h for h in hexes if distance(u.hex, h) <= rng)


def single_fire_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """Single-unit direct and anti-tank attacks of the activated units (10.0, 11.0)."""
    m, cat = game_map(state), catalogue_for(state)
    out = []
    for uid in sorted(state.activation.units):
        u = state.units[uid]
        if not u.on_map or u.carried_by is not None or u.status == st.DEMORALIZED:
            continue
        t = cat[u.type_id]
        if t.is_leader:
            continue
        face = t.face(u.steps)
        if face.direct_fire and may_fire(state, u, DIRECT, cat):
            for h in _fire_targets(state, u, face.direct_fire.range):
                decl = FireDeclaration(firers=(uid,), target_hex=h)
                if not validate_fire(m, state, decl, cat):
                    out.append(
                        {
                            "type": "fire",
                            "firers": [uid],
                            "target": hex_label(state, h),
                            "fire_type": "direct",
                        }
                    )
        if face.anti_tank and may_fire(state, u, ANTI_TANK, cat):
            for h in _fire_targets(state, u, (face.anti_tank.range * 3) // 2):
                for e in state.units_at(h):
                    if e.side == u.side or e.hidden or cat[e.type_id].is_leader:
                        continue
                    if cat[e.type_id].face(e.steps).armor is None:
                        continue
                    decl = FireDeclaration(
                        firers=(uid,), target_hex=h, kind=ANTI_TANK, target_unit=e.id
                    )
                    if not validate_anti_tank(m, state, decl, cat):
                        out.append(
                            {
                                "type": "fire",
                                "firers": [uid],
                                "target": hex_label(state, h),
                                "fire_type": "anti_tank",
                                "target_unit": e.id,
                            }
                        )
    return out


def fire_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """Direct and anti-tank attacks the board offers (10.0, 11.0, D-LEGAL-1): each unit alone;
    the units of one hex that may all hit a target, together; and each of these direct fire
    attacks with an activated undemoralized leader in the firers' hex adding his modifier.
    Other combinations (firers from adjacent hexes under a leader, HMG spray) are accepted by
    `fire` when the rules allow them but are not listed: there are too many to enumerate."""
    m, cat = game_map(state), catalogue_for(state)
    singles = single_fire_options(state, seat)
    out = list(singles)
    direct = [c for c in singles if c["fire_type"] == "direct"]
    by_target: dict[tuple, list[str]] = {}
    for c in direct:
        firer = state.units[c["firers"][0]]
        by_target.setdefault((c["target"], firer.hex), []).append(firer.id)
    combos = [[c["firers"], c["target"]] for c in direct]
    for (target, _h), firers in sorted(by_target.items()):
        if len(firers) > 1:
            decl = FireDeclaration(firers=tuple(firers), target_hex=parse_hex(state, target))
            if not validate_fire(m, state, decl, cat):
                out.append(
                    {
                        "type": "fire",
                        "firers": list(firers),
                        "target": target,
                        "fire_type": "direct",
                    }
                )
                combos.append([list(firers), target])
    a = state.activation
    leaders = [
        x
        for x in sorted(a.units)
        if cat[state.units[x].type_id].is_leader
        and state.units[x].on_map
        and state.units[x].status != st.DEMORALIZED
        and state.units[x].carried_by is None
    ]
    for firers, target in combos:
        here = state.units[firers[0]].hex
        for ldr in leaders:
            if state.units[ldr].hex != here:
                continue
            decl = FireDeclaration(
                firers=tuple(firers), target_hex=parse_hex(state, target), leader=ldr
            )
            if not validate_fire(m, state, decl, cat):
                out.append(
                    {
                        "type": "fire",
                        "firers": list(firers),
                        "target": target,
                        "fire_type": "direct",
                        "leader": ldr,
                    }
                )
    return out


def bombard_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """Single-unit bombardments, self-spotted or spotted by an activated leader (9.0, D12)."""
    m, cat = game_map(state), catalogue_for(state)
    a = state.activation
    spotters = [None] + sorted(
        x for x in a.units if cat[state.units[x].type_id].is_leader and state.units[x].on_map
    )
    out = []
    for uid in sorted(a.units):
        u = state.units[uid]
        t = cat[u.type_id]
        if t.is_leader or not u.on_map or u.carried_by is not None:
            continue
        face = t.face(u.steps)
        if not face.bombardment or not may_fire(state, u, BOMBARDMENT, cat):
            continue
        for h in _fire_targets(state, u, face.bombardment.range):
            for sp in spotters:
                decl = FireDeclaration(firers=(uid,), target_hex=h, kind=BOMBARDMENT, spotter=sp)
                if not validate_bombardment(m, state, decl, cat):
                    cmd = {"type": "bombard", "firers": [uid], "target": hex_label(state, h)}
                    if sp:
                        cmd["spotter"] = sp
                    out.append(cmd)
                    break
        out += _blind_bombard_options(state, u, face.bombardment.range, spotters[1:])
    return out + _combined_bombard_options(state, out)


def _combined_bombard_options(state: st.GameState, singles: list[dict]) -> list[dict]:
    """On-board guns that may each bombard a hex, together (9.3): for each target, the guns
    in the same or adjacent hexes (taken in id order, each joining while it is within one hex
    of all already in), with the first spotter that serves them all."""
    m, cat = game_map(state), catalogue_for(state)
    by_target: dict[str, list[dict]] = {}
    for c in singles:
        by_target.setdefault(c["target"], []).append(c)
    out = []
    for target, cs in sorted(by_target.items()):
        group: list[str] = []
        for c in sorted(cs, key=lambda c: c["firers"][0]):
            uid = c["firers"][0]
            if all(distance(state.units[uid].hex, state.units[g].hex) <= 1 for g in group):
                group.append(uid)
        if len(group) < 2:
            continue
        for sp in dict.fromkeys([None, *(c.get("spotter") for c in cs if c.get("spotter"))]):
            decl = FireDeclaration(firers=tuple(group), target_hex=parse_hex(state, target),
                                   kind=BOMBARDMENT, spotter=sp)
            if not validate_bombardment(m, state, decl, cat):
                cmd = {"type": "bombard", "firers": group, "target": target}
                if sp:
                    cmd["spotter"] = sp
                out.append(cmd)
                break
    return out


def bombard_and_smoke_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """Bombardments, a smoke mission at each of their targets (D18, D-SMOKE-1), and the
    off-board increments' bombardments (9.2, D-OFFBOARD-1)."""
    out = bombard_options(state, seat)
    targets = sorted(known_enemies(state, seat.side)[0])
    smoke = [{**c, "smoke": True} for c in out if len(c["firers"]) == 1]  # one gun a mission
    return out + smoke + offboard.options(state, seat, targets)


def _blind_bombard_options(
    state: st.GameState, u: st.UnitState, rng: int, spotters: list[str]
) -> list[dict]:
    """Double-blind: bombardments of hexes with no known enemy, at half strength, each with
    the first activated leader who has a line of sight to the hex (18.8, D-DB-BLIND-LEGAL).

    The hexes offered depend on the leaders' line of sight and the firer's range only, never
    on what stands in them, so the list reveals nothing.
    """
    if not spotters or not double_blind_on(state):
        return []
    m, cat = game_map(state), catalogue_for(state)
    known, _ = known_enemies(state, u.side)
    in_range = [h for h in m.in_order() if distance(u.hex, h) <= rng and h not in known]
    chosen: dict[Hex, str] = {}
    for sp in spotters:
        leader = state.units[sp]
        if leader.status == st.DEMORALIZED or not leader.on_map:
            continue  # refused at every hex (D12)
        # The spotter must have a line of sight to the hex (18.8): the hexes out of his
        # sight even with no smoke are refused, so they are left out before the whole
        # check, which traces the line again, with the smoke.
        in_sight = sight_row(m, leader.hex)
        for h in in_range:
            if h in chosen or h not in in_sight:
                continue
            decl = FireDeclaration(firers=(u.id,), target_hex=h, kind=BOMBARDMENT, spotter=sp)
            if not validate_bombardment(m, state, decl, cat):
                chosen[h] = sp
    return [
        {"type": "bombard", "firers": [u.id], "target": hex_label(state, h), "spotter": sp}
        for h, sp in sorted(chosen.items())
    ]

