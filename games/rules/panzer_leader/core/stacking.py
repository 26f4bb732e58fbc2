"""Stacking (5): four counters a hex, both sides, at every instant.

A carrier with its passenger is one counter, so is a wreck and a block; minefields never
count (RB VI.B-D). Road congestion (7.3) counts the same things.
"""

from __future__ import annotations

from .state import GameState

LIMIT = 4
WRECK_CAP = 3  # at most three wrecks in a hex (16)


def counters_in(state: GameState, label: str) -> int:
    """Counters in a hex for stacking and road congestion (5, 7.3): a fortification and all
    its occupants count as one for the units outside it (RB IX.C.11; QA S2)."""
    units = len([u for u in state.units_at(label) if not u.in_fort])
    fort = 1 if label in state.forts else 0
    return units + fort + state.wrecks.get(label, 0) + (1 if label in state.blocks else 0)


def has_room(state: GameState, label: str, more: int = 1) -> bool:
    """Could `more` counters be added to the hex without passing four (QA S1)?"""
    return counters_in(state, label) + more <= LIMIT


def room_inside(state: GameState, label: str) -> bool:
    """Up to four units inside a fortification (RB IX.C.11; QA S2)."""
    return label in state.forts and len(state.inside(label)) < LIMIT


def _by_id(u) -> str:
    return u.id


class Occupancy:
    """Who is where, read once: the path planner asks about hundreds of hexes per move and
    the state does not change while it plans."""

    def __init__(self, state: GameState):
        self.state = state
        self.by_hex: dict[str, list] = {}
        # the units on the map, then in id order (ids are unique: the same order as sorting
        # every unit first, for a fraction of the work; a planner reads this once a plan)
        here = [u for u in state.units.values()
                if u.hex is not None and u.carried_by is None and u.on_map]
        here.sort(key=_by_id)
        self._outside: dict[str, int] = {}  # units not inside a fortification, by hex
        for u in here:
            self.by_hex.setdefault(u.hex, []).append(u)
            if not u.in_fort:
                self._outside[u.hex] = self._outside.get(u.hex, 0) + 1

    def units(self, label: str, side: str | None = None) -> list:
        return [u for u in self.by_hex.get(label, ()) if side is None or u.side == side]

    def counters(self, label: str) -> int:
        s = self.state
        return (self._outside.get(label, 0) + (1 if label in s.forts else 0) + s.wrecks.get(label, 0)
                + (1 if label in s.blocks else 0))

    def room(self, label: str, more: int = 1) -> bool:
        return self.counters(label) + more <= LIMIT
