"""Opportunity fire (21.2): firing at an enemy that spends a quarter of its MA in sight.

While a unit acts in its movement phase, each enemy unit able to fire counts the MP the
mover spends continuously in its line of sight: entering hexes (woods and town hexes count
only when the mover is spotted entering them, RB XV.B.5), and also loading, unloading and a
failed stream roll, which spend MP without leaving the hex (QA OF5). Turreted fire spends
none (QA TA1). The count lasts the whole movement phase (a carrier may load and then drive
on). Once it reaches a quarter of the mover's MA, exactly (QA OF2), the action pauses in a
window (windows.py) and the enemy may fire or pass. A unit that passed is not asked again
about that mover this phase (PL-E3).

Naval support fire in direct mode may be opportunity fire too (QA N1): the navy counts as
one more firer that sees whatever is in the open and visible from some sea hex.
"""

from __future__ import annotations

from ...common.errors import IllegalCommand
from ...common.hexgrid import distance
from ..core.scenario import game_map
from ..core.sight import sees
from ..core.spotting import is_spotted
from ..core.state import GameState, Unit
from ..core.units import utype
from . import naval
from .direct_fire import direct_attack, may_fire


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


def count_step(state: GameState, mover: Unit, cost: float) -> None:
    """Add the MP just spent by the mover (entering its hex, or in it) to each enemy's
    in-sight run; a firer that cannot see it now starts again from nothing (21.2)."""
    m = game_map(state)
    h = m.hex(mover.hex)
    cover = m.is_cover(h)
    run = state.of_runs.setdefault(mover.id, {})
    for u in candidates(state, mover):
        seen = sees(state, m.hex(u.hex), h) and (not cover or is_spotted(state, mover, u.side))
        run[u.id] = run.get(u.id, 0.0) + cost if seen else 0.0
    nav = naval.firer_id(state.enemy(mover.side))
    if naval.available(state, state.enemy(mover.side)):
        seen = naval.sees_target(state, mover.hex)
        run[nav] = run.get(nav, 0.0) + cost if seen else 0.0


def quarter_met(state: GameState, firer: str, mover: Unit) -> bool:
    """Has `mover` spent a quarter of its MA in the firer's sight (QA OF2: exactly)?"""
    return state.of_runs.get(mover.id, {}).get(firer, 0.0) >= utype(mover).movement / 4


def eligible(state: GameState, pairs: list[tuple[Unit, Unit]],
             exclude: frozenset[str] = frozenset()) -> list[str]:
    """Enemy units (and the navy) that may fire now at one of the targets, each paired with
    the mover whose MP count for it (a passenger rides its carrier's count): a quarter of
    that MA in sight, in range, and a legal shot (21.2; QA OF1)."""
    if not pairs:
        return []
    side = pairs[0][1].side
    m = game_map(state)
    out = []
    for u in candidates(state, pairs[0][1]):
        if u.id in exclude:
            continue
        reach = utype(u).range * (2 if utype(u).star else 1)
        for t, mover in pairs:
            if u.id in state.of_declined.get(mover.id, ()) or not quarter_met(state, u.id, mover):
                continue
            if distance(m.hex(u.hex), m.hex(t.hex)) > reach:
                continue
            if _ok(state, [u.id], t, 0):
                out.append(u.id)
                break
    nav = naval.firer_id(state.enemy(side))
    if naval.available(state, state.enemy(side)) and any(
            nav not in state.of_declined.get(mover.id, ()) and quarter_met(state, nav, mover)
            and _ok(state, [], t, naval.LOT) for t, mover in pairs):
        out.append(nav)
    return out


def _ok(state: GameState, firers: list[str], target: Unit, navy: int) -> bool:
    try:
        opportunity_attack(state, firers, target, navy)
    except IllegalCommand:
        return False
    return True


def opportunity_attack(state: GameState, firer_ids: list[str], target: Unit, navy: int = 0):
    """Only the moving unit (or the passenger it drops or carries) is attacked, even in a
    town (QA OF4); a Quick-Time mover defends at half strength (21.1)."""
    attack = direct_attack(state, state.enemy(target.side), firer_ids, [target.id],
                           kind="opportunity", navy=navy)
    if target.quick_time:
        attack.defense = attack.defense / 2
        attack.drm_reasons.append("Quick-Time mover defends at half (21.1)")
    return attack
