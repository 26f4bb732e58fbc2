"""Any attack by its kind: validate it, list its shifts, resolve it (9, 10, 11)."""

from __future__ import annotations

from typing import Any

from ...common.dice import Dice
from ..core.state import GameState
from .anti_tank import anti_tank_modifiers, resolve_anti_tank, validate_anti_tank
from .bombardment import bombardment_shifts, resolve_bombardment, validate_bombardment
from .direct_fire import direct_fire_shifts, resolve_direct_fire
from .direct_fire import validate_fire as validate_direct_fire
from .events import Event, Shift
from .fire import ANTI_TANK, BOMBARDMENT, FireDeclaration


def validate_fire(
    game_map: Any, state: GameState, decl: FireDeclaration, catalogue: Any
) -> list[str]:
    """Every reason an attack may not be made, whatever its kind (9, 10, 11)."""
    if decl.kind == ANTI_TANK:
        return validate_anti_tank(game_map, state, decl, catalogue)
    if decl.kind == BOMBARDMENT:
        return validate_bombardment(game_map, state, decl, catalogue)
    return validate_direct_fire(game_map, state, decl, catalogue)


def fire_shifts(
    game_map: Any, state: GameState, decl: FireDeclaration, catalogue: Any
) -> list[Shift]:
    """The column shifts (or anti-tank dice modifiers) of an attack, each with its reason."""
    if decl.kind == ANTI_TANK:
        return anti_tank_modifiers(game_map, state, decl, catalogue)
    if decl.kind == BOMBARDMENT:
        return bombardment_shifts(game_map, state, decl, catalogue)
    return direct_fire_shifts(game_map, state, decl, catalogue)


def resolve_fire(
    game_map: Any, state: GameState, decl: FireDeclaration, dice: Dice, catalogue: Any
) -> tuple[GameState, list[Event]]:
    """Resolve an attack of any kind (9.4, 10.2, 11.1); IllegalCommand if it may not be made."""
    if decl.kind == ANTI_TANK:
        return resolve_anti_tank(game_map, state, decl, dice, catalogue)
    if decl.kind == BOMBARDMENT:
        return resolve_bombardment(game_map, state, decl, dice, catalogue)
    return resolve_direct_fire(game_map, state, decl, dice, catalogue)
