"""A Panzer Leader seat's picture of the battle, read from its view and the game's public
facts: counters by side and hex, the objectives and how far each hex is from them, and the
expected effect of an attack from the preview's Combat Results Table chances.

Panzer Leader views carry no `own` flag: the side comes from the Decision.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from games.rules.common.hexgrid import Hex, distance

from .public import PublicScenario

# A result's worth to the attacker, per target (X eliminated, DD/D dispersed, 7.0).
RESULT_VALUE = {"X": 1.0, "DD": 0.6, "D": 0.35, "-": 0.0}
COVER = {"woods": 2, "town": 2, "forest": 2, "village": 2, "hill": 1, "slope": 1}
ATTACKS = ("fire", "opportunity_fire", "assault", "overrun")


@dataclass(frozen=True, slots=True)
class Piece:
    id: str
    side: str
    type_id: str | None
    hex: Hex | None
    dispersed: bool
    moved: bool
    fired: bool


def command_key(cmd: dict) -> str:
    return json.dumps(cmd, sort_keys=True)


def effect(preview: dict | None) -> float | None:
    """Expected worth of an attack per target from its preview's chances (None: unknown)."""
    attack = (preview or {}).get("attack") or {}
    chances = attack.get("chances")
    if not chances:
        return None
    total = 0.0
    for code, p in chances.items():
        total += float(Fraction(str(p))) * RESULT_VALUE.get(code, 0.0)
    return total


class LeaderBoard:
    def __init__(self, view: dict[str, Any], side: str, facts: PublicScenario,
                 previews: list[dict] | None):
        self.me = side
        self.facts = facts
        self.pieces: list[Piece] = []
        for u in view.get("units", []):
            if u.get("eliminated") or u.get("exited"):
                continue
            self.pieces.append(Piece(
                u["id"], u.get("side", ""), u.get("type"), facts.hex(u.get("hex")),
                u.get("status") not in (None, "ok"), bool(u.get("moved")),
                bool(u.get("fired") or u.get("opfired"))))
        self.by_id = {p.id: p for p in self.pieces}
        self.control = view.get("control") or {}
        self.odds = {command_key(p["command"]): p for p in previews or () if "command" in p}
        self.attacker = facts.threshold_side

    def mine(self) -> list[Piece]:
        return [p for p in self.pieces if p.side == self.me and p.hex is not None]

    def enemies(self) -> list[Piece]:
        return [p for p in self.pieces if p.side != self.me and p.hex is not None]

    def printed(self, p: Piece | None) -> dict:
        return (self.facts.unit_type(p.type_id) or {}) if p is not None else {}

    def attack_range(self, p: Piece) -> int:
        try:
            return int(str(self.printed(p).get("range", "0")).split("/")[0] or 0)
        except ValueError:
            return 0

    def is_attacker(self) -> bool:
        return self.attacker == self.me

    def objective_pull(self, h: Hex | None) -> float:
        """How much a unit in hex h helps take or hold the objectives (nearer: more)."""
        if h is None:
            return 0.0
        pull = 0.0
        for o in self.facts.objectives:
            d = distance(h, o.hex)
            held = self.control.get(o.label) == self.me
            if d == 0:
                pull += 3.0 if not held else 2.0
            else:
                reach = 1.0 if not held else 0.4
                pull += reach * max(0.0, 1 - d / 20)
        return pull

    def cover(self, h: Hex | None) -> int:
        if h is None:
            return 0
        terrain = getattr(self.facts.map, "terrain_of", {}).get(h, "clear")
        return COVER.get(terrain, 0)

    def threat(self, h: Hex | None) -> float:
        """Enemy attack strength whose printed range reaches the hex."""
        if h is None:
            return 0.0
        total = 0.0
        for e in self.enemies():
            if e.dispersed:
                continue
            t = self.printed(e)
            if distance(e.hex, h) <= max(1, self.attack_range(e)):
                total += float(t.get("attack") or 0)
        return total

    def attack_value(self, cmd: dict) -> float:
        """The expected worth of an attack command (0.2 a target when the odds are unknown)."""
        e = effect(self.odds.get(command_key(cmd)))
        targets = cmd.get("targets") or ([cmd["target"]] if cmd.get("target") else [])
        n = max(1, len(targets)) if isinstance(targets, list) else 1
        return (0.2 if e is None else e) * n

    def move_gain(self, cmd: dict) -> float:
        p = self.by_id.get(cmd.get("unit", ""))
        dest = self.facts.hex(cmd.get("to"))
        if p is None or dest is None:
            return -0.5
        here = p.hex
        gain = self.objective_pull(dest) - self.objective_pull(here)
        if not self.is_attacker():
            gain *= 0.7  # a defender stays near what it holds
        danger = self.threat(dest) - self.threat(here)
        return gain + 0.08 * (self.cover(dest) - self.cover(here)) - 0.004 * danger
