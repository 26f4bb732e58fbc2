"""Victory (23): objectives held at the end, and losses.

A situation names objective hexes and the side attacking them. At the end the attacker
scores 2 a held objective plus 1 an enemy unit eliminated, less 1 a unit of his own lost;
trucks and wagons never count, passengers do (RB XIV.B.8; PL-D26). The situation's levels
say how much is a decisive, tactical or marginal win; below marginal the defender wins.

There is no battle, and nobody wins, when a side whose whole force must enter the board
cannot enter, not even by overrun (QA G5), or when the attacker never attacks (QA G6; we
read "refuses to attack" as making no attack of any kind all game, PL-E12).
"""

from __future__ import annotations

from ...common.errors import IllegalCommand
from ...common.hexgrid import neighbors
from ..combat.overrun import edge_entries as overrun_exits
from ..combat.overrun import overrun_attack
from .movement import reach_costs
from .scenario import bridge_at, game_map, scenario_for
from .state import ENDED, GameState
from .units import utype


def losses(state: GameState, side: str) -> int:
    """Eliminated units of a side that count for victory (23.4; PL-D26)."""
    return sum(1 for u in state.units.values()
               if u.side == side and u.eliminated and utype(u).controls)


def held(state: GameState, side: str) -> list[str]:
    """Objective hexes the side controls; a bridge also needs a hex on each bank (23.4)."""
    objectives = scenario_for(state.scenario_id).raw["victory"]["objectives"]
    return [h for h in objectives if state.control.get(h) == side
            and (not bridge_at(state, game_map(state).hex(h))
                 or all(any(state.control.get(b) == side for b in bank)
                        for bank in banks(state, h)))]


def banks(state: GameState, bridge: str) -> list[list[str]]:
    """The bridge's non-stream neighbours, split into the two banks (runs around the ring)."""
    m = game_map(state)
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
    v = scenario_for(state.scenario_id).raw["victory"]
    attacker = v["attacker"]
    defender = state.enemy(attacker)
    return 2 * len(held(state, attacker)) + losses(state, defender) - losses(state, attacker)


def no_battle(why: str) -> dict:
    """Nobody wins: there was no battle (QA G5, G6)."""
    return {"winner": None, "level": None, "reason": "no_battle", "why": why}


def check_entry(state: GameState, events: list) -> None:
    """A side whose whole force must enter the board and cannot, not even by overrun, has no
    battle to fight: the game ends and nobody wins (23.5; QA G5)."""
    side = state.active_side
    mine = [u for u in state.units.values() if u.side == side and not u.eliminated]
    due = [u for u in mine if u.hex is None and not u.exited and u.entry_turn == state.turn]
    if not due or any(u.on_map for u in mine):
        return
    if any(reach_costs(state, u) or edge_overruns(state, u) for u in due):
        return
    state.phase = ENDED
    state.result = no_battle(f"{side} cannot enter the board, not even by overrun (QA G5)")
    events.append({"type": "game_over", **state.result})


def edge_overruns(state: GameState, u) -> list[str]:
    """Entry hexes an entering vehicle could overrun its way in by (QA O6 case 1)."""
    from_edge = []
    for lab in u.entry:
        if not state.units_at(lab, state.enemy(u.side)) or utype(u).overrun == "none":
            continue
        for x in overrun_exits(state, u, lab):
            try:
                overrun_attack(state, u.side, [u.id], lab, {u.id: x})
            except IllegalCommand:
                continue
            from_edge.append(lab)
            break
    return from_edge


def final_result(state: GameState) -> dict:
    v = scenario_for(state.scenario_id).raw["victory"]
    attacker = v["attacker"]
    if not state.attacks_made.get(attacker):
        return no_battle(f"{attacker} never attacked (QA G6)")
    s = score(state)
    for level in ("decisive", "tactical", "marginal"):
        if s >= v["levels"][level]:
            return {"winner": attacker, "level": level, "score": s, "reason": "turns"}
    return {"winner": state.enemy(attacker), "level": "marginal", "score": s, "reason": "turns"}
