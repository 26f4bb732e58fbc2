"""Direct fire: column shifts, validation and resolution (10.1-10.3, 13.0, 17.10)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...common.dice import Dice
from ...common.errors import IllegalCommand
from ...common.hexgrid import distance
from ..core import hooks
from ..core.stacking import combat_units_in
from ..core.state import GameState
from ..core.terrain import CHART
from . import board, situation
from .counters import ctype, fire_multiplier, fire_value, trait
from .events import Event, Shift, event
from .fire import (
    DIRECT,
    FireDeclaration,
    combination_problems,
    combined_value,
    farthest,
    firer_problems,
    firing_side,
    firing_unit,
    leader_problems,
    mark_fired,
    target_problems,
)
from .losses import DIRECT as DF_TABLE
from .losses import apply_result
from .situation import AttackSituation

SHIFT_TARGET_KINDS_PLUS1 = frozenset({"mortar", "aa_gun", "at_gun", "cavalry"})


def validate_fire(
    game_map: Any, state: GameState, decl: FireDeclaration, catalogue: Any
) -> list[str]:
    """Every reason a direct fire attack may not be made; empty if it may (10.1)."""
    if decl.kind != DIRECT:
        return [f"not a direct fire declaration: {decl.kind}"]
    if not decl.firers:
        return ["no firing unit"]
    problems = target_problems(game_map, state, decl, catalogue)
    problems += firer_problems(game_map, state, decl, catalogue)
    problems += leader_problems(game_map, state, decl, catalogue)
    if not problems:
        problems += combination_problems(game_map, state, decl, catalogue)
    problems += spray_problems(state, decl, catalogue)
    return problems


def spray_problems(state: GameState, decl: FireDeclaration, catalogue: Any) -> list[str]:
    """HMG spray fire (10.1): only HMGs split, at least 3 factors per target, never in
    opportunity fire."""
    problems = []
    for uid, n in decl.factors.items():
        u = state.units.get(uid)
        if u is None or uid not in decl.firers:
            problems.append(f"{uid} is not firing in this attack")
            continue
        if ctype(catalogue, u).kind != "hmg":
            problems.append(f"{uid} is not an HMG: only HMGs spray fire (10.1)")
        if decl.opportunity:
            problems.append("HMGs may not spray when opportunity firing (10.1)")
        if n < 3:
            problems.append(
                f"{uid} puts {n} factors on a target; spray fire needs at least 3 (10.1)"
            )
    return problems


def direct_fire_shifts(
    game_map: Any, state: GameState, decl: FireDeclaration, catalogue: Any, *, only: Any = None
) -> list[Shift]:
    """Every column shift of the Direct Fire chart that applies, each with its reason (10.3).

    `only`: the units actually attacked (opportunity fire at a mover); the stacking +1 still
    counts every combat unit in the hex.
    """
    h = decl.target_hex
    side = firing_side(state, decl)
    targets = [u for u in state.units_at(h) if u.side != side]
    if only is not None:
        targets = [u for u in targets if u.id in set(only) or u.carried_by in set(only)]
    combat = [u for u in targets if ctype(catalogue, u).is_combat_unit]
    shifts: list[Shift] = []
    if board.has_entrenchment(state, h):
        shifts.append(Shift(-2, "target hex contains an entrenchment", "10.3"))
    t = board.terrain(game_map, h)
    if t.direct_fire_shift:
        name = t.name.lower()
        why = f"target hex is {name}" if t.direct_fire_shift < 0 else f"target hex is a {name}"
        shifts.append(Shift(t.direct_fire_shift, why, "10.3"))
    if combat and all(u.dug_in for u in combat):
        shifts.append(Shift(-1, "target units are dug-in", "10.3, 16.2"))
    if state.night:
        shifts.append(Shift(CHART.night_direct_fire_shift, "night turn", "10.3"))
    if board.is_hill(game_map, h):
        shifts.append(Shift(CHART.hill_direct_fire_shift, "target hex is a hill", "10.3"))
    if decl.firers and farthest(state, decl) >= 3:  # an air unit is over the hex (D-AIR-2)
        shifts.append(Shift(-1, "target hex is 3 or more hexes away", "10.3"))
    if decl.move_and_fire:
        shifts.append(Shift(-1, "efficient move & fire", "17.3"))
    if board.supply_level(state, firing_unit(state, decl) or side) in ("shortfall", "critical"):
        shifts.append(Shift(-1, "logistics shortfall", "17.10"))
    if any(board.is_crossing_with_engineers(game_map, state, u, catalogue) for u in targets):
        shifts.append(
            Shift(+1, "target hex contains units crossing a river with engineer help", "5.7, 10.3")
        )
    if side is not None and board.has_minefield_of(state, h, side):
        shifts.append(
            Shift(
                +1, "target hex contains a minefield belonging to the firing player", "16.6, 10.3"
            )
        )
    if combat_units_in(state, h, catalogue=catalogue) >= 3:
        shifts.append(Shift(+1, "3 or more combat units are stacked in the target hex", "10.3"))
    kinds = {ctype(catalogue, u).kind for u in combat}
    if kinds and kinds <= {"artillery"}:
        shifts.append(Shift(+2, "target is an artillery unit", "10.3"))
    elif kinds and kinds <= SHIFT_TARGET_KINDS_PLUS1 | {"artillery"}:
        shifts.append(Shift(+1, "target is a mortar, anti-air, anti-tank or cavalry unit", "10.3"))
    if any(
        board.is_rider(state, u, catalogue) and trait(catalogue, u, "is_personnel") for u in targets
    ):
        shifts.append(Shift(+1, "target is an infantry unit riding an AFV", "5.6, 10.3"))
    if decl.firers and all(distance(state.units[u].hex, h) == 1 for u in decl.firers):  # type: ignore[arg-type]
        shifts.append(Shift(+2, "target hex is adjacent to all firing units", "10.3"))
    if decl.opportunity:
        shifts.append(Shift(+1, "opportunity fire", "13.0"))
    return shifts


def direct_fire_situation(
    game_map: Any, state: GameState, decl: FireDeclaration, catalogue: Any, *, only: Any = None
) -> AttackSituation:
    """A direct fire attack before its dice: value, shifts, column (10.2, 10.3, 13.0, 17.3).
    `only`: the units actually attacked (an opportunity fire's mover and its riders)."""
    value, parts = combined_value(state, decl, catalogue)
    shifts = direct_fire_shifts(game_map, state, decl, catalogue, only=only)
    return AttackSituation(
        DIRECT, situation.DIRECT_FIRE, firing_side(state, decl), value, tuple(parts), tuple(shifts)
    )


def resolve_direct_fire(
    game_map: Any,
    state: GameState,
    decl: FireDeclaration,
    dice: Dice,
    catalogue: Any,
    *,
    only: Any = None,
    preference: Any = (),
) -> tuple[GameState, list[Event]]:
    """Resolve one direct fire attack (10.2): fire value, shifts, 2d6, result applied to the
    target hex (or, in opportunity fire, to the mover `only`)."""
    problems = validate_fire(game_map, state, decl, catalogue)
    if problems:
        raise IllegalCommand("; ".join(problems), rule="10.1")
    sit = direct_fire_situation(game_map, state, decl, catalogue, only=only)
    side = sit.side
    events: list[Event] = [
        event(
            "fire",
            kind=DIRECT,
            side=side,
            firers=list(decl.firers),
            leader=decl.leader,
            target_hex=board.label(game_map, decl.target_hex),
            opportunity=decl.opportunity,
            targets=sorted(only) if only is not None else None,
            value=sit.value,
            value_parts=list(sit.value_parts),
        )
    ]
    events += sit.shift_events()
    col = sit.column_event()
    events.append(col)
    roll = dice.roll(2, "direct fire")
    code = sit.result(sum(roll))
    events.append(event("roll", purpose="direct fire", dice=list(roll), total=sum(roll)))
    events.append(event("result", kind=DIRECT, code=code, column=col["column"], dice=sum(roll)))
    state = mark_fired(state, decl)
    enemy = sorted({u.side for u in state.units_at(decl.target_hex)} - {side})
    state, evs, _ = apply_result(
        game_map,
        state,
        decl.target_hex,
        code,
        dice,
        catalogue,
        table=DF_TABLE,
        sides=enemy,
        only=only,
        preference=preference,
        cause=f"direct fire {code}",
    )
    state, more = hooks.thread("after_firing", state, game_map, decl.firers, dice, catalogue)
    return state, events + evs + more


def resolve_spray_fire(
    game_map: Any,
    state: GameState,
    parts: Sequence[FireDeclaration],
    dice: Dice,
    catalogue: Any,
) -> tuple[GameState, list[Event]]:
    """Resolve HMG spray fire (10.1): one HMG splits its factors between several target hexes,
    at least 3 each, never more than its (halved, if disrupted) value in all; each part is
    an attack of its own, and the HMG is marked once."""
    if len(parts) < 2:
        raise IllegalCommand("spray fire needs at least two targets (10.1)", rule="10.1")
    hmgs = {uid for p in parts for uid in p.factors}
    if len(hmgs) != 1 or any(p.firers != parts[0].firers for p in parts):
        raise IllegalCommand(
            "spray fire is one HMG's factors split between targets (10.1)", rule="10.1"
        )
    (hmg,) = hmgs
    unit = state.units[hmg]
    fv = fire_value(catalogue, unit, DIRECT)
    mult, _ = fire_multiplier(state, catalogue, unit)
    available = int((fv.strength if fv else 0) * mult)
    used = sum(p.factors[hmg] for p in parts)
    if used > available:
        raise IllegalCommand(f"{hmg} sprays {used} factors but has {available} (10.1)", rule="10.1")
    if len({p.target_hex for p in parts}) != len(parts):
        raise IllegalCommand("spray fire targets different hexes (10.1)", rule="10.1")
    events: list[Event] = []
    for part in parts:
        # Each part is checked against the firer as it was before the spray.
        state = state.with_unit(
            replace(state.units[hmg], moved_fired=unit.moved_fired, attacks_made=unit.attacks_made)
        )
        state, evs = resolve_direct_fire(game_map, state, part, dice, catalogue)
        events += evs
    return state, events
