"""A game state rebuilt from one side's view: the counters it sees where it sees them, the
map markers it sees, the turn as the view tells it. Elite plays samples forward on it with
the real engine; it holds nothing the view does not show, so nothing hidden can leak in.

Hidden-information games (double-blind, hidden units) show enemies as markers without a
counter type; those cannot be rebuilt, so `imagine` answers None there and Elite plays as
the Veteran does.
"""

from __future__ import annotations

from typing import Any

from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.double_blind import knowledge

from .public import public_scenario

ME, THEM = "bot", "enemy"  # the imagined game's two seats


def imagine(view: dict[str, Any], side: str) -> st.GameState | None:
    """The state as `side` knows it (None when its view hides enemy counter types)."""
    if "fog" in view or view.get("phase") != st.ACTION or view.get("activation"):
        return None
    scen = public_scenario(view["scenario"])
    units: dict[str, st.UnitState] = {}
    for u in view.get("units", []):
        if not u.get("type") or scen.unit_type(u["type"]) is None:
            return None
        units[u["id"]] = st.UnitState(
            id=u["id"],
            type_id=u["type"],
            side=u["side"],
            hex=scen.hex(u.get("hex")),
            steps=int(u.get("steps") or 0),
            status=u.get("status") or st.GOOD,
            moved_fired=bool(u.get("moved_fired")),
            dug_in=bool(u.get("dug_in")),
            carried_by=u.get("carried_by"),
            eliminated=bool(u.get("eliminated")),
            exited=bool(u.get("exited")),
            entry_turn=u.get("entry_turn"),
            entry_edge=u.get("entry_edge"),
            mired=int(u.get("mired") or 0),
        )
    sides = tuple(
        st.SideState(s["id"], s["name"], s["nationality"], s["initiative"], s["morale"],
                     initiative_base=s["initiative"])
        for s in view["sides"]
    )
    enemy = next((s.id for s in sides if s.id != side), side)
    seats = (
        st.SeatState(ME, side, frozenset(k for k, u in units.items() if u.side == side)),
        st.SeatState(THEM, enemy, frozenset(k for k, u in units.items() if u.side == enemy)),
    )
    markers = {}
    for m in view.get("markers", []):
        h = scen.hex(m.get("hex"))
        if h is not None:
            markers[h] = frozenset(x for x in m.get("markers", []) if not x.startswith("spotted:"))
    ini = view.get("initiative") or {}
    return st.GameState(
        scenario_id=view["scenario"],
        turn=int(view["turn"]),
        last_turn=int(view["last_turn"]),
        phase=view["phase"],
        sides=sides,
        seats=seats,
        units=units,
        options=scen.default_options - knowledge.MODES,
        night=bool(view.get("night")),
        segment=int(view.get("segment") or 0),
        initiative_side=ini.get("side"),
        opening_segments_left=int(ini.get("opening_segments_left") or 0),
        active_side=view.get("active_side"),
        markers=markers,
        initiative_rolls=dict(ini.get("totals") or {}),
        banked_segment={s["id"]: bool(s.get("banked_segment")) for s in view["sides"]},
        supply={s["id"]: s.get("supply", "normal") for s in view["sides"]},
    )
