"""Odds before committing: the column, the shifts with reasons and the chance of each result
of a proposed attack or assault round (9.4, 10.2, 11.1, 12.4, 14.1)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from .. import tables
from ..state import GameState
from . import board
from .anti_tank import at_base, validate_anti_tank
from .assault import AssaultSituation, _side_fire
from .bombardment import bombardment_shifts, validate_bombardment
from .counters import current_morale
from .direct_fire import column_events, direct_fire_shifts, validate_fire
from .fire import ANTI_TANK, BOMBARDMENT, FireDeclaration, combined_value
from .leaders import best_morale_leader


def _probabilities(odds: Any) -> dict[str, dict[str, Any]]:
    return {r: {"p": round(float(p), 4), "fraction": str(Fraction(p))} for r, p in odds.items()}


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
    if decl.kind == ANTI_TANK:
        problems = validate_anti_tank(game_map, state, decl, catalogue)
        if problems:
            return {"kind": decl.kind, "legal": False, "problems": problems}
        value, arm, mods, parts = at_base(game_map, state, decl, catalogue)
        drm = sum(m.shift for m in mods)
        odds = tables.anti_tank_odds(value - arm + drm)
        return {
            "kind": decl.kind,
            "legal": True,
            "problems": [],
            "value": value,
            "value_parts": parts,
            "armor": arm,
            "shifts": [m.to_json() for m in mods],
            "modifier": value - arm + drm,
            "probabilities": _probabilities(odds),
            "any_effect": round(float(odds.any_effect), 4),
        }
    if decl.kind == BOMBARDMENT:
        problems = validate_bombardment(game_map, state, decl, catalogue)
        table, lookup = tables.BOMBARDMENT, tables.bombardment_odds
    else:
        problems = validate_fire(game_map, state, decl, catalogue)
        table, lookup = tables.DIRECT_FIRE, tables.direct_fire_odds
    if problems:
        return {"kind": decl.kind, "legal": False, "problems": problems}
    value, parts = combined_value(state, decl, catalogue)
    if decl.kind == BOMBARDMENT:
        shifts = bombardment_shifts(game_map, state, decl, catalogue)
    else:
        shifts = direct_fire_shifts(game_map, state, decl, catalogue, only=only)
    net, col = column_events(table, value, shifts)
    odds = lookup(value, net)
    return {
        "kind": decl.kind,
        "legal": True,
        "problems": [],
        "value": value,
        "value_parts": parts,
        "shifts": [s.to_json() for s in shifts],
        "net_shift": net,
        "applied_shift": col["applied_shift"],
        "column": odds.column,
        "provisional": odds.provisional,
        "probabilities": _probabilities(odds),
        "any_effect": round(float(odds.any_effect), 4),
    }


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
        "hex": board.label(game_map, sit.hex),
        "attacker": sit.attacker,
        "sides": {},
    }
    for side in sorted({u.side for u in state.units_at(sit.hex)} | {sit.attacker}):
        value, parts, shifts = _side_fire(game_map, state, catalogue, sit, side)
        entry: dict[str, Any] = {
            "value": value,
            "value_parts": parts,
            "shifts": [s.to_json() for s in shifts],
        }
        if value > 0:
            net, col = column_events(tables.ASSAULT, value, shifts)
            odds = tables.assault_odds(value, net)
            entry.update(
                net_shift=net,
                column=odds.column,
                probabilities=_probabilities(odds),
                any_effect=round(float(odds.any_effect), 4),
            )
        out["sides"][side] = entry
    return out


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
        "probabilities": _probabilities(odds),
    }
