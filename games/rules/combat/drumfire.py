"""Drumfire, an optional rule (17.2): artillery that bombards the hex it bombarded on the
previous turn marks it, and every unit or leader moving into it later that turn is attacked.

State conventions (markers in `state.markers`, option "drumfire" in `state.options`):
- "bombarded:<turn>:<firer>" records each bombardment, per firing unit or off-board increment;
  the Marker Removal Phase drops the older ones (`prune_bombardment_record`).
- "drumfire" marks a drumfire hex (fleeing units avoid it; it is never a safe hex), and
  "drumfire:<firer>:<strength>:<on|off>" names each unit or increment that placed Spotted
  markers there (two for the first, one more per further firer). All of them go in the
  Marker Removal Phase (`clear_drumfire`).
"""

from __future__ import annotations

from typing import Any

from .. import tables
from ..dice import Dice
from ..hexgrid import Hex
from ..stacking import combat_units_in
from ..state import DEMORALIZED, GameState
from . import board
from .counters import fire_multiplier, fire_value, round_value
from .direct_fire import column_events
from .events import Event, Shift, event, shift_events
from .fire import FireDeclaration
from .losses import BOMBARDMENT, apply_result

OPTION = "drumfire"
DRUMFIRE = "drumfire"


def _firer_ids(decl: FireDeclaration) -> list[tuple[str, int, str]]:
    return [(f, 0, "on") for f in decl.firers] + [
        (i.id, i.strength, "off") for i in decl.increments
    ]


def record_bombardment(
    game_map: Any, state: GameState, decl: FireDeclaration
) -> tuple[GameState, list[Event]]:
    """After a bombardment (not smoke or illumination): record it, and place drumfire where a
    firer bombarded the same hex on the previous turn (17.2)."""
    if OPTION not in state.options:
        return state, []
    h = decl.target_hex
    marks = state.markers_at(h)
    add = {f"bombarded:{state.turn}:{fid}" for fid, _, _ in _firer_ids(decl)}
    placed = []
    for fid, strength, where in _firer_ids(decl):
        if f"bombarded:{state.turn - 1}:{fid}" in marks:
            add |= {DRUMFIRE, f"drumfire:{fid}:{strength}:{where}"}
            placed.append(fid)
    state = board.with_markers(state, h, add=add)
    events = []
    if placed:
        spotted = spotted_markers(state, h)
        events.append(
            event(
                "fire",
                kind="drumfire",
                side=None,
                firers=placed,
                target_hex=board.label(game_map, h),
                spotted_markers=spotted,
                value=0,
                reason="bombarded the same hex as on the previous turn: drumfire (17.2)",
            )
        )
    return state, events


def spotted_markers(state: GameState, h: Hex) -> int:
    """Spotted markers for drumfire in a hex: two for the first firer, one per further firer."""
    n = sum(1 for m in state.markers_at(h) if m.startswith("drumfire:"))
    return n + 1 if n else 0


def drumfire_firers(state: GameState, h: Hex) -> list[tuple[str, int, str]]:
    out = []
    for m in sorted(state.markers_at(h)):
        if m.startswith("drumfire:"):
            _, fid, strength, where = m.split(":")
            out.append((fid, int(strength), where))
    return out


def is_drumfire_hex(state: GameState, h: Hex) -> bool:
    return OPTION in state.options and spotted_markers(state, h) >= 2


def lapse(state: GameState) -> GameState:
    """Remove drumfire placed by on-board units since eliminated or demoralized (17.2)."""
    for h in [h for h, ms in state.markers.items() if DRUMFIRE in ms]:
        dead = [
            m
            for m in state.markers_at(h)
            if m.startswith("drumfire:")
            and m.endswith(":on")
            and (
                m.split(":")[1] not in state.units
                or not state.units[m.split(":")[1]].on_map
                or state.units[m.split(":")[1]].status == DEMORALIZED
            )
        ]
        if dead:
            left = {m for m in state.markers_at(h) if m.startswith("drumfire:")} - set(dead)
            state = board.with_markers(state, h, remove=set(dead) | (set() if left else {DRUMFIRE}))
    return state


