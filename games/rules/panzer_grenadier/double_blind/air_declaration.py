"""Air attacks against unobserved units: what the defender declares (18.9).

The air rules (optional/air_support.py, D-AIR-4) call this once a sortie aimed at a hex in
a double-blind game arrives over it (D-DB-AIR): for every hex within 3 hexes of the target that
holds counters of the defending side and that the attacking side observes none of, the
unit types there (generic types, no numbers, no leaders); a limiting-terrain hex that is
neither the target nor adjacent to it is only declared "occupied" (a hill hex counts as
limiting terrain, as for spotting, D10). A hex holding only leaders is not declared: the
variant declares unit types, and leaders are no unit type. The attacker then picks the hex
actually attacked.
"""

from __future__ import annotations

from ...common.hexgrid import distance
from ..core import state as st
from ..core.registry import counter_type, game_map, hex_label
from ..core.spotting import target_cap
from . import knowledge

RADIUS = 3


def declare(state: st.GameState, attacker: str, target_hex) -> list[dict]:
    """The declarations for an air attack by `attacker` aimed at target_hex (18.9)."""
    m = game_map(state)
    seen = knowledge.contact(state)[attacker]
    hexes: dict = {}
    for u in state.units_on_map():
        if u.side != attacker and distance(u.hex, target_hex) <= RADIUS:
            hexes.setdefault(u.hex, []).append(u)
    out = []
    for h in sorted(hexes):
        units = [u for u in hexes[h] if not counter_type(state, u.type_id).is_leader]
        if not units or any(u.id in seen for u in hexes[h]):
            continue
        limiting = target_cap(m, h)[0] is not None or m.is_hill(h)
        if limiting and distance(h, target_hex) > 1:
            out.append({"hex": hex_label(state, h), "occupied": True})
        else:
            types = sorted({knowledge.generic_type(state, u) for u in units})
            out.append({"hex": hex_label(state, h), "types": types})
    return out
