"""Victory (23): objectives held at the end, and losses.

A situation names objective hexes and the side attacking them. At the end the attacker
scores 2 a held objective plus 1 an enemy unit eliminated, less 1 a unit of his own lost;
trucks and wagons never count, passengers do (RB XIV.B.8; PL-D26). The situation's levels
say how much is a decisive, tactical or marginal win; below marginal the defender wins.
"""

from __future__ import annotations

from ..common.hexgrid import neighbors
from .movement import utype
from .scenario import board_of, bridge_at, situation
from .state import GameState


def losses(state: GameState, side: str) -> int:
    """Eliminated units of a side that count for victory (23.4; PL-D26)."""
    return sum(1 for u in state.units.values()
               if u.side == side and u.eliminated and utype(u).controls)


def held(state: GameState, side: str) -> list[str]:
    """Objective hexes the side controls; a bridge also needs a hex on each bank (23.4)."""
    objectives = situation(state.scenario_id).raw["victory"]["objectives"]
    return [h for h in objectives if state.control.get(h) == side
            and (not bridge_at(state, board_of(state).hex(h))
                 or all(any(state.control.get(b) == side for b in bank)
                        for bank in banks(state, h)))]


def banks(state: GameState, bridge: str) -> list[list[str]]:
    """The bridge's non-stream neighbours, split into the two banks (runs around the ring)."""
    m = board_of(state)
    ring = [n for n in neighbors(m.hex(bridge))]
    dry = [n in m.hexes and m.terrain(n) != "stream" for n in ring]
    groups: list[list[str]] = []
    start = dry.index(False) if False in dry else 0
    current: list[str] = []
    for k in range(6):
        i = (start + k) % 6
        if dry[i]:
            current.append(m.label(ring[i]))
        elif current:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    return groups


def score(state: GameState) -> int:
    v = situation(state.scenario_id).raw["victory"]
    attacker = v["attacker"]
    defender = state.enemy(attacker)
    return 2 * len(held(state, attacker)) + losses(state, defender) - losses(state, attacker)


def final_result(state: GameState) -> dict:
    v = situation(state.scenario_id).raw["victory"]
    attacker = v["attacker"]
    s = score(state)
    for level in ("decisive", "tactical", "marginal"):
        if s >= v["levels"][level]:
            return {"winner": attacker, "level": level, "score": s, "reason": "turns"}
    return {"winner": state.enemy(attacker), "level": "marginal", "score": s, "reason": "turns"}
