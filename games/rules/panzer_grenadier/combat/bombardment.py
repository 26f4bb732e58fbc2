"""Bombardment: spotters, combined fire, friendly fire, resolution (9.1-9.5; D12, D23, D24).

The Bombardment Table is not in our sources: `tables.bombardment` resolves on the Direct Fire
grid, marked provisional (D23). Its shifts here are the ones our sources name for
bombardment: the terrain chart's bombardment column (town -2, swamp -1), 3 or more combat
units stacked (+1) and a logistics shortfall (-1) (D-COMBAT-BOMB-SHIFTS).
"""

from __future__ import annotations

from typing import Any

from ...common.dice import Dice
from ...common.errors import IllegalCommand
from ..core import hooks, tables
from ..core.stacking import combat_units_in
from ..core.state import DEMORALIZED, GameState
from ..double_blind import knowledge, observation
from . import board, situation
from .counters import ctype
from .events import Event, Shift, event
from .fire import (
    BOMBARDMENT,
    FireDeclaration,
    combination_problems,
    combined_value,
    firer_problems,
    firing_side,
    firing_unit,
    mark_fired,
    target_problems,
)
from .losses import BOMBARDMENT as BOMB_TABLE
from .losses import apply_result
from .situation import AttackSituation


def spotter_problems(
    game_map: Any, state: GameState, decl: FireDeclaration, catalogue: Any
) -> list[str]:
    """Who spots for bombardment (9.1, D12).

    D12: on-board artillery and mortars may fire at a hex every firing unit can spot itself;
    otherwise, and always for off-board increments, an undemoralized friendly leader who can
    spot the target hex must be named as spotter.
    """
    if decl.spotter is None:
        if decl.increments:
            return ["off-board artillery needs a spotting leader (9.1, D12)"]
        blind = [
            u
            for u in decl.firers
            if u in state.units
            and state.units[u].on_map
            and not board.can_see(game_map, state, state.units[u], decl.target_hex)
        ]
        if blind:
            return [f"{', '.join(blind)} cannot spot the target; name a spotting leader (9.1, D12)"]
        return []
    sp = state.units.get(decl.spotter)
    if sp is None or not sp.on_map or not ctype(catalogue, sp).is_leader:
        return [f"{decl.spotter} is not a leader on the map: only leaders spot for artillery (D12)"]
    problems = []
    if sp.side != firing_side(state, decl):
        problems.append(f"{decl.spotter} is not a friendly leader")
    if sp.status == DEMORALIZED:
        problems.append(f"{decl.spotter} is demoralized and cannot spot (D12)")
    side = firing_side(state, decl)
    if side is not None and is_blind_fire(state, side, decl.target_hex):
        # 18.8: blind fire "must still be directed by a spotting leader which has a line of
        # sight to the hex": a line of sight at any range, not spotting range (D-DB-BLIND).
        if not board.has_line_of_sight(game_map, state, sp, decl.target_hex):
            problems.append(
                f"{decl.spotter} has no line of sight to "
                f"{board.label(game_map, decl.target_hex)} (18.8)"
            )
    elif not board.can_see(game_map, state, sp, decl.target_hex):
        problems.append(
            f"{decl.spotter} cannot spot {board.label(game_map, decl.target_hex)} (9.1)"
        )
    return problems


def validate_bombardment(
    game_map: Any, state: GameState, decl: FireDeclaration, catalogue: Any
) -> list[str]:
    """Every reason a bombardment may not be made; empty if it may (9.1-9.3)."""
    if decl.kind != BOMBARDMENT:
        return [f"not a bombardment declaration: {decl.kind}"]
    if not decl.firers and not decl.increments:
        return ["no firing unit or increment"]
    if decl.firers and decl.increments:
        return ["on-board units and off-board increments never combine (9.3)"]
    if decl.leader is not None:
        return ["a leader's combat modifier adds to direct fire, not bombardment (10.1)"]
    if decl.factors:
        return ["only HMGs spray, and only direct fire (10.1)"]
    problems = target_problems(game_map, state, decl, catalogue)
    problems += firer_problems(game_map, state, decl, catalogue)
    if not problems:
        problems += combination_problems(game_map, state, decl, catalogue)
    problems += spotter_problems(game_map, state, decl, catalogue)
    return problems


