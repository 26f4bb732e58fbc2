"""Indirect fire (13): orders written a turn ahead, executed with scatter, divided by counters.

Orders are secret: only the ordering side's views carry them (views.py).
"""

from __future__ import annotations

from fractions import Fraction

from ..common.errors import IllegalCommand
from ..common.hexgrid import distance, neighbor
from . import combat
from .combat import Attack, terrain_drm
from .los import has_los
from .movement import utype
from .scenario import board_of, hex_named
from .spotting import is_spotted, sees_hex
from .state import OK, GameState, Unit

HALF = Fraction(1, 2)


def indirect_range_ok(t, dist: int) -> bool:
    """M at any range up to its own; (H) only beyond a quarter of it (13.2; QA IF9)."""
    if dist > t.range:
        return False
    return t.weapon == "M" or dist > t.range // 4


def order(state: GameState, side: str, uid: str, label: str) -> dict:
    """Write an order for next turn (13.3); returns the order."""
    u = state.units.get(uid)
    if u is None or u.side != side or not u.on_map:
        raise IllegalCommand(f"order_indirect: you have no unit {uid!r} (13.1)", rule="13.1")
    t = utype(u)
    if not t.can_fire_indirect:
        raise IllegalCommand(f"order_indirect: {uid} is not M or (H) class (13.1)", rule="13.1")
    if u.status != OK or u.carried_by:
        raise IllegalCommand("order_indirect: dispersed or loaded units take no orders (13.3; "
                             "QA IF4)", rule="13.3")
    if u.order is not None:
        raise IllegalCommand(f"order_indirect: {uid} already has an order (13.3)", rule="13.3")
    m = board_of(state)
    h = hex_named(state, label, "order_indirect", "13.3")
    if not indirect_range_ok(t, distance(m.hex(u.hex), h)):
        raise IllegalCommand(f"order_indirect: {label} is out of {uid}'s indirect range "
                             "(13.2; RB VII.C.12)", rule="13.2")
    seen = spotters_for(state, side, label)
    if not seen:
        raise IllegalCommand(f"order_indirect: no friendly spotter sees {label} (13.3; QA IF2)",
                             rule="13.3")
    enemies = [e for e in state.units_at(label, state.enemy(side)) if is_spotted(state, e, side)]
    u.order = {"hex": label, "turn": state.turn + 1, "spotters": sorted(s.id for s in seen),
               "had_enemy": bool(enemies)}
    return u.order


def spotters_for(state: GameState, side: str, label: str) -> list[Unit]:
    """Who sees a hex for an order: LOS, and in woods/town an adjacent friend or an enemy
    there that fired (13.3, 12)."""
    m = board_of(state)
    h = m.hex(label)
    seers = sees_hex(state, side, label)
    if not m.is_cover(h):
        return seers
    adjacent = [u for u in seers if m.hex(u.hex) in m.neighbours(h)]
    if adjacent:
        return adjacent
    fired_there = [e for e in state.units_at(label, state.enemy(side)) if e.spotted_at == label]
    return seers if fired_there else []


def _needs_scatter(state: GameState, side: str, o: dict) -> bool:
    """Scatter when every original spotter is gone, dispersed or blind, or no spotted enemy
    remains where one was (13.5; QA IF2, IF3, IF7)."""
    m = board_of(state)
    h = m.hex(o["hex"])
    alive = [state.units[s] for s in o["spotters"]]
    ok = [s for s in alive if s.on_map and s.status == OK and has_los(m, m.hex(s.hex), h)]
    if not ok:
        return True
    if o["had_enemy"]:
        return not [e for e in state.units_at(o["hex"], state.enemy(side))
                    if is_spotted(state, e, side)]
    return False


def scatter_hex(state: GameState, label: str, direction_roll: int) -> str | None:
    """The neighbour a scatter lands on: 1-6 clockwise from north (PL-D24)."""
    m = board_of(state)
    n = neighbor(m.hex(label), direction_roll - 1)
    return m.label(n) if n in m.hexes else None


def resolve_all(state: GameState, dice, events: list[dict]) -> None:
    """Fire every order due this turn: place all fire, then resolve hex by hex (QA IF8)."""
    side = state.active
    due = sorted((u for u in state.units.values()
                  if u.side == side and u.order is not None and u.order["turn"] <= state.turn),
                 key=lambda u: u.id)
    by_hex: dict[str, list[Unit]] = {}
    for u in due:
        by_hex.setdefault(u.order["hex"], []).append(u)
    landed: dict[str, Fraction] = {}
    for label, firers in sorted(by_hex.items()):
        able = [u for u in firers if u.on_map and u.status == OK and not u.carried_by]
        strength = Fraction(sum(utype(u).attack for u in able))
        o = able[0].order if able else None
        for u in firers:
            u.order = None
            if u in able:
                u.fired = True
        if not able:
            continue
        where = label
        if _needs_scatter(state, side, o):
            (roll,) = dice.roll(1, f"scatter {label}")
            if roll >= 6:
                where = None
            elif roll >= 3:
                (d,) = dice.roll(1, f"scatter direction {label}")
                where = scatter_hex(state, label, d)
            events.append({"type": "scatter", "hex": label, "roll": roll, "lands": where})
        if where is not None:
            landed[where] = landed.get(where, Fraction(0)) + strength
    for label, strength in sorted(landed.items()):
        for attack in hex_attacks(state, label, strength):
            combat.resolve(state, attack, dice, events, f"indirect fire {label}")
            for uid in attack.targets:
                for u in ([state.units[uid]] if uid in state.units else state.inside(label)):
                    u.indirect_turn = state.turn


def hex_attacks(state: GameState, label: str, strength: Fraction) -> list[Attack]:
    """Indirect fire divided among every counter in the hex, friend and foe (13.4)."""
    # carrier + passenger are one counter, an occupied fortification with its occupants
    # another; blocks and empty forts are no counters at all (13.4.b; QA IF12)
    targets: list[tuple[str, int, bool]] = [
        (t.id, combat.defense_of(state, t), utype(t).armored)
        for t in state.units_at(label) if not t.in_fort]
    if state.inside(label):
        targets.append((f"fort:{label}", state.forts[label]["defense"], True))
    if not targets:
        return []
    m = board_of(state)
    town = m.terrain(m.hex(label)) == "town"
    share = strength / len(targets)  # fractions kept (PL-D15)
    drm, reasons = terrain_drm(state, label)
    out = []
    for tid, defense, armored in targets:
        halved = town or armored
        each = share * HALF if halved else share
        out.append(Attack(kind="indirect", hex=label, targets=[tid], attack=each,
                          defense=Fraction(defense), drm=drm, drm_reasons=reasons,
                          lines=[{"share": str(share), "halved": halved}]))
    return out
