"""The line-of-sight tool: seen or blocked between two hexes, the hexes the line crosses and,
if blocked, the hex that blocks it and why (8.3, 8.4; D18, D-LOS-1..3).

Only the map goes in (terrain, elevation) and the smoke markers every viewer sees on it;
never a unit, so the answer is the same for every viewer and tells nothing about counters.
The verdict is los.line_of_sight's, the one LOS the engine fires and spots with.
"""

from __future__ import annotations

from typing import Any

from ..common.hexgrid import Hex, line
from .core import state as st
from .core.los import intervening_offsets, line_blocker, line_of_sight, los_grid
from .core.registry import game_map, hex_label, parse_hex
from .core.smoke import smoke_hexes

RULES = {"terrain": "8.4, D-LOS-1", "elevation": "8.3, D-LOS-2", "smoke": "D18"}


def sight_line(state: st.GameState, frm: str, to: str) -> dict[str, Any]:
    """`{"from", "to", "seen", "path", "blocked_by"}` for two hex labels (ValueError if one
    is not on the map). `path`: the hexes of the line from `frm` to `to`; where it runs along
    hexsides, the side the observer looks down (D-LOS-3: the open one if either is open).
    `blocked_by`: None, or the blocking hex, the hexside (no hexside feature blocks sight in
    these rules, so always None), the terrain there, the reason and the rule."""
    m = game_map(state)
    a, b = parse_hex(state, frm), parse_hex(state, to)
    smoke = smoke_hexes(state)
    result = line_of_sight(m, a, b, smoke=smoke)
    plus, minus = line(a, b)
    path = plus
    if plus != minus and not _open(m, a, b, 1, smoke) and _open(m, a, b, -1, smoke):
        path = minus
    blocked = None
    if not result.clear and result.blocking_hex is not None:
        where = result.blocking_hex
        terrain = "smoke" if result.cause == "smoke" else m.terrain(where).name
        blocked = {
            "hex": hex_label(state, where),
            "hexside": None,
            "terrain": terrain,
            "reason": result.reason,
            "rule": RULES.get(result.cause or "terrain", "8.4"),
        }
    return {
        "from": hex_label(state, a),
        "to": hex_label(state, b),
        "seen": result.clear,
        "path": [hex_label(state, h) for h in path if m.contains(h)],
        "blocked_by": blocked,
    }


def _open(m: Any, a: Hex, b: Hex, sign: int, smoke: frozenset[Hex]) -> bool:
    """Whether the line from a to b nudged by `sign` is open on its own (D-LOS-3)."""
    offsets = intervening_offsets(b.q - a.q, b.r - a.r, sign)
    qr = {(h.q, h.r) for h in smoke}
    return line_blocker(los_grid(m), a.q, a.r, offsets, m.elevation(a), m.elevation(b), qr) is None
