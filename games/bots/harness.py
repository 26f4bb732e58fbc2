"""The referee's side of a bot: build what a seat may know (its view, its legal commands, the
odds of its attacks) from the game state, hand that to the bot, and nothing more.

This module touches the state; the strategies never do. Whoever drives a bot (the arena,
the server's bot runner) calls `decision_for`, then `levels.decide`.
"""

from __future__ import annotations

import json

from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.legal import legal_commands
from games.rules.panzer_grenadier.preview import previews
from games.rules.panzer_grenadier.views import view_for

from .seat import Decision

ATTACKS = ("fire", "bombard", "assault", "opportunity_fire")


def seat_previews(state: st.GameState, seat: str, legal: dict[str, list[dict]]) -> list[dict]:
    """The engine's previews of every attack the seat may make now (odds null where hidden)."""
    units: list[str] = []
    for g in ATTACKS:
        for c in legal.get(g, ()):
            first = (c.get("firers") or c.get("units") or [None])[0]
            if first and first not in units:
                units.append(first)
    seen: set[str] = set()
    out = []
    for u in units:
        for p in previews(state, seat, u, kinds=ATTACKS):
            key = json.dumps(p["command"], sort_keys=True)
            if key not in seen:
                seen.add(key)
                out.append(p)
    return out


def decision_for(
    state: st.GameState, seat: str, seed: str = "", with_previews: bool = True
) -> Decision:
    """Everything a bot in `seat` is allowed to know now, and nothing else."""
    view = view_for(state, ("seat", seat))
    legal = view.pop("legal", None) or legal_commands(state, seat)
    pv = seat_previews(state, seat, legal) if with_previews else None
    return Decision(view=view, legal=legal, previews=pv, seed=seed)
