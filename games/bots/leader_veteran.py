"""Veteran for Panzer Leader: greedy. Every legal command gets a score in one currency
(expected enemy units lost): attacks by the Combat Results Table chances of their preview,
moves by what the unit gains towards the objectives and in cover less the enemy strength
whose range reaches the hex; a phase ends when nothing scores above zero.

Panzer Leader's Elite plays as this Veteran: its search (elite.py) rebuilds Panzer
Grenadier states only.
"""

from __future__ import annotations

from .leader_board import LeaderBoard
from .public import PublicScenario
from .seat import Decision

NAME = "veteran"
FIRE_FLOOR = 0.15
OPFIRE_FLOOR = 0.25
MOVE_FLOOR = 0.04


def score(b: LeaderBoard, cmd: dict) -> float:
    t = cmd.get("type")
    if t == "fire":
        return b.attack_value(cmd) - FIRE_FLOOR
    if t in ("opportunity_fire",):
        return b.attack_value(cmd) - OPFIRE_FLOOR
    if t in ("assault", "overrun"):
        return b.attack_value(cmd) - FIRE_FLOOR
    if t == "move":
        return b.move_gain(cmd) - MOVE_FLOOR
    if t == "resolve_indirect":
        return 0.5
    if t == "order_indirect":
        h = b.facts.hex(cmd.get("hex"))
        return 0.3 * sum(1 for e in b.enemies() if e.hex == h) - 0.05
    if t in ("end_phase", "decline"):
        return 0.0
    if t == "unload":
        return 0.02
    return -0.1


def choose(d: Decision, facts: PublicScenario) -> dict:
    b = LeaderBoard(d.view, d.side, facts, d.previews)
    rng = d.rng()
    scored = [(score(b, c) + rng.random() * 1e-6, c) for c in d.commands()]
    return max(scored, key=lambda sc: sc[0])[1]
