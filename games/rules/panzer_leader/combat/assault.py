"""Close assault tactics (15): infantry attack an adjacent hex in the close assault phase.

Printed strengths against the combined printed defence (no WEC, PL-D19; never halved for
terrain, QA CAT1), -2 on the die plus the defender's terrain, one column for engineers with
other infantry (15.6). Worse than 1-4 after the shift: no assault (QA CAT12).
"""

from __future__ import annotations

from fractions import Fraction

from ...common.errors import IllegalCommand
from ..core import hooks
from ..core.scenario import bridge_at, game_map, hex_named
from ..core.state import OK, GameState
from ..core.units import utype
from . import attack_sheet, crt
from .attack_sheet import Attack


def _illegal(msg: str, rule: str = "15") -> IllegalCommand:
    return IllegalCommand(f"assault: {msg} ({rule})", rule=rule)


def engineer_shift(state: GameState, unit_ids: list[str]) -> int:
    """One column if an engineer assaults with another infantry-type unit of its hex, or a
    paratroop/ranger/commando assaults at all; never more than one (15.6; QA CAT6, CAT7,
    CAT10)."""
    units = [state.units[u] for u in unit_ids]
    if any(utype(u).dual_engineer for u in units):
        return 1
    for e in units:
        if utype(e).engineer and any(o.hex == e.hex and o.id != e.id and utype(o).infantry
                                     for o in units):
            return 1
    return 0


def assault_attack(state: GameState, side: str, unit_ids: list[str], label: str) -> Attack:
    m = game_map(state)
    if state.phase != "assault" or state.active_side != side:
        raise _illegal("only in your close assault phase", "3")
    th = hex_named(state, label, "assault", "15")
    if m.terrain(th) == "sea":
        raise _illegal("no close assault against a sea hex", "RB VII.E.9")
    defenders = state.units_at(label, state.enemy(side))
    if not defenders:
        raise _illegal(f"no enemy unit in {label}")
    fort = bool(state.inside(label)) and state.inside(label)[0].side != side
    if label in state.assaulted_hexes:
        raise _illegal("a stack suffers one close assault a segment", "15.4")
    if not unit_ids or len(set(unit_ids)) != len(unit_ids):
        raise _illegal("name each assaulting unit once")
    attack = Fraction(0)
    lines = []
    units = []
    for uid in unit_ids:
        u = state.units.get(uid)
        if u is None or u.side != side or not u.on_map:
            raise _illegal(f"you have no unit {uid!r}")
        t = utype(u)
        if not t.infantry:
            raise _illegal(f"{uid} is not an infantry-type unit", "15.1")
        if u.status != OK or u.fired or u.opfired or u.carried_by or u.assaulted:
            raise _illegal(f"{uid} is dispersed, has fired, is carried or has assaulted", "15.3")
        if u.pa_target is not None and u.pa_target != label:
            raise _illegal(f"{uid} jumped off to assault {u.pa_target} and nothing else", "QA PA3")
        if u.unloaded and u.pa_target != label:
            raise _illegal(f"{uid} was carried this segment", "RB VII.E.3; QA CAT4")
        uh = m.hex(u.hex)
        on_top = fort and u.hex == label  # on top of the enemy's fort (QA F4)
        if uh not in m.neighbors(th) and not on_top:
            raise _illegal(f"{uid} is not adjacent to {label}", "15.2")
        if u.in_fort and [e for e in state.units_at(u.hex) if e.side != side]:
            raise _illegal(f"{uid} is inside a fort with enemies on top", "RB IX.C.10.c")
        if m.terrain(uh) == "stream" and (u.under_bridge or not bridge_at(state, uh)):
            raise _illegal(f"{uid} may not assault from a stream hex or from under a bridge",
                           "RB VII.E.8; QA B5")
        if t.cavalry and u.hexes_moved > 1:
            raise _illegal(f"{uid}: cavalry assaults only after moving one hex or none",
                           "QA U1")
        units.append(u)
        attack += t.attack
        lines.append({"unit": uid, "printed": t.attack})
    for u in units:
        if utype(u).mg and not any(o.hex == u.hex and utype(o).infantry and not utype(o).mg
                                   for o in units):
            raise _illegal(f"{u.id}: an MG unit assaults only with other infantry of its hex",
                           "RB VII.E.6")
    outside = [d for d in defenders if not d.in_fort]
    shift = engineer_shift(state, unit_ids)
    drm, reasons = attack_sheet.terrain_drm(state, label)
    if drm and _bell_bare_armour(state, units, outside, label):
        drm, reasons = 0, ["armour alone loses its cover against assault (24, Bell 2)"]
    ca = crt.drm("close_assault")
    apart = hooks.first("assault_apart", state, label, outside, fort, attack, lines, shift,
                        drm, reasons)  # Bell 1 (24)
    if apart is not None:
        return apart
    ids = [d.id for d in outside] + ([f"fort:{label}"] if fort else [])
    main = hex_attack(state, label, ids, outside, state.forts[label]["defense"] if fort else 0,
                   attack, lines, shift, drm + ca, [*reasons, "close assault -2"])
    own_fort = label in state.forts and [u for u in state.inside(label) if u.side == side]
    if own_fort:  # the enemy on top of our own fort: our fort takes the assault too (QA DF1)
        main.extra.append(Attack(kind="assault", hex=label, targets=[f"fort:{label}"],
                                 attack=attack, defense=Fraction(state.forts[label]["defense"]),
                                 lines=lines, shift=shift, drm=drm + ca,
                                 drm_reasons=[*reasons, "close assault -2"]))
    return main


def hex_attack(state: GameState, label: str, ids: list[str], units: list, fort_defense: int,
               attack: Fraction, lines: list, shift: int, drm: int, reasons: list) -> Attack:
    """One close assault's attack on some of a hex's defenders (and its fort's defense)."""
    defense = Fraction(sum(attack_sheet.defense_of(state, d) for d in units) + fort_defense)
    return Attack(kind="assault", hex=label, targets=ids, attack=attack, defense=defense,
                  lines=lines, shift=shift, drm=drm, drm_reasons=reasons)


def _bell_bare_armour(state: GameState, assaulters: list, defenders: list, label: str) -> bool:
    """The defenders' cover gives no +1 against this assault (`loses_cover` hook: Bell 2)."""
    return hooks.any_says("loses_cover", state, assaulters, defenders, label)


def assault(state: GameState, side: str, unit_ids: list[str], label: str, dice,
            events: list[dict]) -> None:
    attack = assault_attack(state, side, unit_ids, label)
    if not attack.possible:
        raise _illegal(f"odds worse than 1-4 ({crt.column_name(attack.index)})", "QA CAT12")
    for uid in unit_ids:
        state.units[uid].assaulted = True  # close assault never spots (QA SP7)
    state.assaulted_hexes.append(label)
    state.attacks_made[side] = state.attacks_made.get(side, 0) + 1
    attack_sheet.resolve(state, attack, dice, events, f"close assault {label}")
