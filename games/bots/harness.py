"""The referee's side of a bot: build what a seat may know (its view, its legal commands, the
odds of its attacks) from the game state through the ruleset interface, hand that to the bot
with the game's public facts, and nothing more.

This module touches the state; the strategies never do. Whoever drives a bot (the arena,
the server's bot runner) calls `decision_for` and `facts.public_facts`, then `levels.decide`.
"""

from __future__ import annotations

import json
from typing import Any

from games.rules.interface import Ruleset

from .seat import Decision

ATTACKS = ("fire", "bombard", "assault", "opportunity_fire")


def seat_previews(rules: Ruleset, state: Any, seat: str, legal: dict[str, list[dict]]
                  ) -> list[dict]:
    """The ruleset's previews of every attack the seat may make now (odds hidden where the
    ruleset hides them)."""
    units: list[str] = []
    for g in ATTACKS:
        for c in legal.get(g, ()):
            first = (c.get("firers") or c.get("units") or [None])[0]
            if first and first not in units:
                units.append(first)
    seen: set[str] = set()
    out = []
    for u in units:
        for p in rules.previews(state, seat, u):
            if p.get("command", {}).get("type") not in ATTACKS:
                continue
            key = json.dumps(p["command"], sort_keys=True)
            if key not in seen:
                seen.add(key)
                out.append(p)
    return out


def decision_for(
    rules: Ruleset, state: Any, seat: str, seed: str = "", with_previews: bool = True
) -> Decision:
    """Everything a bot in `seat` is allowed to know now, and nothing else."""
    view = rules.view_for(state, ("seat", seat))
    view.pop("legal", None)
    legal = rules.legal_commands(state, seat)
    pv = seat_previews(rules, state, seat, legal) if with_previews else None
    return Decision(view=view, legal=legal, previews=pv, seed=seed)
