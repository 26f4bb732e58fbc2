"""The referee's side of a bot: build what a seat may know (its view, its legal commands, the
odds of its attacks) from the game state through the ruleset interface, hand that to the bot
with the game's public facts, and nothing more.

This module touches the state; the strategies never do. Whoever drives a bot (the arena,
the server's bot runner) calls `decision_for` and `facts.public_facts`, then `levels.decide`.
"""

from __future__ import annotations

import json
from typing import Any

from games.rules.common.errors import RulesError
from games.rules.interface import Ruleset

from .common.seat import Decision, is_attack, previewed_units


def seat_previews(rules: Ruleset, state: Any, seat: str, legal: dict[str, list[dict]],
                  problems: list[str] | None = None, view_units: list[dict] = ()) -> list[dict]:
    """The ruleset's previews of every attack the seat may make now, moves that assault
    included (odds hidden where the ruleset hides them). A unit whose previews the ruleset
    refuses (a rules error for a command its own legal_commands offered: an engine bug)
    goes without, noted in `problems`: the bot then guesses its odds, as under hidden
    information."""
    attackers, assaulters = previewed_units(legal, view_units)
    seen: set[str] = set()
    out = []
    for u in attackers + assaulters:
        try:
            unit_previews = rules.previews(state, seat, u)
        except RulesError as exc:
            if problems is not None:
                problems.append(f"previews of {u} for {seat} refused: {exc}")
            continue
        for p in unit_previews:
            if not is_attack(p):
                continue
            key = json.dumps(p["command"], sort_keys=True)
            if key not in seen:
                seen.add(key)
                out.append(p)
    return out


def decision_for(
    rules: Ruleset, state: Any, seat: str, seed: str = "", with_previews: bool = True,
    problems: list[str] | None = None,
) -> Decision:
    """Everything a bot in `seat` is allowed to know now, and nothing else."""
    view = rules.view_for(state, ("seat", seat))
    # A seat's view may carry its legal commands already (Panzer Grenadier's does, for the
    # board): taken from it rather than worked out twice, a bot's decision costs one search
    # of the legal commands, not two. A view without them (Panzer Leader's; a seat with
    # nothing to do) leaves the ruleset to say.
    legal = view.pop("legal", None)
    if legal is None:
        legal = rules.legal_commands(state, seat)
    pv = (seat_previews(rules, state, seat, legal, problems, view.get("units", []))
          if with_previews else None)
    return Decision(view=view, legal=legal, previews=pv, seed=seed)
