"""Step losses and status changes on one counter, with its passengers (5.6, 7.6, 14.0)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..core.state import DEMORALIZED, DISRUPTED, GameState, UnitState
from . import board
from .counters import ctype
from .events import Event, event


def _eliminate(state: GameState, unit: UnitState) -> GameState:
    side = state.side(unit.side)
    state = state.with_unit(replace(unit, steps=0, eliminated=True, hex=None, carried_by=None))
    return state.with_side(replace(side, units_eliminated=side.units_eliminated + 1))


def step_loss(
    game_map: Any,
    state: GameState,
    unit_id: str,
    catalogue: Any,
    *,
    reason: str,
    share: bool = True,
) -> tuple[GameState, list[Event]]:
    """Take one step from a unit: a full unit flips, a reduced or one-step unit is eliminated (7.6).

    Passengers of a transport share its fate (5.6): each loses a step with it. Riders on an
    AFV that is eliminated are unloaded in the hex. Side counters `steps_lost` and
    `units_eliminated` count every step and unit, transports included.
    """
    unit = state.units[unit_id]
    where = board.label(game_map, unit.hex)
    side = state.side(unit.side)
    state = state.with_side(replace(side, steps_lost=side.steps_lost + 1))
    events: list[Event] = []
    if unit.steps <= 1:
        state = _eliminate(state, unit)
        events.append(event("step_loss", unit=unit_id, hex=where, steps_left=0, reason=reason))
        events.append(event("eliminated", unit=unit_id, hex=where, reason=reason))
    else:
        state = state.with_unit(replace(unit, steps=unit.steps - 1))
        events.append(
            event("step_loss", unit=unit_id, hex=where, steps_left=unit.steps - 1, reason=reason)
        )
    if share:
        state, evs = _passengers_share_fate(game_map, state, unit, catalogue, where, step_loss)
        events += evs
    return state, events


def eliminate(
    game_map: Any, state: GameState, unit_id: str, catalogue: Any, *, reason: str
) -> tuple[GameState, list[Event]]:
    """Remove a unit with every step it has left (anti-tank "eliminated", 11.1); passengers of a
    transport go with it (5.6)."""
    unit = state.units[unit_id]
    where = board.label(game_map, unit.hex)
    side = state.side(unit.side)
    state = state.with_side(replace(side, steps_lost=side.steps_lost + unit.steps))
    state = _eliminate(state, unit)
    events = [event("eliminated", unit=unit_id, hex=where, reason=reason)]
    state, evs = _passengers_share_fate(game_map, state, unit, catalogue, where, eliminate)
    events += evs
    return state, events


def _passengers_share_fate(
    game_map: Any, state: GameState, carrier: Any, catalogue: Any, where: str, fate: Any
) -> tuple[GameState, list[Event]]:
    """What happened to a carrier happens to its passengers (5.6): a transport's take the same
    `fate` (a step loss or elimination); riders of an eliminated AFV are unloaded in its hex."""
    events: list[Event] = []
    carrier_is_transport = ctype(catalogue, carrier).is_transport
    for p in board.passengers_of(state, carrier.id):
        if carrier_is_transport:
            state, evs = fate(
                game_map,
                state,
                p.id,
                catalogue,
                reason=f"carried by {carrier.id}, shares its fate (5.6)",
            )
            events += evs
            p = state.units[p.id]
        # A passenger that outlived its eliminated carrier, or a rider, is set down in the hex.
        if state.units[carrier.id].eliminated and p.on_map:
            state = state.with_unit(replace(p, carried_by=None, hex=carrier.hex))
            events.append(
                event(
                    "unloaded",
                    unit=p.id,
                    carrier=carrier.id,
                    hex=where,
                    reason="carrier eliminated (5.6)",
                )
            )
    return state, events


def set_status(
    game_map: Any, state: GameState, unit_id: str, status: str, catalogue: Any, *, reason: str
) -> tuple[GameState, list[Event]]:
    """Change a unit's status; a transport's passengers take the same status and unload at once
    when it becomes disrupted or demoralized (5.6)."""
    unit = state.units[unit_id]
    events: list[Event] = []
    if unit.status != status:
        state = state.with_unit(replace(unit, status=status))
        events.append(
            event(
                "status_change",
                unit=unit_id,
                hex=board.label(game_map, unit.hex),
                old=unit.status,
                new=status,
                reason=reason,
            )
        )
    if status in (DISRUPTED, DEMORALIZED) and ctype(catalogue, unit).is_transport:
        for p in board.passengers_of(state, unit_id):
            worse = (
                status if board.STATUS_ORDER[status] > board.STATUS_ORDER[p.status] else p.status
            )
            state = state.with_unit(replace(p, status=worse, carried_by=None))
            if worse != p.status:
                events.append(
                    event(
                        "status_change",
                        unit=p.id,
                        hex=board.label(game_map, unit.hex),
                        old=p.status,
                        new=worse,
                        reason=f"carried by {unit_id}, takes its status (5.6)",
                    )
                )
            events.append(
                event(
                    "unloaded",
                    unit=p.id,
                    carrier=unit_id,
                    hex=board.label(game_map, unit.hex),
                    reason=f"carrier {status} (5.6)",
                )
            )
    return state, events
