"""Combat and morale procedures (7-14): direct fire, bombardment, anti-tank fire, assault,
opportunity fire, results, morale, recovery and leaders.

Every resolution takes `(map, state, ..., dice, catalogue)` and returns the new state and
the events that explain it (`events.Event`, JSON via `to_json`). Table figures come from
`games.rules.tables`; terrain, sight and carriers from `combat.board`.
"""

from __future__ import annotations

from typing import Any

from ..dice import Dice
from ..state import GameState
from .anti_tank import anti_tank_modifiers, resolve_anti_tank, validate_anti_tank
from .assault import (
    AssaultSituation,
    assault_hexes,
    assault_problems,
    assault_shifts,
    must_resolve_now,
    resolve_assault_round,
)
from .bombardment import bombardment_shifts, resolve_bombardment, validate_bombardment
from .direct_fire import direct_fire_shifts, resolve_direct_fire, resolve_spray_fire
from .direct_fire import validate_fire as validate_direct_fire
from .drumfire import (
    clear_drumfire,
    is_drumfire_hex,
    prune_bombardment_record,
    resolve_drumfire_entry,
)
from .events import Event, Shift, events_to_json
from .fire import ANTI_TANK, BOMBARDMENT, DIRECT, FireDeclaration, OffBoardIncrement
from .leaders import best_morale_leader, leader_casualty, lone_leader_survival, lone_leaders_overrun
from .losses import apply_result
from .morale import flee, flee_path, morale_check, resolve_recovery
from .odds import assault_odds, fire_odds, morale_check_odds
from .opportunity_fire import (
    OpportunityFireOutcome,
    opportunity_fire_candidates,
    resolve_opportunity_fire,
)


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


__all__ = [
    "ANTI_TANK",
    "BOMBARDMENT",
    "DIRECT",
    "AssaultSituation",
    "Event",
    "FireDeclaration",
    "OffBoardIncrement",
    "OpportunityFireOutcome",
    "Shift",
    "anti_tank_modifiers",
    "apply_result",
    "assault_hexes",
    "assault_odds",
    "assault_problems",
    "assault_shifts",
    "best_morale_leader",
    "bombardment_shifts",
    "clear_drumfire",
    "is_drumfire_hex",
    "prune_bombardment_record",
    "resolve_drumfire_entry",
    "direct_fire_shifts",
    "events_to_json",
    "fire_odds",
    "fire_shifts",
    "flee",
    "flee_path",
    "leader_casualty",
    "lone_leader_survival",
    "lone_leaders_overrun",
    "morale_check",
    "morale_check_odds",
    "must_resolve_now",
    "opportunity_fire_candidates",
    "resolve_anti_tank",
    "resolve_assault_round",
    "resolve_bombardment",
    "resolve_direct_fire",
    "resolve_spray_fire",
    "resolve_fire",
    "resolve_opportunity_fire",
    "resolve_recovery",
    "validate_fire",
]
