"""Leaders in combat: morale modifiers, casualties, lone leaders overrun (6.0, 6.71, 14.1)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...common.dice import Dice
from ...common.hexgrid import Hex, distance
from ..core.state import DEMORALIZED, GameState, UnitState
from . import board
from .counters import ctype, current_morale
from .events import Event, event


def leaders_at(
    state: GameState, catalogue: Any, h: Hex, side: str | None = None
) -> list[UnitState]:
    return [
        u
        for u in state.units_at(h)
        if ctype(catalogue, u).is_leader and (side is None or u.side == side)
    ]


def best_morale_leader(
    state: GameState, catalogue: Any, unit: UnitState
) -> tuple[UnitState | None, int]:
    """The undemoralized friendly leader in the same or an adjacent hex with the best morale
    modifier, and that modifier (14.1); a leader never helps himself. Ties: lower id."""
    assert unit.hex is not None
    best: UnitState | None = None
    best_mod = 0
    for u in sorted(state.units_on_map(), key=lambda u: u.id):
        if u.id == unit.id or u.side != unit.side or u.status == DEMORALIZED:
            continue
        t = ctype(catalogue, u)
        if not t.is_leader or u.hex is None or distance(u.hex, unit.hex) > 1:
            continue
        if t.morale_modifier > best_mod:
            best, best_mod = u, t.morale_modifier
    return best, best_mod


def eliminate_leader(state: GameState, leader: UnitState) -> GameState:
    side = state.side(leader.side)
    state = state.with_unit(replace(leader, eliminated=True, hex=None, carried_by=None))
    return state.with_side(replace(side, leaders_eliminated=side.leaders_eliminated + 1))


def leader_casualty(
    game_map: Any,
    state: GameState,
    leader_id: str,
    steps_lost: int,
    dice: Dice,
    catalogue: Any,
    *,
    cause: str,
) -> tuple[GameState, list[Event]]:
    """Roll a leader's casualty check: 2d6 minus 1 per step lost; modified 2 or less kills (D9).

    D9: every leader of the side hit in the hex rolls once whenever a #MC or #M2 result hits
    the hex, whether or not a step could be taken; the modifier counts the steps actually lost.
    """
    leader = state.units[leader_id]
    roll = dice.roll(2, f"leader casualty {leader_id}")
    total = sum(roll)
    modified = total - steps_lost
    killed = modified <= 2
    events = [
        event("roll", purpose=f"leader casualty {leader_id}", dice=list(roll), total=total),
        event(
            "leader_casualty",
            unit=leader_id,
            hex=board.label(game_map, leader.hex),
            dice=total,
            modifier=-steps_lost,
            modified=modified,
            killed=killed,
            cause=cause,
            reason=f"2d6 {total} - {steps_lost} step(s) lost = {modified}; killed on 2 or less",
        ),
    ]
    if killed:
        state = eliminate_leader(state, leader)
        events.append(
            event(
                "eliminated",
                unit=leader_id,
                hex=board.label(game_map, leader.hex),
                reason="leader killed",
            )
        )
    return state, events


def displacement_hex(
    game_map: Any, state: GameState, catalogue: Any, unit: UnitState
) -> Hex | None:
    """Where a displaced or retreating counter goes: an adjacent on-map hex without enemy units
    or drumfire, preferring friendly-occupied hexes, then the farthest from enemy combat units,
    then the lowest hex (D-COMBAT-FLEE)."""
    assert unit.hex is not None
    enemies = [
        u.hex
        for u in state.units_on_map()
        if u.side != unit.side and ctype(catalogue, u).is_combat_unit and u.hex is not None
    ]
    best: tuple | None = None
    choice: Hex | None = None
    for n in sorted(board.neighbors(game_map, unit.hex)):
        occupants = state.occupied_by(n)
        if occupants - {unit.side} or "drumfire" in state.markers_at(n):
            continue
        friendly = unit.side in occupants
        far = min((distance(n, e) for e in enemies), default=99)
        key = (friendly, far)
        if best is None or key > best:
            best, choice = key, n
    return choice


def lone_leader_survival(
    game_map: Any, state: GameState, leader_id: str, dice: Dice, catalogue: Any
) -> tuple[GameState, list[Event]]:
    """A leader alone in a hex entered by enemy combat units rolls for survival (6.71).

    D-COMBAT-671: he survives on 2d6 at or below his current morale and is displaced to an
    adjacent hex (see `displacement_hex`); otherwise, or with nowhere to go, he is eliminated.
    """
    leader = state.units[leader_id]
    morale = current_morale(state, catalogue, leader)
    roll = dice.roll(2, f"leader survival {leader_id}")
    total = sum(roll)
    survives = total <= morale
    to = displacement_hex(game_map, state, catalogue, leader) if survives else None
    events = [event("roll", purpose=f"leader survival {leader_id}", dice=list(roll), total=total)]
    ev = dict(unit=leader_id, hex=board.label(game_map, leader.hex), dice=total, morale=morale)
    if survives and to is not None:
        state = state.with_unit(replace(leader, hex=to, carried_by=None))
        events.append(
            event(
                "leader_survival",
                **ev,
                survived=True,
                displaced_to=board.label(game_map, to),
                reason=f"2d6 {total} <= morale {morale}: survives and is displaced (6.71)",
            )
        )
    else:
        why = "no hex to be displaced to" if survives else f"2d6 {total} > morale {morale}"
        state = eliminate_leader(state, leader)
        events.append(
            event("leader_survival", **ev, survived=False, reason=f"{why}: eliminated (6.71)")
        )
        events.append(
            event(
                "eliminated",
                unit=leader_id,
                hex=board.label(game_map, leader.hex),
                reason="lone leader overrun",
            )
        )
    return state, events


def lone_leaders_overrun(
    game_map: Any, state: GameState, h: Hex, entering_side: str, dice: Dice, catalogue: Any
) -> tuple[GameState, list[Event]]:
    """Every enemy leader left without friendly units in a hex holding `entering_side`'s combat
    units makes the 6.71 survival roll, in id order."""
    events: list[Event] = []
    here = state.units_at(h)
    if not any(u.side == entering_side and ctype(catalogue, u).is_combat_unit for u in here):
        return state, events
    for side in sorted({u.side for u in here} - {entering_side}):
        mine = [u for u in here if u.side == side]
        if mine and all(ctype(catalogue, u).is_leader for u in mine):
            for led in mine:
                state, evs = lone_leader_survival(game_map, state, led.id, dice, catalogue)
                events += evs
    return state, events
