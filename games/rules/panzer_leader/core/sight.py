"""Line of sight in a game: the map's own (los.py) and what lies on the map now.

The map's hexsides, towns and hills are fixed, so los.py caches its answers per map. Smoke
(the experimental rule of 22.3) comes and goes: a smoke hex blocks every line that touches
it on the way, at every elevation, air included, and a unit inside it must be spotted like a
unit in a very tall town hex. Everything in the rules that asks "can A see B" asks here.
"""

from __future__ import annotations

from ...common.hexgrid import Hex, line
from .los import why_blocked
from .scenario import game_map
from .state import GameState


def why_not_seen(state: GameState, a: Hex, b: Hex) -> str | None:
    """What blocks the line from a to b now, or None (2.6; 22.3)."""
    m = game_map(state)
    why = why_blocked(m, a, b)
    if why or not state.smoke:
        return why
    for cells in line(a, b):
        for c in cells[1:-1]:
            if c in m.hexes and m.label(c) in state.smoke:
                return f"smoke in {m.label(c)} (22.3)"
    return None


def smoke_between(state: GameState, a: Hex, b: Hex) -> str | None:
    """A smoke hex the line from a to b passes through, for aircraft, which look over the
    terrain but not through smoke (22.3)."""
    m = game_map(state)
    for cells in line(a, b) if state.smoke else ():
        for c in cells[1:-1]:
            if c in m.hexes and m.label(c) in state.smoke:
                return m.label(c)
    return None


def sees(state: GameState, a: Hex, b: Hex) -> bool:
    """Can a unit in a see (and fire at) a unit in b now?"""
    return why_not_seen(state, a, b) is None


def in_cover(state: GameState, h: Hex) -> bool:
    """Woods, town and smoke hexes: units there must be spotted (12.2; 22.3)."""
    m = game_map(state)
    return m.is_cover(h) or m.label(h) in state.smoke
