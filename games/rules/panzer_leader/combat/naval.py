"""Naval support fire (19.4, 21.3): an allotment of (H) attack points a turn from offshore.

A situation grants a side N points a turn (the optional rule `naval_support`, on by default
where a situation grants any). They are used in lots of at least 20, at any range, and
always count as fired from more than 6 hexes, so they are halved against armoured targets.
Direct mode: at units in the open (not woods, town or smoke) that some sea hex can see; the
fire counts as coming from ground level, so it is halved against slopes and hilltops (QA
N2); it may join ground units' direct fire and may be opportunity fire (QA N1). Indirect
mode: written two turns ahead on a hex a ground spotter sees; it adds to the ground
artillery's fire there (indirect.py). Points used by the navy are booked per side and turn.
"""

from __future__ import annotations

from fractions import Fraction

from ..core import hooks
from ..core.los import why_blocked
from ..core.scenario import game_map
from ..core.sight import in_cover, why_not_seen
from ..core.state import GameState

LOT = 20  # naval fire is used in lots of at least 20 points (RB XV.C.3)
HALF = Fraction(1, 2)


def firer_id(side: str) -> str:
    """How the navy is named among firers, in attack lines and opportunity windows."""
    return f"naval:{side}"


def grant(state: GameState, side: str, turn: int) -> int:
    """Points the situation grants a side for a turn (0 without the optional rule)."""
    if not hooks.any_says("naval_support", state):
        return 0
    return sum(int(g["points"]) for g in state.naval
               if g["side"] == side and int(g.get("first", 1)) <= turn <= int(g.get("last", 99)))


def points_left(state: GameState, side: str, turn: int) -> int:
    """The turn's grant less what was fired and what is ordered for it (secret orders
    count only here, never in what others see)."""
    ordered = sum(o["points"] for o in state.naval_orders if o["side"] == side
                  and o["turn"] == turn)
    return grant(state, side, turn) - state.naval_used.get(f"{side}:{turn}", 0) - ordered


def available(state: GameState, side: str, turn: int | None = None) -> bool:
    """Has the side a lot of naval fire left for the turn (this one by default)?"""
    return points_left(state, side, state.turn if turn is None else turn) >= LOT


def spend(state: GameState, side: str, turn: int, points: int) -> None:
    key = f"{side}:{turn}"
    state.naval_used[key] = state.naval_used.get(key, 0) + points


def check_lot(state: GameState, side: str, turn: int, points: int) -> str | None:
    """Why `points` of naval fire may not be used for that turn, or None."""
    if points < LOT:
        return f"naval fire comes in lots of at least {LOT} points (RB XV.C.3)"
    if points > points_left(state, side, turn):
        return f"only {max(points_left(state, side, turn), 0)} naval points are left for turn {turn}"
    return None


def sees_target(state: GameState, label: str) -> bool:
    """Is a hex in the open and seen from some sea hex (19.4)?"""
    m = game_map(state)
    h = m.hex(label)
    if in_cover(state, h):
        return False
    seas = [s for s, info in m.hexes.items() if info.terrain == "sea"]
    if state.smoke:
        return any(why_not_seen(state, s, h) is None for s in seas)
    key = ("sea", h)
    if key not in m.los_cache:
        m.los_cache[key] = any(why_blocked(m, s, h) is None for s in seas)
    return m.los_cache[key]


def strength(state: GameState, points: int, label: str, armored: bool) -> tuple[Fraction, dict]:
    """One naval lot's strength against a target hex: (H) beyond 6 hexes, halved against
    armour; from ground level, halved against slopes and hilltops (19.4; QA N2)."""
    m = game_map(state)
    wec = HALF if armored else Fraction(1)
    elev = HALF if m.elevation(m.hex(label)) > 0 else Fraction(1)
    value = points * wec * elev
    return value, {"unit": "naval", "printed": points, "weapon": "(H)", "distance": None,
                   "wec": str(wec), "range": "1", "elevation": str(elev), "strength": str(value)}