def resolve_drumfire_entry(
    game_map: Any, state: GameState, mover_id: str, dice: Dice, catalogue: Any
) -> tuple[GameState, list[Event], bool]:
    """Attack a unit or leader (of either side) that has just moved into a drumfire hex (17.2).

    Off-board increments combine in one attack, on-board units in another (never together;
    D-COMBAT-DRUMFIRE: each group always combines). Disrupted on-board firers are at half.
    Only the mover is hit; non-moving combat units count for the 3-unit +1. Returns the
    state, the events and whether the mover must stop (it failed a morale check).
    """
    state = lapse(state)
    mover = state.units[mover_id]
    h = mover.hex
    if h is None or not is_drumfire_hex(state, h):
        return state, [], False
    before = mover.status
    events: list[Event] = []
    groups: dict[str, list[tuple[str, int]]] = {"off": [], "on": []}
    for fid, strength, where in drumfire_firers(state, h):
        if where == "on":
            u = state.units[fid]
            fv = fire_value(catalogue, u, "bombardment")
            mult, _why = fire_multiplier(state, catalogue, u)
            groups["on"].append((fid, fv.strength * mult if fv else 0))
        else:
            groups["off"].append((fid, strength))
    riders = [p.id for p in board.passengers_of(state, mover_id)]
    for where in ("off", "on"):
        group = groups[where]
        if not group or not state.units[mover_id].on_map:
            continue
        value = round_value(sum(v for _, v in group))
        if value <= 0:
            continue
        shifts: list[Shift] = []
        t = board.terrain(game_map, h)
        if t.bombardment_shift:
            shifts.append(Shift(t.bombardment_shift, f"target hex is {t.name.lower()}", "9.4"))
        if combat_units_in(state, h, catalogue=catalogue) >= 3:
            shifts.append(
                Shift(
                    +1,
                    "3 or more combat units are stacked in the target hex (movers and non-movers)",
                    "17.2",
                )
            )
        events.append(
            event(
                "fire",
                kind="drumfire",
                side=None,
                firers=[f for f, _ in group],
                target_hex=board.label(game_map, h),
                targets=[mover_id],
                value=value,
                provisional=tables.BOMBARDMENT_IS_PROVISIONAL,
            )
        )
        events += shift_events(shifts)
        net, col = column_events(tables.BOMBARDMENT, value, shifts)
        events.append(col)
        roll = dice.roll(2, "drumfire")
        code = tables.bombardment(value, net, sum(roll))
        events.append(event("roll", purpose="drumfire", dice=list(roll), total=sum(roll)))
        events.append(
            event("result", kind="drumfire", code=code, column=col["column"], dice=sum(roll))
        )
        sides = sorted({state.units[mover_id].side})
        state, evs, _ = apply_result(
            game_map,
            state,
            h,
            code,
            dice,
            catalogue,
            table=BOMBARDMENT,
            sides=sides,
            only=[mover_id, *riders],
            cause=f"drumfire {code}",
        )
        events += evs
    after = state.units[mover_id]
    # A two-step unit that only loses a step may go on; a failed check (a worse status) stops it.
    stops = not after.on_map or after.status != before
    if stops:
        why = (
            "eliminated"
            if not after.on_map
            else "failed a morale check caused by drumfire: stops (17.2)"
        )
        events.append(event("stop", unit=mover_id, hex=board.label(game_map, h), reason=why))
    return state, events, stops


def clear_drumfire(state: GameState) -> GameState:
    """Marker Removal Phase: every drumfire marker goes (17.2)."""
    for h in list(state.markers):
        gone = {m for m in state.markers_at(h) if m == DRUMFIRE or m.startswith("drumfire:")}
        if gone:
            state = board.with_markers(state, h, remove=gone)
    return state


def prune_bombardment_record(state: GameState) -> GameState:
    """Marker Removal Phase: drop bombardment records older than the previous turn, so this
    turn's record is the next turn's "previous" whether called before or after the turn
    number moves on."""
    for h in list(state.markers):
        old = {
            m
            for m in state.markers_at(h)
            if m.startswith("bombarded:") and int(m.split(":")[1]) < state.turn - 1
        }
        if old:
            state = board.with_markers(state, h, remove=old)
    return state
