"""What a bot is given: its seat's view and legal commands (and optionally previews), checked
and unpacked the same way for every level."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Decision:
    """A bot's whole input. Nothing else reaches a strategy: no game state, no scenario set-up."""

    view: dict[str, Any]
    legal: dict[str, list[dict]]
    previews: list[dict] | None = None
    seed: str = ""

    @property
    def side(self) -> str:
        """The bot's side: its own counters' side (a seat view marks them `own`)."""
        for u in self.view.get("units", []):
            if u.get("own"):
                return u["side"]
        act = self.view.get("activation") or self.view.get("opfire") or {}
        return act.get("side") or self.view.get("active_side") or ""

    def commands(self) -> list[dict]:
        return [c for cs in self.legal.values() for c in cs]

    def rng(self) -> random.Random:
        return random.Random(f"{self.seed}:{self.view.get('turn')}:{self.view.get('segment')}")
