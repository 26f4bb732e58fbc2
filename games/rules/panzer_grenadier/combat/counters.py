"""What combat reads off a counter: its values on the face showing, morale and status (7.3, 14.0)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core.state import DEMORALIZED, DISRUPTED, GOOD, GameState, UnitState
from ..core.units import FireValue
from . import board

FIRE_KINDS = ("direct", "anti_tank", "bombardment")


def ctype(catalogue: Any, unit: UnitState) -> Any:
    return catalogue[unit.type_id]


def trait(catalogue: Any, unit: UnitState, name: str) -> bool:
    """A boolean property of a counter's type, False where leaders lack it (is_personnel...)."""
    return bool(getattr(ctype(catalogue, unit), name, False))


def is_leader(catalogue: Any, unit: UnitState) -> bool:
    return bool(ctype(catalogue, unit).is_leader)


def fire_value(catalogue: Any, unit: UnitState, kind: str) -> FireValue | None:
    """The printed `strength-range` of one fire type on the face showing (7.3, 7.6)."""
    t = ctype(catalogue, unit)
    if t.is_leader:
        return None
    face = t.face(unit.steps)
    return {
        "direct": face.direct_fire,
        "anti_tank": face.anti_tank,
        "bombardment": face.bombardment,
    }[kind]


def armor(catalogue: Any, unit: UnitState) -> int | None:
    t = ctype(catalogue, unit)
    if t.is_leader:
        return None
    return t.face(unit.steps).armor


def movement(catalogue: Any, unit: UnitState) -> int:
    t = ctype(catalogue, unit)
    if t.is_leader:
        return t.movement
    return t.face(unit.steps).movement


def is_full_strength(catalogue: Any, unit: UnitState) -> bool:
    return unit.steps >= ctype(catalogue, unit).steps


def base_morale(state: GameState, catalogue: Any, unit: UnitState) -> int:
    """Leaders print their morale; other units take their side's morale from the scenario (0.0)."""
    t = ctype(catalogue, unit)
    if t.is_leader:
        return t.morale
    return state.side(unit.side).morale


def current_morale(state: GameState, catalogue: Any, unit: UnitState) -> int:
    """Morale now: one lower while demoralized (14.3)."""
    return base_morale(state, catalogue, unit) - (1 if unit.status == DEMORALIZED else 0)


def status_rank(unit: UnitState) -> int:
    return board.STATUS_ORDER[unit.status]


def fire_multiplier(
    state: GameState, catalogue: Any, unit: UnitState
) -> tuple[Fraction, list[str]]:
    """Halvings of a unit's fire value and why: disrupted (14.2), critical logistics (17.10)."""
    mult = Fraction(1)
    why: list[str] = []
    if unit.status == DISRUPTED:
        mult /= 2
        why.append("disrupted: half value (14.2)")
    if board.supply_level(state, unit) == "critical":
        t = ctype(catalogue, unit)
        if t.movement_class not in ("motorized", "mechanized") and not getattr(
            t, "is_weapon", False
        ):
            mult /= 2
            why.append("critical logistics shortfall: half value (17.10)")
    return mult, why


def round_value(total: Fraction) -> int:
    """D13: halved and quartered values are added up first, then fractions dropped; minimum 1."""
    if total <= 0:
        return 0
    return max(1, int(total))


def ids(units: Any) -> list[str]:
    return [u.id for u in units]


__all__ = ["GOOD", "DISRUPTED", "DEMORALIZED"]
