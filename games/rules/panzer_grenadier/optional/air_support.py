"""Aircraft (15.1): a sortie's arrival roll and its direct-fire or anti-tank attack.

A scenario's `air_support` special rule gives a side sorties for some turns, each with a DF
and/or AT value. D-AIR-1: a sortie arrives on 1d6 <= 3; one that does not arrive is spent.
D-AIR-2: the air unit is over the target hex: no range shifts (not "3 or more hexes away",
not "adjacent to all firing units"), and its DF attack shifts 1 column left when an
undemoralized enemy AA unit is within 3 hexes of the target hex. D-AIR-3 (11.4): its anti-tank
attack is a normal anti-tank attack at range 0 with no adjacency bonus: 2d6 + AT - armor, with
the target's own modifiers (moved in the preceding segment, dug-in or protective terrain);
nothing about the firer's hex (elevation, range, attacked-from) applies. Aircraft are off-map:
the side's logistics do not touch them.
"""

from __future__ import annotations

from dataclasses import replace as _replace
from fractions import Fraction
from typing import Any

from ...common.errors import IllegalCommand
from ...common.hexgrid import Hex, distance
from ..combat import board, situation
from ..combat.counters import armor, ctype
from ..combat.direct_fire import DF_TABLE, direct_fire_shifts
from ..combat.events import Event, Shift, event
from ..combat.fire import DIRECT, FireDeclaration, OffBoardIncrement
from ..combat.losses import apply_result
from ..combat.morale import morale_check
from ..combat.situation import AttackSituation, refused
from ..combat.steps import eliminate, step_loss
from ..core.acting import as_events, known_enemies
from ..core.commands import Event as Ev
from ..core.hooks import Plugin
from ..core.registry import catalogue_for, game_map, hex_label, parse_hex, scenario_for
from ..core.state import DEMORALIZED, AirPending, GameState
from ..double_blind.air_declaration import declare

ARRIVES_AT_MOST = 3  # D-AIR-1: a sortie arrives on 1d6 <= 3
AA_RADIUS = 3  # 15.1 / 10.3 chart: enemy AA within 3 hexes of the attacking air unit


def arrival(dice: Any, side: str, sortie: str) -> tuple[bool, Ev]:
    """Roll for the sortie's arrival (15.1, D-AIR-1)."""
    die = dice.roll(1, f"air arrival {sortie}")[0]
    arrives = die <= ARRIVES_AT_MOST

    return arrives, Ev("air_arrival", side=side, units=(), data={
        "sortie": sortie, "roll": die, "arrives": arrives,
        "reason": f"1d6 = {die}: the sortie {'arrives' if arrives else 'does not arrive'} "
                  f"(arrives on {ARRIVES_AT_MOST} or less, D-AIR-1)",
    })


def enemy_aa_near(game_map: Any, state: GameState, side: str, target: Hex, catalogue: Any):
    """Undemoralized AA units of the other side within 3 hexes of the air unit, which is over
    the target hex (10.3 chart, D-AIR-2)."""
    return sorted(
        u.id for u in state.units_on_map()
        if u.side != side and u.status != DEMORALIZED and u.carried_by is None
        and ctype(catalogue, u).kind == "aa_gun" and distance(u.hex, target) <= AA_RADIUS
    )


def air_direct_fire_situation(
    game_map: Any, state: GameState, side: str, sortie: str, value: int, target: Hex,
    catalogue: Any,
) -> AttackSituation:
    """An air unit's direct fire on the hex it is over, before its dice (15.1, 10.3, D-AIR-2)."""
    decl = FireDeclaration(firers=(), target_hex=target, increments=(OffBoardIncrement(sortie, value),))
    shifts = direct_fire_shifts(game_map, state, decl, catalogue)
    aa = enemy_aa_near(game_map, state, side, target, catalogue)
    if aa:
        shifts.append(Shift(-1, "undemoralized enemy AA unit within 3 hexes of attacking air "
                                f"unit ({', '.join(aa)})", "10.3, 15.1"))
    parts = ({"unit": sortie, "printed": value, "used": value, "value": str(value),
              "why": ["air unit over the hex (15.1)"]},)
    return AttackSituation(DIRECT, situation.DIRECT_FIRE, side, value, parts, tuple(shifts))


