"""Direct fire (9): who may fire at what, and the attack it makes.

`direct_attack` validates a fire command and works out the whole attack (per-firer WEC,
range, star range and elevation factors, target predominance, terrain die modifier, naval
lots); the fire command, opportunity fire and the preview all call it. A fortification
shared with the other side is fired on twice, same strength, rolled apart (QA DF1, F7).
"""

from __future__ import annotations

from fractions import Fraction

from ...common.errors import IllegalCommand
from ...common.hexgrid import distance
from ..core import hooks
from ..core.scenario import bridge_at, game_map
from ..core.sight import why_not_seen
from ..core.spotting import is_spotted, spotters
from ..core.state import OK, GameState, Unit
from ..core.units import utype
from . import naval
from .attack_sheet import Attack, defense_of, is_armored_target, option_drm, terrain_drm
from .wec import elevation_factor, star_factor, wec_factor


def _illegal(msg: str, rule: str) -> IllegalCommand:
    return IllegalCommand(f"fire: {msg} ({rule})", rule=rule)


def in_stream(state: GameState, u: Unit) -> bool:
    """In a stream hex for combat: a stream without a bridge, or under a bridge (2.4; QA B2)."""
    m = game_map(state)
    h = m.hex(u.hex)
    return m.terrain(h) == "stream" and (u.under_bridge or not bridge_at(state, h))


def may_fire(state: GameState, u: Unit) -> str | None:
    """Why a unit may not fire directly now, or None (3, 8.7, 8.8)."""
    if not u.on_map or u.afloat:
        return "not on the map"
    if u.status != OK:
        return "dispersed units do not fire (8.5)"
    if u.fired or u.opfired:
        return "it has fired this segment, or opportunity-fired last (21.2)"
    if u.carried_by:
        return "passengers never fire (6.5)"
    if u.order is not None and u.order["turn"] <= state.turn:
        return "it fires at its ordered hex or not at all (13.4)"
    if utype(u).attack <= 0:
        return "no attack strength"
    if u.repositioned == state.turn:
        return "it moved in or out of a fortification this turn (QA F3)"
    if in_stream(state, u):
        return "units in a stream hex, or under a bridge, may not attack (2.4; QA B2)"
    return None


def town_targets(state: GameState, side: str, label: str) -> list[str]:
    """Direct fire into a town takes every spotted enemy there as one defence (9.7, QA SP1);
    passengers are ignored (QA T8)."""
    return [u.id for u in state.units_at(label, state.enemy(side))
            if not u.in_fort and is_spotted(state, u, side)]


def _firers(state: GameState, side: str, firer_ids: list[str]) -> list[Unit]:
    firers = []
    for fid in firer_ids:
        f = state.units.get(fid)
        if f is None or f.side != side:
            raise _illegal(f"you have no unit {fid!r}", "9.1")
        why = may_fire(state, f)
        if why:
            raise _illegal(f"{fid}: {why}", "9.1")
        firers.append(f)
    return firers


def _navy(state: GameState, side: str, navy: int, label: str) -> None:
    why = naval.check_lot(state, side, state.turn, navy)
    if why:
        raise _illegal(why, "19.4")
    if not naval.sees_target(state, label):
        raise _illegal(f"naval fire sees only units in the open in sight of the sea: not {label}",
                       "19.4")


