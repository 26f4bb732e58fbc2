"""Smoke shell concentrations, an experimental rule (22.3; QA SM1).

Artillery that may fire indirectly (not the Maultier or the Nebelwerfer) may fire smoke,
directly or by an indirect order, under the usual restrictions, with at least 25 attack
points landing in one hex. Never into a hex holding friendly units, nor sea, stream (bridged
or not) or swamp; never as opportunity fire; not into a hex fired on by normal fire in the
same phase (and no normal fire into a hex smoked that phase). Smoke harms nobody. It blocks
every line that touches the hex, at every elevation and from the air; a unit inside must be
spotted like one in a very tall town hex (sight.py). It is flipped at the start of the firing
side's next combat phase and removed at the start of the one after.
"""

from __future__ import annotations

from fractions import Fraction

from ...common.errors import IllegalCommand
from ...common.hexgrid import distance
from ..combat.direct_fire import may_fire
from ..core.commands import text, units_of
from ..core.hooks import Plugin
from ..core.scenario import game_map, hex_named
from ..core.sight import in_cover, why_not_seen
from ..core.spotting import spotters
from ..core.state import OK, GameState, Unit
from ..core.units import utype
from . import field_of_fire

MINIMUM = 25  # attack points for one smoke concentration (22.3)


def may_fire_smoke(u: Unit) -> bool:
    t = utype(u)
    return t.can_fire_indirect and not t.no_smoke


def may_smoke_hex(state: GameState, side: str, label: str) -> str | None:
    """Why smoke may not be aimed at a hex, or None (22.3)."""
    if "smoke" not in state.options:
        return "smoke is an experimental rule not in play (22.3)"
    m = game_map(state)
    h = m.hex(label)
    if m.terrain(h) in ("sea", "stream", "swamp"):
        return f"no smoke into {m.terrain(h)} hexes"
    if state.units_at(label, side):
        return "no smoke into a hex holding friendly units"
    if label in state.fired_hexes:
        return "not into a hex fired on by normal fire this phase"
    return None


def lay(state: GameState, side: str, label: str, strength: Fraction, events: list) -> None:
    """Smoke lands in a hex: enough points make a concentration (22.3)."""
    m = game_map(state)
    if strength < MINIMUM or m.terrain(m.hex(label)) in ("sea", "stream", "swamp"):
        events.append({"type": "smoke_failed", "hex": label, "strength": str(strength)})
        return
    state.smoke[label] = {"side": side, "turn": state.turn, "flipped": False}
    events.append({"type": "smoke", "hex": label, "side": side})


def direct(state: GameState, side: str, unit_ids: list[str], label: str, events: list) -> None:
    """Smoke fired directly by artillery that sees the hex (22.3)."""
    from_ = [state.units.get(u) for u in unit_ids]
    if not unit_ids or len(set(unit_ids)) != len(unit_ids) or any(
            u is None or u.side != side for u in from_):
        raise IllegalCommand("smoke: name your firing units, each once (22.3)", rule="22.3")
    hex_named(state, label, "smoke", "22.3")
    why = may_smoke_hex(state, side, label)
    if why:
        raise IllegalCommand(f"smoke: {why} (22.3)", rule="22.3")
    m = game_map(state)
    th = m.hex(label)
    for u in from_:
        fh = m.hex(u.hex) if u.on_map else None
        if fh is None or u.status != OK or u.fired or u.opfired or u.carried_by \
                or u.order is not None or not may_fire_smoke(u):
            raise IllegalCommand(f"smoke: {u.id} may not fire smoke now (22.3)", rule="22.3")
        if distance(fh, th) > utype(u).range or why_not_seen(state, fh, th):
            raise IllegalCommand(f"smoke: {u.id} cannot fire into {label} (22.3)", rule="22.3")
        if field_of_fire.blocks(state, u, label):
            raise IllegalCommand(f"smoke: {label} is outside {u.id}'s field of fire (22.2)",
                                 rule="22.2")
        if distance(fh, th) > 1 and in_cover(state, th) and not _seen_close(state, side, label):
            raise IllegalCommand(f"smoke: {label} is not spotted (12.2, 22.3)", rule="22.3")
    total = Fraction(sum(utype(u).attack for u in from_))
    if total < MINIMUM:
        raise IllegalCommand(f"smoke: {total} points; a concentration needs {MINIMUM} (22.3)",
                             rule="22.3")
    for u in from_:
        u.fired = True
    lay(state, side, label, total, events)


def _seen_close(state: GameState, side: str, label: str) -> bool:
    m = game_map(state)
    h = m.hex(label)
    if any(m.hex(u.hex) in m.neighbors(h) for u in spotters(state, side)):
        return True
    return any(e.spotted_at == label for e in state.units_at(label, state.enemy(side)))


def turn_over(state: GameState, side: str) -> list[str]:
    """The firing side's combat phase opens: its older smoke flips, the oldest lifts."""
    lifted = []
    for label, sm in sorted(state.smoke.items()):
        if sm["side"] != side or sm["turn"] >= state.turn:
            continue
        if state.turn - sm["turn"] >= 2:
            del state.smoke[label]
            lifted.append(label)
        else:
            sm["flipped"] = True
    return lifted


def offers(state: GameState, side: str, enemies) -> list[dict] | None:
    """The smoke each enemy hex may be given by the artillery that may fire now (None: the
    rule is not in play, and the legal commands have no smoke group)."""
    if "smoke" not in state.options:
        return None
    shooters = [u.id for u in state.units.values() if u.side == side and u.on_map
                and may_fire_smoke(u) and may_fire(state, u) is None]
    shooters.sort()
    cmds = []
    for label in sorted({e.hex for e in enemies}):
        c = {"type": "smoke", "units": shooters, "hex": label}
        if shooters and _allowed(state, side, c):
            cmds.append(c)
    return cmds


def _allowed(state: GameState, side: str, c: dict) -> bool:
    try:
        direct(state.copy(), side, c["units"], c["hex"], [])
    except IllegalCommand:
        return False
    return True


def fire_smoke(state: GameState, side: str, c: dict, dice, events: list) -> None:
    """The `smoke` command: artillery fires smoke directly, after the ordered fire (3.1.c)."""
    if not state.indirect_done:
        raise IllegalCommand("smoke: resolve the ordered indirect fire first (3.1.c)", rule="3")
    direct(state, side, units_of(c, "units"), text(c, "hex"), events)


def smoke_problem(state: GameState, side: str, unit: Unit | None, label: str) -> str | None:
    """Why an indirect order may not be for smoke into the hex, by that unit (None: by the
    navy), or None (22.3)."""
    why = may_smoke_hex(state, side, label)
    if why is None and unit is not None and not may_fire_smoke(unit):
        why = f"{unit.id} fires no smoke"
    return why


def segment_begins(state: GameState, events: list) -> None:
    """Smoke of the side now moving flips, or lifts a turn later (22.3)."""
    for label in turn_over(state, state.active_side):
        events.append({"type": "smoke_lifted", "hex": label})


PLUGIN = Plugin("smoke", commands={"smoke": ("combat", fire_smoke)}, offers={"smoke": offers},
                smoke_problem=smoke_problem, smoke_lands=lay, segment_begins=segment_begins)
