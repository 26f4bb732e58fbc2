"""Indirect fire (13): orders written ahead, executed with scatter, divided by counters.

Artillery orders are written a turn ahead, naval ones two turns ahead (19.4), on a hex a
friendly spotter sees when the order is written: a unit that could fire directly into it, or
an L-5 (20.2; not for naval fire). An order may instead aim at a temporary bridge (the fire
ignores the other units there and is halved, 13.7) or, under the experimental smoke rule,
fire smoke (22.3): the smoke plug-in (optional/smoke.py) judges and lays it through the hook
table, and with no plug-in a smoke order is refused. Orders are secret: only the ordering side's views carry them.
"""

from __future__ import annotations

from fractions import Fraction

from ...common.errors import IllegalCommand
from ...common.hexgrid import distance, neighbor
from ..core import hooks, spotting
from ..core.scenario import bridge_at, game_map, hex_named
from ..core.sight import in_cover, sees
from ..core.spotting import is_spotted, sees_hex
from ..core.state import OK, GameState, Unit
from ..core.units import utype
from . import air, attack_sheet, naval
from .attack_sheet import Attack, terrain_drm

HALF = Fraction(1, 2)
TARGETS = ("units", "bridge")
NO_SMOKE = "smoke is an experimental rule not in play"


def indirect_range_ok(t, dist: int) -> bool:
    """M at any range up to its own; (H) only beyond a quarter of it (13.2; QA IF9)."""
    if dist > t.range:
        return False
    return t.weapon == "M" or dist > t.range // 4


def _illegal(msg: str, rule: str) -> IllegalCommand:
    return IllegalCommand(f"order_indirect: {msg} ({rule})", rule=rule)


def order(state: GameState, side: str, uid: str | None, label: str, *, navy: int = 0,
          target: str = "units", smoked: bool = False) -> dict:
    """Write an order (13.3; 19.4); returns it."""
    h = hex_named(state, label, "order_indirect", "13.3")
    if target not in TARGETS:
        raise _illegal("an order aims at the units in a hex or at its bridge", "13.7")
    if target == "bridge" and label not in state.temp_bridges:
        raise _illegal(f"no temporary bridge in {label}", "13.7")
    if smoked:
        why = hooks.refusal("smoke_problem", NO_SMOKE, state, side, None, label)
        if why:
            raise _illegal(why, "22.3")
    if navy:
        turn = state.turn + 2  # naval orders are written two turns ahead (19.4)
        why = naval.check_lot(state, side, turn, navy)
        if why:
            raise _illegal(why, "19.4")
        seen = spotters_for(state, side, label, aircraft=False)
        if not seen:
            raise _illegal(f"no friendly ground spotter sees {label}", "19.4; QA IF2")
        o = {"side": side, "hex": label, "turn": turn, "points": navy, "spotters": seen,
             "had_enemy": _spotted_enemy(state, side, label), "target": target,
             "smoke": smoked}
        state.naval_orders.append(o)
        return o
    u = state.units.get(uid or "")
    if u is None or u.side != side or not u.on_map:
        raise _illegal(f"you have no unit {uid!r}", "13.1")
    t = utype(u)
    if not t.can_fire_indirect:
        raise _illegal(f"{uid} is not M or (H) class", "13.1")
    if u.status != OK or u.carried_by:
        raise _illegal("dispersed or loaded units take no orders", "13.3; QA IF4")
    if u.order is not None:
        raise _illegal(f"{uid} already has an order", "13.3")
    if smoked:
        why = hooks.refusal("smoke_problem", NO_SMOKE, state, side, u, label)
        if why:
            raise _illegal(why, "22.3")
    m = game_map(state)
    if not indirect_range_ok(t, distance(m.hex(u.hex), h)):
        raise _illegal(f"{label} is out of {uid}'s indirect range", "13.2; RB VII.C.12")
    why = hooks.first("fire_blocked", state, u, label)
    if why:
        raise _illegal(why, "22.2")
    seen = spotters_for(state, side, label)
    if not seen:
        raise _illegal(f"no friendly spotter sees {label}", "13.3; QA IF2")
    u.order = {"hex": label, "turn": state.turn + 1, "spotters": seen,
               "had_enemy": _spotted_enemy(state, side, label), "target": target,
               "smoke": smoked}
    return u.order


def _spotted_enemy(state: GameState, side: str, label: str) -> bool:
    return any(is_spotted(state, e, side) for e in state.units_at(label, state.enemy(side)))


def spotters_for(state: GameState, side: str, label: str, aircraft: bool = True) -> list[str]:
    """Who sees a hex for an order (13.3, 12; QA ST3; 20.2): LOS, and in woods, town or smoke
    an adjacent friend or an enemy there that fired; into a stream hex an adjacent friend
    (from a slope or hilltop, any seer once a friend is adjacent); or an L-5."""
    m = game_map(state)
    h = m.hex(label)
    seers = sees_hex(state, side, label)
    adjacent = [u for u in seers if m.hex(u.hex) in m.neighbors(h) or u.hex == label]
    if m.terrain(h) == "stream" and not bridge_at(state, h):
        found = seers if adjacent else []
        found = [u for u in found if u in adjacent or m.elevation(m.hex(u.hex)) > 0]
    elif not in_cover(state, h):
        found = seers
    elif adjacent:
        found = adjacent
    else:
        fired = [e for e in state.units_at(label, state.enemy(side)) if e.spotted_at == label]
        found = seers if fired else []
    out = sorted(u.id for u in found)
    return out + (air.l5_sights(state, side, label) if aircraft else [])


