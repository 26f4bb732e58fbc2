"""What a bot is given: its seat's view and legal commands (and optionally previews) and a
seed, checked and unpacked the same way for every level."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

# Keys of a command that name the acting side's own counters.
_OWN_KEYS = ("unit", "carrier", "firers", "units")


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