def bombardment_shifts(
    game_map: Any, state: GameState, decl: FireDeclaration, catalogue: Any
) -> list[Shift]:
    """The bombardment column shifts our sources support (9.4, D23, D-COMBAT-BOMB-SHIFTS)."""
    h = decl.target_hex
    shifts: list[Shift] = []
    t = board.terrain(game_map, h)
    if t.bombardment_shift:
        shifts.append(Shift(t.bombardment_shift, f"target hex is {t.name.lower()}", "9.4"))
    if combat_units_in(state, h, catalogue=catalogue) >= 3:
        shifts.append(Shift(+1, "3 or more combat units are stacked in the target hex", "9.4, 4.4"))
    side = firing_side(state, decl)
    if side is not None and board.supply_level(state, firing_unit(state, decl) or side) in ("shortfall", "critical"):
        shifts.append(Shift(-1, "logistics shortfall", "17.10"))
    return shifts


def bombardment_situation(
    game_map: Any,
    state: GameState,
    decl: FireDeclaration,
    catalogue: Any,
    *,
    side: str | None = None,
) -> AttackSituation:
    """A bombardment before its dice (9.4): value (halved when blind, double-blind 18.8),
    shifts, column. `side`: the firing side when only off-board increments fire."""
    side = side or firing_side(state, decl)
    value, parts = combined_value(state, decl, catalogue)
    if side is not None and is_blind_fire(state, side, decl.target_hex):
        value = max(1, value // 2)  # D13: halved, fractions dropped, minimum 1
        why = "blind fire at a hex with no observed enemy: half strength (double-blind 18.8)"
        parts = [*parts, {"unit": None, "printed": 0, "used": 0, "value": str(value),
                          "why": [why]}]
    shifts = bombardment_shifts(game_map, state, decl, catalogue)
    return AttackSituation(
        BOMBARDMENT, situation.BOMBARDMENT, side, value, tuple(parts), tuple(shifts)
    )


def resolve_bombardment(
    game_map: Any,
    state: GameState,
    decl: FireDeclaration,
    dice: Dice,
    catalogue: Any,
    *,
    side: str | None = None,
    preference: Any = (),
) -> tuple[GameState, list[Event]]:
    """Resolve a bombardment (9.4): every unit and leader in the hex is attacked, of both sides
    (9.5 friendly fire, D-COMBAT-FRIENDLY-FIRE). `side` names the firing side when only
    off-board increments fire."""
    problems = validate_bombardment(game_map, state, decl, catalogue)
    if problems:
        raise IllegalCommand("; ".join(problems), rule="9.1")
    sit = bombardment_situation(game_map, state, decl, catalogue, side=side)
    side = sit.side
    events: list[Event] = [
        event(
            "fire",
            kind=BOMBARDMENT,
            side=side,
            firers=list(decl.firers),
            increments=[i.id for i in decl.increments],
            spotter=decl.spotter,
            target_hex=board.label(game_map, decl.target_hex),
            opportunity=False,
            value=sit.value,
            value_parts=list(sit.value_parts),
            provisional=tables.BOMBARDMENT_IS_PROVISIONAL,
        )
    ]
    events += sit.shift_events()
    col = sit.column_event()
    events.append(col)
    roll = dice.roll(2, "bombardment")
    code = sit.result(sum(roll))
    events.append(event("roll", purpose="bombardment", dice=list(roll), total=sum(roll)))
    events.append(
        event(
            "result",
            kind=BOMBARDMENT,
            code=code,
            column=col["column"],
            dice=sum(roll),
            provisional=tables.BOMBARDMENT_IS_PROVISIONAL,
        )
    )
    state = mark_fired(state, decl)
    everyone = sorted({u.side for u in state.units_at(decl.target_hex)})
    state, evs, _ = apply_result(
        game_map,
        state,
        decl.target_hex,
        code,
        dice,
        catalogue,
        table=BOMB_TABLE,
        sides=everyone,
        preference=preference,
        cause=f"bombardment {code}",
    )
    state, more = hooks.thread("bombardment_recorded", state, game_map, decl)  # drumfire 17.2
    state, dry = hooks.thread("after_firing", state, game_map, decl.firers, dice, catalogue)
    return state, events + evs + more + dry


def is_blind_fire(state: GameState, side: str, target: Any) -> bool:
    """Double-blind: bombardment of a hex where the side observes no enemy (18.8, D-DB-BLIND)."""
    if not observation.is_on(state):
        return False
    hexes, _ = knowledge.known_enemies(state, side)
    return target not in hexes