def air_anti_tank_situation(
    game_map: Any, state: GameState, side: str, sortie: str, value: int, target_unit: str,
    catalogue: Any,
) -> AttackSituation:
    """An air unit's anti-tank attack before its dice (11.4, D-AIR-3): range 0, the target's
    own modifiers only."""
    target = state.units[target_unit]
    arm = armor(catalogue, target)
    arm = int(max(0, arm - 1) if arm is not None and target.mired else (arm or 0))
    mods: list[Shift] = []
    if target.last_moved_segment is not None and target.last_moved_segment == state.segment - 1:
        mods.append(Shift(-1, "target moved in the preceding action segment", "11.1, D25"))
    t = board.terrain(game_map, target.hex)
    if target.dug_in or t.anti_tank_drm < 0:
        why = "target is dug-in" if target.dug_in else f"target occupies {t.name.lower()}"
        mods.append(Shift(-1, why, "11.1"))
    parts = ({"unit": sortie, "printed": value, "used": value, "value": str(value),
              "why": ["air unit over the hex (11.4)"]},)
    return AttackSituation("anti_tank", situation.ANTI_TANK, side, value, parts, tuple(mods), arm)


def air_direct_fire(
    game_map: Any, state: GameState, side: str, sortie: str, value: int, target: Hex,
    dice: Any, catalogue: Any,
) -> tuple[GameState, list[Event]]:
    """An air unit's direct fire on the hex it is over (15.1, 10.2, D-AIR-2)."""
    sit = air_direct_fire_situation(game_map, state, side, sortie, value, target, catalogue)
    events = [event("fire", kind=DIRECT, side=side, firers=[], air=sortie,
                    target_hex=board.label(game_map, target), opportunity=False, value=value,
                    value_parts=list(sit.value_parts))]
    events += sit.shift_events()
    col = sit.column_event()
    events.append(col)
    roll = dice.roll(2, "air direct fire")
    code = sit.result(sum(roll))
    events.append(event("roll", purpose="air direct fire", dice=list(roll), total=sum(roll)))
    events.append(event("result", kind=DIRECT, code=code, column=col["column"], dice=sum(roll)))
    enemy = sorted({u.side for u in state.units_at(target)} - {side})
    state, evs, _ = apply_result(game_map, state, target, code, dice, catalogue, table=DF_TABLE,
                                 sides=enemy, cause=f"air direct fire {code}")
    return state, events + evs


def air_anti_tank(
    game_map: Any, state: GameState, side: str, sortie: str, value: int, target_unit: str,
    dice: Any, catalogue: Any,
) -> tuple[GameState, list[Event]]:
    """An air unit's anti-tank attack on one armored unit below it (11.4, D-AIR-3)."""
    sit = air_anti_tank_situation(game_map, state, side, sortie, value, target_unit, catalogue)
    target, arm, drm = state.units[target_unit], int(sit.armor or 0), sit.net_shift
    events = [event("fire", kind="anti_tank", side=side, firers=[], air=sortie,
                    target_hex=board.label(game_map, target.hex), target_unit=target.id,
                    opportunity=False, value=value, armor=arm,
                    reason="air anti-tank attack at range 0, no adjacency bonus (11.4, D-AIR-3)")]
    events += sit.shift_events()
    roll = dice.roll(2, "air anti-tank fire")
    total = sum(roll) + sit.modifier
    code = sit.result(sum(roll))
    events.append(event("roll", purpose="air anti-tank fire", dice=list(roll), total=sum(roll)))
    events.append(event("result", kind="anti_tank", code=code, dice=sum(roll), modified=total,
                        modifier=sit.modifier,
                        reason=f"{sum(roll)} + {value} - {arm} {drm:+d} = {total}"))
    if code == "eliminated":
        state, evs = eliminate(game_map, state, target.id, catalogue,
                               reason="air anti-tank fire: 13 or more (11.1, 11.4)")
        events += evs
    elif code == "step_loss":
        state, evs = step_loss(game_map, state, target.id, catalogue,
                               reason="air anti-tank fire: 10-12 (11.1, 11.4)")
        events += evs
        if state.units[target.id].on_map:
            state, evs, _ = morale_check(game_map, state, target.id, 2, dice, catalogue,
                                         cause="anti-tank M2")
            events += evs
    return state, events


