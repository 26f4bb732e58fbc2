"""What a bot is given: its seat's view and legal commands (and optionally previews) and a
seed, checked and unpacked the same way for every level."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

# Keys of a command that name the acting side's own counters.
_OWN_KEYS = ("unit", "carrier", "firers", "units")
# The commands whose previews (their odds) a bot is given.
ATTACKS = ("fire", "bombard", "assault", "opportunity_fire")


@dataclass(frozen=True)
class Decision:
    """A bot's whole input about the game now. Nothing else reaches a strategy but the game's
    public facts (public.py): no game state, no scenario set-up, no dice seed."""

    view: dict[str, Any]
    legal: dict[str, list[dict]]
    previews: list[dict] | None = None
    seed: str = ""

    @property
    def side(self) -> str:
        """The bot's side: its own counters' side (a Panzer Grenadier seat view marks them
        `own`), else the side of a counter its legal commands name."""
        units = self.view.get("units", [])
        for u in units:
            if u.get("own"):
                return u["side"]
        sides = {u.get("id"): u.get("side") for u in units}
        for c in self.commands():
            for key in _OWN_KEYS:
                named = c.get(key)
                for uid in named if isinstance(named, list) else [named]:
                    if sides.get(uid):
                        return sides[uid]
        act = self.view.get("activation") or self.view.get("opfire") or {}
        return act.get("side") or self.view.get("active_side") or self.view.get("active") or ""

    def commands(self) -> list[dict]:
        return [c for cs in self.legal.values() for c in cs]

    def rng(self) -> random.Random:
        return random.Random(f"{self.seed}:{self.view.get('turn')}:{self.view.get('segment')}")


def previewed_units(legal: dict[str, list[dict]], view_units: list[dict] = ()
                    ) -> tuple[list[str], list[str]]:
    """The counters whose previews a bot needs: those that may attack now, and those that
    may move into a hex holding enemies the seat's view shows (`view_units`): in Panzer
    Grenadier that move is an assault (12.1), and its preview carries the assault's odds."""
    attackers: list[str] = []
    for g in ATTACKS:
        for c in legal.get(g, ()):
            first = (c.get("firers") or c.get("units") or [None])[0]
            if first and first not in attackers:
                attackers.append(first)
    seen_enemy = {u.get("hex") for u in view_units if not u.get("own")} - {None}
    assaulters: list[str] = []
    for c in legal.get("move", ()):
        path = c.get("path") or ()
        uid = c.get("unit") or (c.get("units") or [None])[0]
        if path and path[-1] in seen_enemy and uid and uid not in attackers + assaulters:
            assaulters.append(uid)
    return attackers, assaulters


def is_attack(preview: dict) -> bool:
    """An attack's preview: an attack command, or a move with odds (an assault)."""
    return preview.get("command", {}).get("type") in ATTACKS or "odds" in preview
