"""What every player of a game knows before the first die is rolled: the map, the counters'
printed values, the victory conditions and the game's optional rules, and nothing else.

A strategy is handed these facts beside its seat's Decision; it never loads a scenario
itself. `facts.py`, on the referee's side, builds them from the scenario and never copies
the set-up (where each counter starts, hidden units, minefields), so a strategy cannot read
what its side has not seen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.rules.common.hexgrid import Hex, distance


@dataclass(frozen=True, slots=True)
class Objective:
    hex: Hex
    label: str
    points: int
    sides: tuple[str, ...]  # sides that score it; empty = every side


@dataclass(frozen=True)
class PublicScenario:
    """The public face of a game: its scenario's map, catalogue and victory conditions, and
    the optional rules it is played with."""

    id: str
    ruleset: str
    map: Any  # labels and hexes (and, for Panzer Grenadier, terrain and line of sight)
    catalogue: Any  # counter type id -> printed values
    objectives: tuple[Objective, ...]
    exits: dict[str, str]  # side -> map edge its units score for leaving by
    threshold_side: str | None  # the side that must reach a score (others win by default)
    options: frozenset[str]  # the game's optional rules (the scenario's defaults when unset)
    # The printed order of battle: side -> counter type -> how many (never where they start).
    forces: dict[str, dict[str, int]] = field(default_factory=dict)
    # Victory points the enemy scores for this side's losses: side -> {"step", "afv_step",
    # "transport_step", "leader"} (the scenario's printed loss table).
    losses: dict[str, dict[str, int]] = field(default_factory=dict)
    # The sides in the order they play each turn (the first moves first).
    sides: tuple[str, ...] = ()
    # Each label's hex, parsed once: the judges read every command's path through `hex`,
    # the same few hundred labels thousands of times a decision.
    _hexes: dict[str, Hex | None] = field(default_factory=dict, init=False, repr=False,
                                          compare=False)

    def hex(self, label: str | None) -> Hex | None:
        if not label:
            return None
        if not isinstance(label, str):  # not a label a command should hold: none kept
            return self._parsed(label)
        if label not in self._hexes:
            self._hexes[label] = self._parsed(label)
        return self._hexes[label]

    def _parsed(self, label: Any) -> Hex | None:
        try:
            return self.map.parse_label(label)
        except (ValueError, KeyError, AttributeError):
            return None

    def label(self, h: Hex) -> str:
        return self.map.label(h)

    def unit_type(self, type_id: str | None) -> Any:
        if not type_id:
            return None
        try:
            return self.catalogue[type_id]
        except KeyError:
            return None

    def nearest_objective(self, h: Hex, wanted=None) -> tuple[int, Objective | None]:
        best: tuple[int, Objective | None] = (99, None)
        for o in self.objectives:
            if wanted is not None and not wanted(o):
                continue
            d = distance(h, o.hex)
            if d < best[0]:
                best = (d, o)
        return best