def direct_attack(state: GameState, side: str, firer_ids: list[str], target_ids: list[str],
                  kind: str = "direct", navy: int = 0) -> Attack:
    """The attack a direct-fire command would make; IllegalCommand naming the rule if none."""
    if not (firer_ids or navy) or not target_ids:
        raise _illegal("name the firing units and the target units", "9.1")
    if len(set(firer_ids)) != len(firer_ids) or len(set(target_ids)) != len(target_ids):
        raise _illegal("a unit is named twice", "8.7")
    m = game_map(state)
    firers = _firers(state, side, firer_ids)
    if len(target_ids) == 1 and target_ids[0].startswith("fort:"):
        return _fort_attack(state, side, firers, target_ids[0][5:], kind, navy)

    targets = []
    for tid in target_ids:
        t = state.units.get(tid)
        own = t is not None and t.side == side
        if t is None or not t.on_map or own and hooks.any_says("spares_own_units", state):
            raise _illegal(f"no enemy unit {tid!r} to fire at", "9.5; QA C4")
        if t.in_fort:
            raise _illegal(f"{tid} is inside a fortification: fire at the fort", "17.3")
        targets.append(t)
    label = targets[0].hex
    if any(t.hex != label for t in targets) or len({t.side for t in targets}) > 1:
        raise _illegal("all targets must be in one hex, of one side", "8.7")
    sm = state.smoke.get(label)
    if sm and sm["turn"] == state.turn and sm["side"] == side:
        raise _illegal(f"{label} was smoked by your side this phase", "22.3")
    alone_passenger = False
    passengers = [t for t in targets if t.carried_by]
    if passengers:
        carrier = state.units[passengers[0].carried_by]
        if (len(targets) > 1 or utype(carrier).carries != "infantry"
                or m.terrain(m.hex(label)) == "town"):
            raise _illegal("only a passenger riding German armour outside a town may be "
                           "attacked on its own", "6.6; QA T8")
        alone_passenger = True
    if m.terrain(m.hex(label)) == "town" and kind != "opportunity":
        want = sorted(town_targets(state, side, label))
        if sorted(target_ids) != want:
            raise _illegal(f"fire into a town takes every spotted unit there together: "
                           f"{', '.join(want)}" if want else
                           f"no unit in the town at {label} is spotted", "9.7")
    for t in targets:
        if t.indirect_turn == state.turn:
            raise _illegal(f"{t.id} was hit by indirect fire this turn", "QA IF5")
    armored = [is_armored_target(state, t, alone_passenger) for t in targets]
    n_arm = sum(armored)
    kinds = [n_arm * 2 > len(targets)] if n_arm * 2 != len(targets) else [True, False]
    lines = []
    total = Fraction(0)
    for f in firers:
        strength, line = _firer_line(state, side, f, label, targets, kinds)
        total += strength
        lines.append(line)
    if navy:
        _navy(state, side, navy, label)
        strengths = [naval.strength(state, navy, label, a) for a in kinds]
        value, line = min(strengths, key=lambda x: x[0])  # a tie: the worse kind (QA DF4)
        total += value
        lines.append(line)
    defense = Fraction(sum(defense_of(state, t, alone_passenger) for t in targets))
    drm, reasons = terrain_drm(state, label)
    if any(t.afloat and utype(t).dd for t in targets):
        drm, reasons = drm + 2, [*reasons, "DD tank afloat +2 (19.3)"]
    more, why = option_drm(state, targets)
    attack = Attack(kind=kind, hex=label, targets=[t.id for t in targets], attack=total,
                    defense=defense, lines=lines, drm=drm + more, drm_reasons=reasons + why,
                    alone_passenger=alone_passenger)
    own_fort = label in state.forts and [u for u in state.inside(label) if u.side == side]
    if own_fort and m.terrain(m.hex(label)) == "town" and kind != "opportunity":
        # the enemy on top of our own fort cannot be singled out in a town: a second
        # attack, same strength, against our own fort (QA DF1)
        attack.extra.append(Attack(kind=kind, hex=label, targets=[f"fort:{label}"],
                                   attack=total, defense=Fraction(state.forts[label]["defense"]),
                                   lines=lines, drm=drm, drm_reasons=reasons))
    return attack


def _firer_line(state: GameState, side: str, f: Unit, label: str, targets: list[Unit],
                kinds: list[bool]) -> tuple[Fraction, dict]:
    """One firer's strength against the target hex, or IllegalCommand naming the rule."""
    m = game_map(state)
    ft = utype(f)
    fh, th = m.hex(f.hex), m.hex(label)
    d = distance(fh, th)
    star = star_factor(ft, d)
    if star is None:
        raise _illegal(f"{f.id} is out of range ({d} hexes, range {ft.range})", "9.1")
    blocked = why_not_seen(state, fh, th)
    if blocked:
        raise _illegal(f"{f.id} has no line of sight: {blocked}", "2.6; QA SM1")
    if d > 1 and not all(is_spotted(state, t, side) for t in targets):
        raise _illegal(f"the target in {label} is not spotted", "12.2")
    why = stream_shot(state, f, targets, d)
    if why:
        raise _illegal(f"{f.id}: {why}", "2.4; QA ST3")
    why = hooks.first("fire_blocked", state, f, label)
    if why:
        raise _illegal(why, "22.2")
    wecs = [wec_factor(ft, a, d) for a in kinds]  # a tie: the worse kind for this firer
    if any(w is None for w in wecs):
        raise _illegal(f"{f.id} ({ft.weapon} class) may not fire at armoured targets", "9.2")
    wec = min(wecs)
    elev = elevation_factor(m, fh, th)
    strength = ft.attack * wec * star * elev
    return strength, {"unit": f.id, "printed": ft.attack, "weapon": ft.weapon, "distance": d,
                      "wec": str(wec), "range": str(star), "elevation": str(elev),
                      "strength": str(strength)}


