"""Odds before committing, from the same attack situation the resolution rolls against: the column, the shifts with reasons and the chance of each result
of a proposed attack or assault round (9.4, 10.2, 11.1, 12.4, 14.1)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ..core import tables
from ..core.state import GameState
from . import board
from .anti_tank import anti_tank_situation, validate_anti_tank
from .assault import AssaultSituation, assault_situation, defenders_fire_first
from .bombardment import bombardment_situation, validate_bombardment
from .counters import ctype, current_morale
from .direct_fire import direct_fire_situation, validate_fire
from .fire import ANTI_TANK, BOMBARDMENT, FireDeclaration
from .leaders import best_morale_leader
from .situation import AttackSituation, probabilities, refused


def fire_situation(
    game_map: Any,
    state: GameState,
    decl: FireDeclaration,
    catalogue: Any,
    *,
    only: Iterable[str] | None = None,
) -> AttackSituation:
    """The situation of a declared direct fire, anti-tank or bombardment attack, built by the
    same function its resolution uses. `only`: the units an opportunity direct fire attacks."""
    if decl.kind == ANTI_TANK:
        return anti_tank_situation(game_map, state, decl, catalogue)
    if decl.kind == BOMBARDMENT:
        return bombardment_situation(game_map, state, decl, catalogue)
    return direct_fire_situation(game_map, state, decl, catalogue, only=only)


def fire_problems(
    game_map: Any, state: GameState, decl: FireDeclaration, catalogue: Any
) -> list[str]:
    """Every reason the declared attack may not be made (9.1, 10.1, 11.1)."""
    check = {ANTI_TANK: validate_anti_tank, BOMBARDMENT: validate_bombardment}
    return check.get(decl.kind, validate_fire)(game_map, state, decl, catalogue)


def fire_odds(
    game_map: Any,
    state: GameState,
    decl: FireDeclaration,
    catalogue: Any,
    *,
    only: Iterable[str] | None = None,
) -> dict[str, Any]:
    """For a proposed direct fire, bombardment or anti-tank attack: whether it is legal (and
    why not), the fire value, the shifts (or dice modifiers) with reasons, the column and the
    probability of each result. `only`: the mover attacked by opportunity direct fire."""
    problems = fire_problems(game_map, state, decl, catalogue)
    if problems:
        return refused(decl.kind, problems)
    return fire_situation(game_map, state, decl, catalogue, only=only).to_json()


def assault_odds(
    game_map: Any,
    state: GameState,
    sit: AssaultSituation,
    catalogue: Any,
    *,
    movers: Iterable[str] = (),
) -> dict[str, Any]:
    """For an assault round (proposed, or one going on): each side's value, shifts, column and
    result probabilities, computed from the state before the round (12.4). `movers`: units
    proposing to move in, counted as if already in the hex."""
    moved = {uid: replace(state.units[uid], hex=sit.hex) for uid in movers}
    for uid in movers:
        for p in board.passengers_of(state, uid):
            moved[p.id] = replace(p, hex=sit.hex)
    state = state.with_units(moved) if moved else state
    out: dict[str, Any] = {
        "kind": "assault",
        "hex": board.label(game_map, sit.hex),
        "attacker": sit.attacker,
        "first_round": sit.first_round,
        "defenders_fire_first": defenders_fire_first(state, catalogue, sit),
        "sides": {},
    }
    defenders = [u for u in state.units_at(sit.hex) if u.side != sit.attacker]
    if defenders and all(ctype(catalogue, u).is_leader for u in defenders):
        # Leaders alone: no assault fire, each rolls for survival (6.71, D-COMBAT-671).
        out["overrun"] = [_survival(state, catalogue, u.id) for u in sorted(
            defenders, key=lambda u: u.id)]
        return out
    for side in sorted({u.side for u in state.units_at(sit.hex)} | {sit.attacker}):
        out["sides"][side] = assault_situation(game_map, state, catalogue, sit, side).to_json()
    return out


def _survival(state: GameState, catalogue: Any, leader_id: str) -> dict[str, Any]:
    """A lone leader's 6.71 roll: he survives on 2d6 at or below his current morale."""
    morale = current_morale(state, catalogue, state.units[leader_id])
    p = sum((q for roll, q in tables.dice_distribution(2).items() if roll <= morale), Fraction(0))
    return {"unit": leader_id, "morale": morale, "rule": "6.71",
            "survives": {"p": round(float(p), 4), "fraction": str(p)}}


def morale_check_odds(
    state: GameState, unit_id: str, check_mod: int, catalogue: Any
) -> dict[str, Any]:
    """The chance of each outcome of one unit's morale check at +check_mod (14.1)."""
    unit = state.units[unit_id]
    leader, mod = best_morale_leader(state, catalogue, unit)
    target = current_morale(state, catalogue, unit) + mod
    odds = tables.morale_odds(target, check_mod)
    return {
        "unit": unit_id,
        "morale": target,
        "leader": leader.id if leader else None,
        "probabilities": probabilities(odds),
    }