# -- the air_strike command (15.1, D-AIR-4) ---------------------------------------------------


def sorties_left(state: GameState, side: str) -> list:
    """The side's sorties that may still fly this turn (15.1, D-AIR-1)."""
    rules = getattr(scenario_for(state), "rules", None)
    out = []
    for r in rules("air_support") if rules else ():
        if r.side != side:
            continue
        for s in r.sorties:
            last = s.to_turn if s.to_turn is not None else state.last_turn
            if s.from_turn <= state.turn <= last and f"{s.id}@{state.turn}" not in state.air_flown:
                out.append(s)
    return out


def strike(state: GameState, seat: Any, cmd: Any, dice: Any):
    """Fly one sortie at a hex: arrival roll, then its DF or AT attack (15.1, 11.4, D-AIR-4)."""

    a = state.activation
    side = a.side if a is not None else None
    m, cat = game_map(state), catalogue_for(state)
    sortie = next((s for s in sorties_left(state, side) if s.id == cmd.get("sortie")), None)
    if sortie is None:
        raise IllegalCommand(
            f"air_strike: no sortie {cmd.get('sortie')!r} left for this turn (15.1)", rule="15.1")
    target = parse_hex(state, cmd.get("target"))
    if target is None or not m.contains(target):
        raise IllegalCommand(f"air_strike: {cmd.get('target')} is not on the map", rule="15.1")
    kind = cmd.get("attack")
    value = sortie.direct_fire if kind == DIRECT else sortie.anti_tank
    if not value:
        raise IllegalCommand(f"air_strike: {sortie.id} has no {kind} value (15.1)", rule="15.1")
    hexes, ids = known_enemies(state, side)
    blind = "double_blind" in state.options
    if not blind and target not in hexes:
        raise IllegalCommand(
            f"air_strike: no enemy unit you can see in {cmd.get('target')} (15.1)", rule="15.1")
    tu = cmd.get("target_unit")
    if kind != DIRECT:
        u = state.units.get(tu) if tu else None
        if (u is None or u.side == side or u.hex != target or u.id not in ids
                or armor(cat, u) is None):
            raise IllegalCommand(
                "air_strike: an anti-tank attack names an armored enemy unit you can see in "
                "the target hex (11.4)", rule="11.4")
    state = _replace(state, air_flown=state.air_flown | {f"{sortie.id}@{state.turn}"})
    arrives, ev = arrival(dice, side, sortie.id)
    events = [Ev("air_strike", side=side, units=(), data={
        "sortie": sortie.id, "name": sortie.name, "target": hex_label(state, target),
        "attack": kind, "value": value})]
    events.append(ev)
    if not arrives:
        return state, events
    if blind:  # 18.9: the defender declares the unobserved hexes around the aimed hex, then
        # "the actual hex to be attacked is decided": the attacker's next command (air_attack).

        events.append(Ev("air_declaration", side=side, units=(), data={
            "target": hex_label(state, target), "declared": declare(state, side, target)}))
        pending = AirPending(side, sortie.id, kind, value, target)
        return _replace(state, air_pending=pending), events
    if kind == DIRECT:
        state, raw = air_direct_fire(m, state, side, sortie.id, value, target, dice, cat)
    else:
        state, raw = air_anti_tank(m, state, side, sortie.id, value, tu, dice, cat)
    return state, events + as_events(raw)


def strike_odds(state: GameState, cmd: Any) -> dict:
    """An air strike's odds: the chance the sortie arrives (D-AIR-1) and, if it does, its
    attack's situation, built as `strike` builds it (15.1, 11.4)."""

    a = state.activation
    side = a.side if a is not None else None
    m, cat = game_map(state), catalogue_for(state)
    sortie = next((s for s in sorties_left(state, side) if s.id == cmd.get("sortie")), None)
    if sortie is None:
        return refused("air_strike", [f"no sortie {cmd.get('sortie')!r} left for this turn (15.1)"])
    target = parse_hex(state, cmd.get("target"))
    if cmd.get("attack") == DIRECT:
        sit = air_direct_fire_situation(m, state, side, sortie.id, sortie.direct_fire, target, cat)
    else:
        sit = air_anti_tank_situation(
            m, state, side, sortie.id, sortie.anti_tank, cmd.get("target_unit"), cat
        )
    arrives = Fraction(ARRIVES_AT_MOST, 6)
    return {**sit.to_json(), "arrives": {"p": round(float(arrives), 4), "fraction": str(arrives),
                                         "rule": "D-AIR-1"}}


