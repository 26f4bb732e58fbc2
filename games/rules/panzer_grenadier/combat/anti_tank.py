"""Anti-tank fire: dice roll modifiers, validation and resolution (11.1-11.3, 13.0, 17.3, 17.10)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...common.dice import Dice
from ...common.errors import IllegalCommand
from ...common.hexgrid import distance
from ..core import hooks
from ..core.state import GameState
from . import board, situation
from .counters import armor
from .events import Event, Shift, event
from .fire import (
    ANTI_TANK,
    FireDeclaration,
    combination_problems,
    combined_value,
    firer_problems,
    firing_side,
    leader_problems,
    mark_fired,
)
from .morale import morale_check
from .situation import AttackSituation
from .steps import eliminate, step_loss


def validate_anti_tank(
    game_map: Any, state: GameState, decl: FireDeclaration, catalogue: Any
) -> list[str]:
    """Every reason an anti-tank attack may not be made; empty if it may (11.1)."""
    if decl.kind != ANTI_TANK:
        return [f"not an anti-tank declaration: {decl.kind}"]
    if len(decl.firers) != 1:
        return ["anti-tank fire is made by one unit at a time (11.1)"]
    target = state.units.get(decl.target_unit or "")
    if target is None or not target.on_map:
        return ["name the armored unit attacked (11.1)"]
    problems = []
    if target.hex != decl.target_hex:
        problems.append(f"{target.id} is not in {board.label(game_map, decl.target_hex)}")
    if target.side == firing_side(state, decl):
        problems.append(f"{target.id} is a friendly unit")
    if armor(catalogue, target) is None:
        problems.append(
            f"{target.id} has no armor value: anti-tank fire needs an armored target (11.1)"
        )
    if any(u.side == firing_side(state, decl) for u in state.units_at(decl.target_hex)):
        problems.append(
            "anti-tank fire may not target a hex holding friendly units (D-COMBAT-ASSAULT-HEX)"
        )
    if decl.factors:
        problems.append("only HMGs spray, and only direct fire (10.1)")
    problems += firer_problems(game_map, state, decl, catalogue)
    problems += leader_problems(game_map, state, decl, catalogue)
    problems += combination_problems(game_map, state, decl, catalogue)
    return problems


def anti_tank_modifiers(
    game_map: Any, state: GameState, decl: FireDeclaration, catalogue: Any
) -> list[Shift]:
    """Every dice roll modifier of the Anti-Tank chart that applies, each with its reason (11.1)."""
    firer = state.units[decl.firers[0]]
    target = state.units[decl.target_unit]  # type: ignore[index]
    fh, th = firer.hex, target.hex
    assert fh is not None and th is not None
    mods: list[Shift] = []
    if decl.opportunity:
        mods.append(Shift(-1, "opportunity fire", "11.1, 13.0"))
    # D25: "preceding action segment" is the segment numbered one less than the current one.
    if target.last_moved_segment is not None and target.last_moved_segment == state.segment - 1:
        mods.append(Shift(-1, "target moved in the preceding action segment", "11.1, D25"))
    t = board.terrain(game_map, th)
    if target.dug_in or t.anti_tank_drm < 0:
        why = "target is dug-in" if target.dug_in else f"target occupies {t.name.lower()}"
        mods.append(Shift(-1, why, "11.1"))
    if board.elevation(game_map, th) > board.elevation(game_map, fh):
        mods.append(Shift(-1, "target in higher elevation hex than firing unit", "11.1"))
    if distance(fh, th) > 5:
        mods.append(Shift(-1, "range to target is more than 5 hexes", "11.1"))
    if distance(fh, th) == 1:
        mods.append(Shift(+1, "target occupies adjacent hex", "11.1"))
    if board.is_crossing_with_engineers(game_map, state, target, catalogue):
        mods.append(Shift(+1, "target is crossing a river with engineers assisting", "5.7, 11.1"))
    if any(h != fh and distance(h, fh) > 1 for h in target.attacked_from):
        mods.append(Shift(+2, "target already attacked this turn from a non-adjacent hex", "11.1"))
    if decl.move_and_fire:
        mods.append(Shift(-1, "efficient move & fire", "17.3"))
    if board.supply_level(state, firer) in ("shortfall", "critical"):
        mods.append(Shift(-1, "logistics shortfall", "17.10"))
    return mods


def at_base(
    game_map: Any, state: GameState, decl: FireDeclaration, catalogue: Any
) -> tuple[int, int, list[Shift], list]:
    """(AT value used, target armor, modifiers, value parts)."""
    sit = anti_tank_situation(game_map, state, decl, catalogue)
    return sit.value, int(sit.armor or 0), list(sit.shifts), list(sit.value_parts)


def anti_tank_situation(
    game_map: Any, state: GameState, decl: FireDeclaration, catalogue: Any
) -> AttackSituation:
    """An anti-tank attack before its dice: AT value, the target's armor (a mired vehicle's
    1 less, 17 Part II) and every dice roll modifier (11.1, 13.0, 17.3)."""
    value, parts = combined_value(state, decl, catalogue)
    target = state.units[decl.target_unit]  # type: ignore[index]
    arm = armor(catalogue, target)
    if arm is not None and target.mired:
        arm = max(0, arm - 1)
    mods = anti_tank_modifiers(game_map, state, decl, catalogue)
    return AttackSituation(
        ANTI_TANK, situation.ANTI_TANK, firing_side(state, decl), value, tuple(parts),
        tuple(mods), int(arm or 0),
    )


def resolve_anti_tank(
    game_map: Any, state: GameState, decl: FireDeclaration, dice: Dice, catalogue: Any
) -> tuple[GameState, list[Event]]:
    """Resolve one anti-tank attack (11.1): 2d6 + AT value - armor + modifiers; 10-12 one step
    and an M2 check, 13+ eliminated. Passengers share the target's fate (5.6)."""
    problems = validate_anti_tank(game_map, state, decl, catalogue)
    if problems:
        raise IllegalCommand("; ".join(problems), rule="11.1")
    sit = anti_tank_situation(game_map, state, decl, catalogue)
    value, arm, drm = sit.value, int(sit.armor or 0), sit.net_shift
    firer = state.units[decl.firers[0]]
    target = state.units[decl.target_unit]  # type: ignore[index]
    events: list[Event] = [
        event(
            "fire",
            kind=ANTI_TANK,
            side=firer.side,
            firers=[firer.id],
            leader=None,
            target_hex=board.label(game_map, decl.target_hex),
            target_unit=target.id,
            opportunity=decl.opportunity,
            value=value,
            armor=arm,
            value_parts=list(sit.value_parts),
            attack=firer.attacks_made + 1,
        )
    ]
    events += sit.shift_events()
    roll = dice.roll(2, "anti-tank fire")
    total = sum(roll) + sit.modifier
    code = sit.result(sum(roll))
    events.append(event("roll", purpose="anti-tank fire", dice=list(roll), total=sum(roll)))
    events.append(
        event(
            "result",
            kind=ANTI_TANK,
            code=code,
            dice=sum(roll),
            modified=total,
            modifier=sit.modifier,
            reason=f"{sum(roll)} + {value} - {arm} {drm:+d} = {total}",
        )
    )
    state = mark_fired(state, decl)
    target = state.units[target.id]
    state = state.with_unit(replace(target, attacked_from=target.attacked_from | {firer.hex}))
    if code == "eliminated":
        state, evs = eliminate(
            game_map, state, target.id, catalogue, reason="anti-tank fire: 13 or more (11.1)"
        )
        events += evs
    elif code == "step_loss":
        state, evs = step_loss(
            game_map, state, target.id, catalogue, reason="anti-tank fire: 10-12 (11.1)"
        )
        events += evs
        if state.units[target.id].on_map:
            state, evs, _ = morale_check(
                game_map, state, target.id, 2, dice, catalogue, cause="anti-tank M2"
            )
            events += evs
    state, more = hooks.thread("after_firing", state, game_map, decl.firers, dice, catalogue)
    return state, events + more
