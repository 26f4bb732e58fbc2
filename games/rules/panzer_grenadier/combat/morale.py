"""Morale: checks in combat, compound failures, recovery and flight (14.1-14.4, 14.31, 14.35)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...common.dice import Dice
from ...common.errors import IllegalCommand
from ...common.hexgrid import Hex, distance
from ..core import tables
from ..core.stacking import stacking_problem
from ..core.state import DEMORALIZED, DISRUPTED, GOOD, GameState, UnitState
from . import board
from .counters import base_morale, ctype, current_morale, movement
from .events import Event, event
from .leaders import best_morale_leader, displacement_hex, eliminate_leader
from .steps import set_status, step_loss

# Outcomes of one check as applied (D16 adds "step_loss").
OK, STEP_LOSS = "ok", "step_loss"


def compound(old: str, result: str) -> tuple[str, bool]:
    """The status after a check result, and whether a step is lost (D16).

    D16: a failed check never improves a status. Disrupted + disrupted -> demoralized
    (compound failure). Demoralized + demoralized -> one step lost, still demoralized.
    Demoralized + disrupted -> no further effect.
    """
    if result == "ok":
        return old, False
    if old == GOOD:
        return result, False
    if old == DISRUPTED:
        return DEMORALIZED, False
    return DEMORALIZED, result == "demoralized"


def morale_check(
    game_map: Any,
    state: GameState,
    unit_id: str,
    check_mod: int,
    dice: Dice,
    catalogue: Any,
    *,
    cause: str,
    assault_hex: bool = False,
) -> tuple[GameState, list[Event], str]:
    """One unit's morale check (14.1): 2d6 + M# against current morale + best leader modifier.

    Returns the new state, the events and the outcome ("ok", "disrupted", "demoralized",
    "step_loss"). In an assault hex, a unit already demoralized that fails leaves the hex by
    one hex (14.35).
    """
    unit = state.units[unit_id]
    morale = current_morale(state, catalogue, unit)
    leader, leader_mod = best_morale_leader(state, catalogue, unit)
    target = morale + leader_mod
    roll = dice.roll(2, f"morale check {unit_id}")
    total = sum(roll) + check_mod
    result = tables.morale_check(total, target)
    new_status, loses_step = compound(unit.status, result)
    outcome = OK if result == "ok" else STEP_LOSS if loses_step else new_status
    modifiers = []
    if unit.status == DEMORALIZED:
        modifiers.append({"value": -1, "reason": "demoralized: morale one lower (14.3)"})
    if leader is not None:
        modifiers.append(
            {"value": leader_mod, "reason": f"leader {leader.id} morale modifier (14.1)"}
        )
    events = [
        event("roll", purpose=f"morale check {unit_id}", dice=list(roll), total=sum(roll)),
        event(
            "morale_check",
            unit=unit_id,
            hex=board.label(game_map, unit.hex),
            cause=cause,
            morale=morale + (1 if unit.status == DEMORALIZED else 0),
            modifiers=modifiers,
            target=target,
            dice=sum(roll),
            dice_modifier=check_mod,
            total=total,
            result=result,
            outcome=outcome,
        ),
    ]
    state, evs = set_status(
        game_map,
        state,
        unit_id,
        new_status,
        catalogue,
        reason=f"morale check {total} vs {target}: {result} (14.1, D16)",
    )
    events += evs
    if loses_step:
        if ctype(catalogue, unit).is_leader:
            state = eliminate_leader(state, state.units[unit_id])
            events.append(
                event(
                    "eliminated",
                    unit=unit_id,
                    hex=board.label(game_map, unit.hex),
                    reason="demoralized leader demoralized again (D16)",
                )
            )
        else:
            state, evs = step_loss(
                game_map,
                state,
                unit_id,
                catalogue,
                reason="demoralized unit demoralized again (D16)",
            )
            events += evs
    if (
        assault_hex
        and unit.status == DEMORALIZED
        and result != "ok"
        and state.units[unit_id].on_map
    ):
        state, evs = leave_assault_hex(game_map, state, unit_id, catalogue)
        events += evs
    return state, events, outcome


def leave_assault_hex(
    game_map: Any, state: GameState, unit_id: str, catalogue: Any
) -> tuple[GameState, list[Event]]:
    """A demoralized unit in an assault hex that fails a morale check moves one hex out (14.35).

    D-COMBAT-FLEE: the hex is chosen by `displacement_hex`; with none, the unit stays.
    """
    unit = state.units[unit_id]
    to = displacement_hex(game_map, state, catalogue, unit)
    if to is None:
        return state, [
            event(
                "flee",
                unit=unit_id,
                frm=board.label(game_map, unit.hex),
                path=[],
                reason="no hex to leave to: stays (14.35, D-COMBAT-FLEE)",
            )
        ]
    state = _move(state, unit, to)
    return state, [
        event(
            "flee",
            unit=unit_id,
            frm=board.label(game_map, unit.hex),
            path=[board.label(game_map, to)],
            reason="demoralized unit failed a check in an assault hex: leaves by one hex (14.35)",
        )
    ]


def _move(state: GameState, unit: UnitState, to: Hex) -> GameState:
    # A unit that flees loses its dug-in marker (16.2, D-DIG-1).
    state = state.with_unit(replace(unit, hex=to, carried_by=None, dug_in=False))
    for p in board.passengers_of(state, unit.id):
        state = state.with_unit(replace(p, hex=to, dug_in=False))
    return state


# -- recovery (14.4) --------------------------------------------------------------------


def recovery_problems(
    state: GameState, unit_id: str, catalogue: Any, leader_id: str | None = None
) -> list[str]:
    """Why a recovery attempt is not allowed (14.4); empty if it is."""
    problems = []
    unit = state.units.get(unit_id)
    if unit is None or not unit.on_map:
        return [f"{unit_id} is not on the map"]
    if unit.status == GOOD:
        problems.append(f"{unit_id} is in good order: nothing to recover (14.4)")
    if unit.moved_fired:
        problems.append(f"{unit_id} has a Moved/Fired marker (14.4)")
    if leader_id is not None:
        led = state.units.get(leader_id)
        if led is None or not led.on_map or not ctype(catalogue, led).is_leader:
            problems.append(f"{leader_id} is not a leader on the map")
        elif led.side != unit.side or led.id == unit.id:
            problems.append(f"{leader_id} cannot help {unit_id} recover")
        elif led.status == DEMORALIZED:
            problems.append(f"{leader_id} is demoralized and cannot help (14.4)")
        elif distance(led.hex, unit.hex) > 1:  # type: ignore[arg-type]
            problems.append(f"{leader_id} is not in or adjacent to {unit_id}'s hex (14.1)")
    return problems


def resolve_recovery(
    game_map: Any,
    state: GameState,
    unit_id: str,
    dice: Dice,
    catalogue: Any,
    *,
    leader: str | None = None,
    auto_flee: bool = True,
) -> tuple[GameState, list[Event]]:
    """Attempt recovery (14.4): 2d6 strictly under morale (+ leader, +1 in town or entrenchment).

    `auto_flee=False` leaves a required flight to the caller (a "flee" event with
    `required: true` and no path), e.g. to let the player pick the path among legal ones.

    D17: success improves one level (demoralized -> disrupted -> good order); a natural 2
    recovers fully; a natural 12 makes a demoralized leader desert. A demoralized unit that
    fails must flee (14.31) unless in an entrenchment. The unit and the helping leader are
    marked Moved/Fired either way.
    """
    problems = recovery_problems(state, unit_id, catalogue, leader)
    if problems:
        raise IllegalCommand("; ".join(problems), rule="14.4")
    unit = state.units[unit_id]
    morale = base_morale(state, catalogue, unit)
    mods: list[dict[str, Any]] = []
    if unit.status == DEMORALIZED:
        mods.append({"value": -1, "reason": "demoralized: morale one lower (14.3)"})
    if leader is not None:
        mods.append(
            {
                "value": ctype(catalogue, state.units[leader]).morale_modifier,
                "reason": f"leader {leader} morale modifier (14.4)",
            }
        )
    in_cover = board.is_town(game_map, unit.hex) or board.has_entrenchment(state, unit.hex)
    if in_cover:
        mods.append({"value": 1, "reason": "attempt in town or entrenchment (14.4)"})
    target = morale + sum(m["value"] for m in mods)
    roll = dice.roll(2, f"recovery {unit_id}")
    total = sum(roll)
    where = board.label(game_map, unit.hex)
    events = [event("roll", purpose=f"recovery {unit_id}", dice=list(roll), total=total)]
    is_leader = ctype(catalogue, unit).is_leader
    if total == 2:
        outcome, new = "full", GOOD
    elif total == 12 and is_leader and unit.status == DEMORALIZED:
        outcome, new = "deserted", None
    elif total < target:
        outcome, new = "success", (DISRUPTED if unit.status == DEMORALIZED else GOOD)
    else:
        outcome, new = "failed", None
    events.append(
        event(
            "recovery",
            unit=unit_id,
            hex=where,
            leader=leader,
            morale=morale,
            modifiers=mods,
            target=target,
            dice=total,
            outcome=outcome,
            reason={
                "full": "natural 2: full recovery (14.4)",
                "deserted": "natural 12: demoralized leader deserts (14.4)",
                "success": f"{total} < {target}: one level better (14.4, D17)",
                "failed": f"{total} is not less than {target} (14.4)",
            }[outcome],
        )
    )
    if new is not None:
        state, evs = set_status(
            game_map, state, unit_id, new, catalogue, reason=f"recovery: {outcome} (14.4)"
        )
        events += evs
    if outcome == "deserted":
        state = eliminate_leader(state, unit)
        events.append(event("eliminated", unit=unit_id, hex=where, reason="deserted (14.4)"))
    for uid in (unit_id, leader):
        if uid is not None and state.units[uid].on_map:
            state = state.with_unit(replace(state.units[uid], moved_fired=True))
    if outcome == "failed" and unit.status == DEMORALIZED:
        if board.has_entrenchment(state, unit.hex):
            events.append(
                event(
                    "flee",
                    unit=unit_id,
                    frm=where,
                    path=[],
                    reason="in an entrenchment: need not flee (14.31)",
                )
            )
        elif not auto_flee:
            events.append(
                event(
                    "flee",
                    unit=unit_id,
                    frm=where,
                    path=[],
                    required=True,
                    reason="failed recovery while demoralized: must flee (14.31)",
                )
            )
        else:
            state, evs = flee(game_map, state, unit_id, catalogue)
            events += evs
    return state, events


# -- flight (14.31) --------------------------------------------------------------------


def _enemy_combat_hexes(state: GameState, catalogue: Any, side: str) -> list[Hex]:
    return [
        u.hex
        for u in state.units_on_map()
        if u.side != side and ctype(catalogue, u).is_combat_unit and u.hex is not None
    ]


def is_safe_hex(game_map: Any, state: GameState, catalogue: Any, unit: UnitState, h: Hex) -> bool:
    """No enemy combat unit can see the hex, and it is not marked for drumfire (14.31, 17.2)."""
    if "drumfire" in state.markers_at(h):
        return False
    for e in state.units_on_map():
        if e.side == unit.side or not ctype(catalogue, e).is_combat_unit or e.hex is None:
            continue
        if board.can_see(game_map, state, e, h):
            return False
    return True


def flee_path(game_map: Any, state: GameState, unit_id: str, catalogue: Any) -> list[Hex]:
    """The path a fleeing unit takes (14.31, D-COMBAT-FLEE): greedy, deterministic.

    Each step enters the adjacent hex that is farthest from the nearest enemy combat unit
    (never nearer than where it stands), free of enemy units and drumfire, that it can enter
    with the MP left of its full movement allowance; ties go to the cheaper hex, then the
    lower hex. It stops in the first safe hex (out of sight of every enemy combat unit), or
    when no step is possible.
    """
    unit = state.units[unit_id]
    assert unit.hex is not None
    t = ctype(catalogue, unit)
    mclass = t.movement_class
    mp: Any = movement(catalogue, unit)  # an int MA, then MP left as a Fraction
    enemies = _enemy_combat_hexes(state, catalogue, unit.side)
    group = [unit_id, *(p.id for p in board.passengers_of(state, unit_id))]
    here = unit.hex
    path: list[Hex] = []
    seen = {here}

    def nearest(h: Hex) -> int:
        return min((distance(h, e) for e in enemies), default=99)

    while mp > 0 and not (path and is_safe_hex(game_map, state, catalogue, unit, here)):
        options = []
        for n in board.neighbors(game_map, here):
            if n in seen or state.occupied_by(n) - {unit.side} or "drumfire" in state.markers_at(n):
                continue
            if stacking_problem(state, n, group, catalogue=catalogue) is not None:
                continue
            cost = board.move_cost(game_map, n, mclass)
            if cost is None or cost > mp or nearest(n) < nearest(here):
                continue
            options.append((-nearest(n), cost, n))
        if not options:
            break
        _, cost, here = min(options)
        mp -= cost
        seen.add(here)
        path.append(here)
    return path


def flee(
    game_map: Any, state: GameState, unit_id: str, catalogue: Any
) -> tuple[GameState, list[Event]]:
    """Move a demoralized unit away from the enemy along `flee_path` (14.31)."""
    unit = state.units[unit_id]
    path = flee_path(game_map, state, unit_id, catalogue)
    where = board.label(game_map, unit.hex)
    if not path:
        return state, [
            event(
                "flee",
                unit=unit_id,
                frm=where,
                path=[],
                reason="no hex to flee to: stays (14.31, D-COMBAT-FLEE)",
            )
        ]
    state = _move(state, unit, path[-1])
    return state, [
        event(
            "flee",
            unit=unit_id,
            frm=where,
            path=[board.label(game_map, h) for h in path],
            reason="failed recovery while demoralized: flees (14.31)",
        )
    ]