def stream_shot(state: GameState, firer: Unit, targets: list[Unit], d: int) -> str | None:
    """A unit in a stream hex (or under a bridge) is fired on from ground level only when
    adjacent; from a slope or hilltop only when a friend of the firer is adjacent to it
    (2.4; QA ST3). None when the shot is allowed."""
    m = game_map(state)
    if d <= 1 or not any(in_stream(state, t) for t in targets):
        return None
    if m.elevation(m.hex(firer.hex)) == 0:
        return "a unit in a stream is fired on from ground level only when adjacent"
    h = m.hex(targets[0].hex)
    near = [u for u in spotters(state, firer.side) if m.hex(u.hex) in m.neighbors(h)]
    if not near:
        return "a unit in a stream is seen from a slope or hilltop only with a friend adjacent"
    return None


def _fort_attack(state: GameState, side: str, firers: list[Unit], label: str, kind: str,
                 navy: int) -> Attack:
    """Direct fire at an enemy-held fortification: an armoured target of its own printed
    defence, to be spotted like any unit in woods or town; its occupants are ignored and
    share its fate (RB IX.C.6, VII.F.2.d). Our own units on top take the same fire, rolled
    apart (QA F7)."""
    m = game_map(state)
    occupants = state.inside(label) if label in state.forts else []
    if not occupants or occupants[0].side == side:
        raise _illegal(f"no enemy-held fortification in {label}", "17.3")
    total = Fraction(0)
    lines = []
    th = m.hex(label)
    seen = any(is_spotted(state, o, side) for o in occupants)
    for f in firers:
        ft = utype(f)
        fh = m.hex(f.hex)
        d = distance(fh, th)
        star = star_factor(ft, d)
        blocked = why_not_seen(state, fh, th)
        if star is None or blocked:
            raise _illegal(f"{f.id} cannot reach {label}: {blocked or 'out of range'}", "9.1")
        if d > 1 and not seen:
            raise _illegal(f"the fortification in {label} is not spotted", "12.2")
        why = hooks.first("fire_blocked", state, f, label)
        if why:
            raise _illegal(why, "22.2")
        wec = wec_factor(ft, True, d)
        if wec is None:
            raise _illegal(f"{f.id} ({ft.weapon} class) cannot hurt a fortification", "9.2")
        strength = ft.attack * wec * star * elevation_factor(m, fh, th)
        total += strength
        lines.append({"unit": f.id, "printed": ft.attack, "distance": d, "wec": str(wec),
                      "strength": str(strength)})
    if navy:
        _navy(state, side, navy, label)
        value, line = naval.strength(state, navy, label, True)
        total += value
        lines.append(line)
    drm, reasons = terrain_drm(state, label)
    attack = Attack(kind=kind, hex=label, targets=[f"fort:{label}"], attack=total,
                    defense=Fraction(state.forts[label]["defense"]), lines=lines, drm=drm,
                    drm_reasons=reasons)
    on_top = [u for u in state.units_at(label, side) if not u.in_fort]
    if on_top:  # our own units on top take the same fire, rolled apart (QA F7, 9.9)
        attack.extra.append(Attack(
            kind=kind, hex=label, targets=[u.id for u in on_top], attack=total,
            defense=Fraction(sum(defense_of(state, u) for u in on_top)), lines=lines,
            drm=drm, drm_reasons=reasons))
    return attack
