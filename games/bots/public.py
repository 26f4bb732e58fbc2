"""What every player knows before the first die is rolled: the map, the counters' printed
values and the victory conditions of a scenario, and nothing else.

A bot is handed its seat's view; the view names the scenario. This module is the only way a
bot reaches scenario data, and it never exposes the scenario's set-up (where hidden units
start), so a bot cannot read what its side has not seen.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.rules.common.hexgrid import Hex, distance
from games.rules.panzer_grenadier.core.registry import scenario_for


@dataclass(frozen=True, slots=True)
class Objective:
    hex: Hex
    label: str
    points: int
    sides: tuple[str, ...]  # sides that score it; empty = every side


@dataclass(frozen=True)
class PublicScenario:
    """The public face of a scenario (its map, catalogue and victory conditions)."""

    id: str
    map: Any
    catalogue: Any
    objectives: tuple[Objective, ...]
    exits: dict[str, str]  # side -> map edge its units score for leaving by
    threshold_side: str | None  # the side that must reach a score (others win by default)
    default_options: frozenset[str]

    def hex(self, label: str | None) -> Hex | None:
        if not label:
            return None
        try:
            return self.map.parse_label(label)
        except (ValueError, KeyError):
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


@lru_cache(maxsize=16)
def public_scenario(scenario_id: str) -> PublicScenario:
    scen = scenario_for(scenario_id)
    v = scen.victory
    m = scen.map
    objectives = tuple(
        Objective(o.hex, m.label(o.hex), o.points, tuple(o.sides)) for o in v.hexes
    )
    d = v.decision
    return PublicScenario(
        id=scen.id,
        map=m,
        catalogue=scen.catalogue,
        objectives=objectives,
        exits={e.side: e.edge for e in v.exits},
        threshold_side=d.side if d.method == "threshold" else None,
        default_options=frozenset(scen.default_options),
    )
