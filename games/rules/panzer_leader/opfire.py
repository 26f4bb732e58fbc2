"""Opportunity fire (21.2): firing at an enemy that spends a quarter of its MA in sight.

While a unit moves, each enemy unit able to fire counts the MP the mover spends continuously
in its line of sight (woods and town hexes count only when the mover is spotted entering
them, RB XV.B.5). Once that reaches a quarter of the mover's MA, exactly (QA OF2), the mover
pauses and the enemy may fire or decline. A declined firer is not asked again during that
move (PL-E3).
"""

from __future__ import annotations

from ..common.errors import IllegalCommand
from ..common.hexgrid import distance
from .direct_fire import direct_attack, may_fire
from .los import has_los
from .movement import utype
from .scenario import board_of
from .spotting import is_spotted
from .state import GameState, Unit


def candidates(state: GameState, mover: Unit) -> list[Unit]:
    """Enemy units that could opportunity-fire at all this phase (21.2)."""
    out = []
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if u.side == mover.side or not u.on_map or not utype(u).opfire:
            continue
        if u.order is not None:  # units with indirect orders never opportunity-fire (XV.B.12)
            continue
        if may_fire(state, u) is None:
            out.append(u)
    return out


def count_step(state: GameState, mover: Unit, cost: float, run: dict[str, float]) -> None:
    """Add the MP just spent entering the mover's hex to each enemy's in-sight run."""
    m = board_of(state)
    h = m.hex(mover.hex)
    cover = m.is_cover(h)
    for u in candidates(state, mover):
        seen = has_los(m, m.hex(u.hex), h) and (not cover or is_spotted(state, mover, u.side))
        run[u.id] = run.get(u.id, 0.0) + cost if seen else 0.0


def eligible(state: GameState, mover: Unit, run: dict[str, float], declined: list[str]) -> list[str]:
    """Enemy units that may fire now: a quarter of the MA in sight, range, and a legal shot."""
    quarter = utype(mover).movement / 4
    out = []
    for u in candidates(state, mover):
        if u.id in declined or run.get(u.id, 0.0) < quarter:
            continue
        if distance(board_of(state).hex(u.hex), board_of(state).hex(mover.hex)) > \
                utype(u).range * (2 if utype(u).star else 1):
            continue
        try:
            opportunity_attack(state, [u.id], mover)
        except IllegalCommand:
            continue
        out.append(u.id)
    return out


def opportunity_attack(state: GameState, firer_ids: list[str], mover: Unit):
    """Only the moving unit is attacked, even in a town (QA OF4); a Quick-Time mover defends
    at half strength (21.1)."""
    attack = direct_attack(state, state.enemy(mover.side), firer_ids, [mover.id],
                           kind="opportunity")
    if mover.quick_time:
        attack.defense = attack.defense / 2
        attack.drm_reasons.append("Quick-Time mover defends at half (21.1)")
    return attack
