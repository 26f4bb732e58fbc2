"""Veteran for Panzer Leader: greedy. Every legal command gets a score in one currency
(expected enemy units lost): attacks by the Combat Results Table chances of their preview
(an overrun by the table on printed values), worth more against a hex the enemy holds
among the objectives; moves by what the unit gains towards the objectives over the ground
and in cover, less the enemy strength whose range reaches the hex; units that must come on
(enter or land) this phase come on first; passengers get off beside the objectives. A
phase ends when nothing scores above zero.

Panzer Leader's Elite plays as this Veteran: its search (elite.py) rebuilds Panzer
Grenadier states only.
"""

from __future__ import annotations

from games.rules.common.hexgrid import distance

from .leader_board import LeaderBoard
from .public import PublicScenario
from .seat import Decision

NAME = "veteran"
FIRE_FLOOR = 0.15
OPFIRE_FLOOR = 0.25
CLOSE_FLOOR = 0.2  # assault and overrun put the attacker at risk too
MOVE_FLOOR = 0.04
CARE = 1.5  # a unit lost costs a point, three quarters of an objective's worth to a mover
OBJECTIVE_BONUS = 0.3  # clearing an objective hex of the enemy is worth more than a kill
UNLOAD_NEAR = 3  # hexes from an objective where riders get off to take it on foot


def objective_bonus(b: LeaderBoard, hex_label: str | None) -> float:
    h = b.facts.hex(hex_label)
    if h is None or h not in b.objective_at or b.held_by_me(h):
        return 0.0
    return OBJECTIVE_BONUS


def target_hex(b: LeaderBoard, cmd: dict) -> str | None:
    if cmd.get("type") in ("assault", "overrun"):
        return cmd.get("target")
    targets = cmd.get("targets") or ([cmd["target"]] if cmd.get("target") else [])
    p = b.by_id.get(targets[0]) if targets else None
    return b.facts.label(p.hex) if p is not None and p.hex is not None else None


def unload_score(b: LeaderBoard, cmd: dict) -> float:
    """Riders get off near an objective (or beside the enemy), not in the rear."""
    carrier = b.by_id.get(cmd.get("carrier", ""))
    if carrier is None or carrier.hex is None:
        return -0.1
    near = min((distance(carrier.hex, o.hex) for o in b.facts.objectives
                if not b.held_by_me(o.hex)), default=99)
    close = any(distance(carrier.hex, e.hex) <= 1 for e in b.enemies())
    return 0.3 if near <= UNLOAD_NEAR or close else -0.05


def score(b: LeaderBoard, cmd: dict) -> float:
    t = cmd.get("type")
    if t == "fire":
        return b.attack_value(cmd) + objective_bonus(b, target_hex(b, cmd)) / 2 - FIRE_FLOOR
    if t == "opportunity_fire":
        return b.attack_value(cmd) - OPFIRE_FLOOR
    if t in ("assault", "overrun"):
        return b.attack_value(cmd) + objective_bonus(b, target_hex(b, cmd)) - CLOSE_FLOOR
    if t in ("move", "land"):
        return b.move_gain(cmd, care=CARE) - MOVE_FLOOR
    if t == "air_strike":
        return b.attack_value(cmd) - FIRE_FLOOR
    if t == "resolve_indirect":
        return 0.5
    if t == "order_indirect":
        h = b.facts.hex(cmd.get("hex"))
        return 0.3 * sum(1 for e in b.enemies() if e.hex == h) - 0.05
    if t in ("end_phase", "decline"):
        return 0.0
    if t == "unload":
        return unload_score(b, cmd)
    return -0.1


def choose(d: Decision, facts: PublicScenario) -> dict:
    b = LeaderBoard(d.view, d.side, facts, d.previews)
    rng = d.rng()
    scored = [(score(b, c) + rng.random() * 1e-6, c) for c in d.commands()]
    return max(scored, key=lambda sc: sc[0])[1]