def strike_options(state: GameState, seat: Any) -> list[dict]:
    """Every air strike the active side may fly now (15.1)."""
    a = state.activation
    if a is None or state.opfire is not None:
        return []
    left = sorties_left(state, a.side)
    if not left:
        return []
    cat = catalogue_for(state)
    hexes, ids = known_enemies(state, a.side)
    out = []
    for s in left:
        for h in sorted(hexes):
            label = hex_label(state, h)
            if s.direct_fire:
                out.append({"type": "air_strike", "sortie": s.id, "target": label,
                            "attack": DIRECT})
            if s.anti_tank:
                for u in sorted(state.units_at(h), key=lambda u: u.id):
                    if u.side != a.side and u.id in ids and armor(cat, u) is not None:
                        out.append({"type": "air_strike", "sortie": s.id, "target": label,
                                    "attack": "anti_tank", "target_unit": u.id})
    return out


REAIM_RADIUS = 3  # D-AIR-4: the declaration covers 3 hexes around the aimed hex (18.9)


def _reaim_problem(state: GameState, cmd: Any) -> str | None:
    """Why an air_attack may not be made; None if it may (18.9, D-AIR-4)."""
    p = state.air_pending
    try:
        target = parse_hex(state, cmd.get("target"))
    except ValueError as exc:
        return str(exc)
    if not game_map(state).contains(target) or distance(target, p.aimed) > REAIM_RADIUS:
        return f"{cmd.get('target')} is more than {REAIM_RADIUS} hexes from the aimed hex (18.9)"
    if p.attack != DIRECT:
        _, ids = known_enemies(state, p.side)
        u = state.units.get(cmd.get("target_unit") or "")
        if (u is None or u.side == p.side or u.hex != target or u.id not in ids
                or armor(catalogue_for(state), u) is None):
            return "an anti-tank attack names an armored enemy unit you can see there (11.4)"
    return None


def attack(state: GameState, seat: Any, cmd: Any, dice: Any):
    """The double-blind sortie attacks the hex its player chose after the declaration (18.9,
    D-AIR-4): any hex within 3 of the aimed hex, seen or not."""

    p = state.air_pending
    if p is None:
        raise IllegalCommand("air_attack: no sortie is waiting for its target (18.9)", rule="18.9")
    why = _reaim_problem(state, cmd)
    if why:
        raise IllegalCommand(f"air_attack: {why}", rule="18.9")
    m, cat = game_map(state), catalogue_for(state)
    target = parse_hex(state, cmd.get("target"))
    state = _replace(state, air_pending=None)
    if p.attack == DIRECT:
        state, raw = air_direct_fire(m, state, p.side, p.sortie, p.value, target, dice, cat)
    else:
        state, raw = air_anti_tank(m, state, p.side, p.sortie, p.value, cmd.get("target_unit"),
                                   dice, cat)
    return state, as_events(raw)


def attack_options(state: GameState, seat: Any) -> list[dict]:
    """Where the waiting sortie may attack: every hex within 3 of the aimed hex (direct), or
    each armored enemy unit seen there (anti-tank) (18.9, D-AIR-4)."""
    p = state.air_pending
    if p is None:
        return []
    m = game_map(state)
    hexes = sorted(h for h in m.hexes if distance(h, p.aimed) <= REAIM_RADIUS)
    if p.attack == DIRECT:
        return [{"type": "air_attack", "target": hex_label(state, h)} for h in hexes]
    cat = catalogue_for(state)
    _, ids = known_enemies(state, p.side)
    return [
        {"type": "air_attack", "target": hex_label(state, state.units[u].hex), "target_unit": u}
        for u in ids
        if state.units[u].hex in hexes and armor(cat, state.units[u]) is not None
    ]


PLUGIN = Plugin(
    "air_support",
    commands={"air_strike": strike, "air_attack": attack},
    offers={"air_strike": strike_options, "air_attack": attack_options},
)
