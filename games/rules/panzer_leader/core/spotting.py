"""Spotting (12): who may fire at units in woods and towns from afar.

A unit in open terrain may be fired on by any enemy with range and LOS. A unit in a woods or
town hex needs a spotter: an undispersed enemy unit adjacent to it, or its own Spotted marker
(it fired from that hex while an enemy could see it) with an undispersed enemy still seeing
it. Trucks, wagons and passengers never spot (12.3; QA SP8, SP9).
"""

from __future__ import annotations

from .scenario import game_map
from .sight import in_cover, sees
from .state import OK, GameState, Unit
from .units import utype


def spotters(state: GameState, side: str) -> list[Unit]:
    """The side's units able to spot now (12.3)."""
    return [
        u for u in state.units.values()
        if u.side == side and u.on_map and u.status == OK and u.carried_by is None
        and utype(u).spots
    ]


def sees_hex(state: GameState, side: str, label: str) -> list[Unit]:
    """The side's spotters with a line of sight to a hex (2.6)."""
    m = game_map(state)
    h = m.hex(label)
    return [u for u in spotters(state, side) if sees(state, m.hex(u.hex), h)]


def is_spotted(state: GameState, target: Unit, by_side: str) -> bool:
    """May `by_side` fire from afar at `target` (12.2)?"""
    m = game_map(state)
    h = m.hex(target.hex)
    if not in_cover(state, h):
        return True
    near = [u for u in spotters(state, by_side)
            if u.hex == target.hex or m.hex(u.hex) in m.neighbors(h)]  # on top counts too
    if near:
        return True
    return target.spotted_at == target.hex and bool(sees_hex(state, by_side, target.hex))


def mark_fired(state: GameState, firer: Unit) -> None:
    """A unit firing from woods or town is marked Spotted if an enemy sees it (12.2b)."""
    m = game_map(state)
    if in_cover(state, m.hex(firer.hex)) and sees_hex(state, state.enemy(firer.side), firer.hex):
        firer.spotted_at = firer.hex


def sweep_markers(state: GameState) -> None:
    """Spotted markers go when no enemy spotter sees the hex any more (12.2b, PL-D22)."""
    for u in state.units.values():
        if u.spotted_at is None:
            continue
        if not u.on_map or u.hex != u.spotted_at:
            if u.on_map and in_cover(state, game_map(state).hex(u.hex)):
                u.spotted_at = None  # moved into another woods/town hex (12.2b)
            continue
        if not sees_hex(state, state.enemy(u.side), u.hex):
            u.spotted_at = None