def _spotter_ok(state: GameState, sid: str, label: str) -> bool:
    m = game_map(state)
    if sid.startswith("air:"):
        side = state.aircraft[sid[4:]]["side"]
        return sid in air.l5_sights(state, side, label)
    s = state.units[sid]
    return s.on_map and s.status == OK and sees(state, m.hex(s.hex), m.hex(label))


def _needs_scatter(state: GameState, side: str, o: dict) -> bool:
    """Scatter when every original spotter is gone, dispersed or blind, or no spotted enemy
    remains where one was (13.5; QA IF2, IF3, IF7)."""
    if not any(_spotter_ok(state, s, o["hex"]) for s in o["spotters"]):
        return True
    if o["had_enemy"]:
        return not _spotted_enemy(state, side, o["hex"])
    return False


def scatter_hex(state: GameState, label: str, direction_roll: int) -> str | None:
    """The neighbour a scatter lands on: 1-6 clockwise from north (PL-D24)."""
    m = game_map(state)
    n = neighbor(m.hex(label), direction_roll - 1)
    return m.label(n) if n in m.hexes else None


def _due(state: GameState, side: str) -> list[tuple[dict, Fraction, list[Unit]]]:
    """The orders due now, each with its strength and its firers (none for the navy)."""
    out = []
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if u.side == side and u.order is not None and u.order["turn"] <= state.turn:
            o = u.order
            u.order = None
            if u.on_map and u.status == OK and not u.carried_by:
                u.fired = True
                spotting.mark_fired(state, u)
                out.append((o, Fraction(utype(u).attack), [u]))
    for o in [o for o in state.naval_orders if o["side"] == side and o["turn"] <= state.turn]:
        state.naval_orders.remove(o)
        naval.spend(state, side, o["turn"], o["points"])
        out.append((o, Fraction(o["points"]), []))
    return out


def resolve_all(state: GameState, dice, events: list[dict]) -> None:
    """Fire every order due this turn: place all fire, then resolve hex by hex (QA IF8)."""
    side = state.active_side
    groups: dict[tuple[str, str, bool], list[tuple[dict, Fraction]]] = {}
    for o, strength, _ in _due(state, side):
        key = (o["hex"], o.get("target", "units"), bool(o.get("smoke")))
        groups.setdefault(key, []).append((o, strength))
    landed: dict[tuple[str, str, bool], Fraction] = {}
    for (label, target, smoked), items in sorted(groups.items()):
        strength = sum((s for _, s in items), Fraction(0))
        where = label
        if _needs_scatter(state, side, items[0][0]):
            (roll,) = dice.roll(1, f"scatter {label}")
            if roll >= 6:
                where = None
            elif roll >= 3:
                (d,) = dice.roll(1, f"scatter direction {label}")
                where = scatter_hex(state, label, d)
            events.append({"type": "scatter", "hex": label, "roll": roll, "lands": where})
        if where is not None:
            key = (where, target if where == label else "units", smoked)
            landed[key] = landed.get(key, Fraction(0)) + strength
    if landed:
        state.attacks_made[side] = state.attacks_made.get(side, 0) + 1
    for (label, target, smoked), strength in sorted(landed.items()):
        if smoked:  # only written with the smoke rule in play (22.3, hooks.py)
            for lands in hooks.each("smoke_lands"):
                lands(state, side, label, strength, events)
            continue
        attacks = [bridge_attack(state, label, strength)] if target == "bridge" else \
            hex_attacks(state, label, strength)
        for attack in attacks:
            if attack is None:
                continue
            attack_sheet.resolve(state, attack, dice, events, f"indirect fire {label}")
            for uid in attack.targets:
                for u in ([state.units[uid]] if uid in state.units else state.inside(label)):
                    u.indirect_turn = state.turn
        state.fired_hexes.append(label)


def hex_attacks(state: GameState, label: str, strength: Fraction) -> list[Attack]:
    """Indirect fire divided among every counter in the hex, friend and foe (13.4)."""
    # carrier + passenger are one counter, an occupied fortification with its occupants
    # another; blocks, empty forts and temporary bridges are no counters at all (13.4.b;
    # QA IF12; a bridge is ignored unless aimed at, 13.7)
    targets: list[tuple[str, int, bool]] = [
        (t.id, attack_sheet.defense_of(state, t), attack_sheet.is_armored_target(state, t))
        for t in state.units_at(label) if not t.in_fort]  # afloat: armoured (19.3)
    if state.inside(label):
        targets.append((f"fort:{label}", state.forts[label]["defense"], True))
    if not targets:
        return []
    m = game_map(state)
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


def bridge_attack(state: GameState, label: str, strength: Fraction) -> Attack | None:
    """Indirect fire at a temporary bridge: the other units are ignored and the fire is
    halved; only X destroys it (13.7; 18.8)."""
    tb = state.temp_bridges.get(label)
    if tb is None:
        return None
    return Attack(kind="indirect", hex=label, targets=[f"bridge:{label}"],
                  attack=strength * HALF, defense=Fraction(tb["defense"]),
                  lines=[{"share": str(strength), "halved": True}])
