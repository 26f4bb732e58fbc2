"""Efficient Unit Move & Fire, the optional rule (17.3): move up to half MA and fire once at -1.

Instead of its two anti-tank attacks, a full-strength efficient AFV may move and fire in one
activation (D-EFF-1): `fire` with `"move_and_fire": true`. Fired first, it may then move with
half its printed movement allowance (rounded down, D13): the other half is booked as spent.
Moved first, it may fire so only if it has spent no more than that half. Either way it fires
once, at -1 (a column on direct fire, a DRM on anti-tank fire: combat reads
`FireDeclaration.move_and_fire`), and is Moved/Fired at the end as usual.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from ...common.errors import IllegalCommand
from ..combat.anti_tank import resolve_anti_tank
from ..combat.counters import ctype, is_full_strength
from ..combat.direct_fire import resolve_direct_fire
from ..combat.fire import ANTI_TANK
from ..core import state as st
from ..core.acting import as_events, in_activation, note
from ..core.attacks import fire_attack
from ..core.commands import Command
from ..core.firing import single_fire_options
from ..core.hooks import Plugin
from ..core.registry import catalogue_for, game_map

MOVE_AND_FIRE_OPTION = "efficient_move_fire"


def half_allowance(state: st.GameState, u: st.UnitState) -> Fraction:
    """Half the printed movement allowance, fractions dropped (17.3, D13)."""
    t = catalogue_for(state)[u.type_id]
    return Fraction(int(t.face(u.steps).movement) // 2)


def problems(state: st.GameState, uid: str) -> list[str]:
    """Why this activated unit may not take a move & fire attack now (17.3)."""
    if MOVE_AND_FIRE_OPTION not in state.options:
        return ["Efficient Move & Fire (17.3) is not in use in this game"]
    a = state.activation
    u = state.units.get(uid)
    if a is None or u is None or uid not in a.units:
        return [f"{uid!r} is not in this activation (3.1)"]
    t = catalogue_for(state)[u.type_id]
    if not (getattr(t, "efficient", False) and t.is_afv and u.steps >= t.steps):
        return [f"{uid} is not a full-strength efficient AFV"]
    if uid in a.done or u.attacks_made or (uid in a.acted and not a.mp_spent.get(uid)):
        return [f"{uid} has already fired or acted in this activation"]
    if Fraction(a.mp_spent.get(uid, 0)) > half_allowance(state, u):
        return [f"{uid} has moved more than half its movement allowance"]
    return []


def fire(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """A move & fire attack (17.3): one shot at -1; a unit that has not moved yet keeps half
    its movement allowance to move afterwards (D-EFF-1)."""
    firers = tuple(cmd.get("firers"))
    if len(firers) != 1:
        raise IllegalCommand("fire: a move & fire attack is made by one unit (17.3)", rule="17.3")
    uid = firers[0]
    u = in_activation(state, uid, "fire")
    why = problems(state, uid)
    if why:
        raise IllegalCommand(f"fire: {'; '.join(why)} (17.3)", rule="17.3")
    try:
        decl = fire_attack(state, cmd).decl  # move_and_fire=True: -1 (17.3)
    except ValueError as exc:
        raise IllegalCommand(f"fire: target: {exc}", rule="10.0") from None
    if u.hidden:
        state = state.with_unit(replace(u, hidden=False))
    moved = bool(state.activation.mp_spent.get(uid))
    resolve = resolve_anti_tank if decl.kind == ANTI_TANK else resolve_direct_fire
    state, evs = resolve(game_map(state), state, decl, dice, catalogue_for(state))
    u = state.units[uid]
    if moved or not u.on_map:
        return note(state, acted=firers, done=firers), as_events(evs)
    # Fired first: the half it may not use is booked as spent (D-EFF-1).
    t = catalogue_for(state)[u.type_id]
    booked = Fraction(t.face(u.steps).movement) - half_allowance(state, u)
    spent = {**state.activation.mp_spent, uid: booked}
    if booked >= Fraction(t.face(u.steps).movement):
        return note(state, acted=firers, done=firers), as_events(evs)
    return note(state, acted=firers, spent_now=spent), as_events(evs)


def fire_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """The move & fire attacks of the activated efficient AFVs (17.3)."""
    if MOVE_AND_FIRE_OPTION not in state.options or state.activation is None:
        return []
    out = []
    a = state.activation
    for uid in sorted(a.units):
        if problems(state, uid):
            continue
        # Offered as if it had not moved: the attacks it could make from where it stands.
        fresh = replace(a, units=frozenset({uid}), mp_spent={}, acted=frozenset())
        for c in single_fire_options(replace(state, activation=fresh), seat):
            out.append({**c, "move_and_fire": True})
    return out


def firer_problems(state: st.GameState, decl: Any, u: st.UnitState, catalogue: Any) -> list[str]:
    """Why a unit may not fire in a move & fire declaration (17.3): the option is off, or it
    is no full-strength efficient AFV, or it has fired already."""
    if MOVE_AND_FIRE_OPTION not in state.options:
        return ["efficient move & fire is an optional rule not in use (17.3)"]
    t = ctype(catalogue, u)
    if not (t.efficient and is_full_strength(catalogue, u)) or u.attacks_made:
        return [f"{u.id} is not a full-strength efficient AFV that has not fired (17.3)"]
    return []


PLUGIN = Plugin(
    "efficient_move_fire",
    fire_checks={"move_and_fire": firer_problems},
    variants={("fire", "move_and_fire"): fire},
    offers={"fire": fire_options},
)
