"""The Terrain Effects Chart as data (5.1, 8.2, 9, 10.3, 11.1, 12.4; D26).

Loaded once from games/rules/panzer_grenadier/data/terrain.json. Movement costs are exact
`Fraction`s (road 2/3 for foot units); `None` means prohibited.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

MOVEMENT_CLASSES: tuple[str, ...] = ("foot", "motorized", "mechanized")
TERRAIN_KEYS: tuple[str, ...] = (
    "clear",
    "field",
    "light_woods",
    "heavy_woods",
    "town",
    "swamp",
    "river",
    "major_river",
)
HEXSIDE_FEATURES: tuple[str, ...] = ("stream", "ford", "bridge")
ROAD_KINDS: tuple[str, ...] = ("road", "trail")

# Spotting range against a target in limiting terrain (8.2).
LIMITING_TERRAIN_RANGE = 3

_DATA_PATH = Path(__file__).parents[1] / "data" / "terrain.json"


def _cost(value: int | str | None) -> Fraction | None:
    return None if value is None else Fraction(value)


def _costs(raw: Mapping[str, int | str | None]) -> dict[str, Fraction | None]:
    return {cls: _cost(raw[cls]) for cls in MOVEMENT_CLASSES}


@dataclass(frozen=True, slots=True)
class TerrainType:
    """One hex terrain of the chart and all its effects."""

    key: str
    name: str
    move: Mapping[str, Fraction | None]
    limiting: bool
    spotting_cap: int | None
    blocks_los: bool
    spotter_level_bonus: int
    direct_fire_shift: int
    bombardment_shift: int
    anti_tank_drm: int
    assault_shift: int
    mire: bool
    notes: str

    def move_cost(self, movement_class: str) -> Fraction | None:
        """MP to enter a hex of this terrain (5.1); None if prohibited."""
        return self.move[movement_class]

    def is_prohibited(self, movement_class: str) -> bool:
        return self.move[movement_class] is None


@dataclass(frozen=True, slots=True)
class Chart:
    """The whole terrain effects chart."""

    terrain: Mapping[str, TerrainType]
    hill_move_extra: Mapping[str, Fraction | None]
    hill_spotting_cap: int
    hill_direct_fire_shift: int
    hexside_move_extra: Mapping[str, Mapping[str, Fraction | None]]
    road_move: Mapping[str, Mapping[str, Fraction | None]]
    night_direct_fire_shift: int
    major_river_attacker_first_round_shift: int


def _load() -> Chart:
    raw = json.loads(_DATA_PATH.read_text(encoding="utf-8"))
    terrain = {}
    for key in TERRAIN_KEYS:
        t = raw["terrain"][key]
        terrain[key] = TerrainType(
            key=key,
            name=t["name"],
            move=_costs(t["move"]),
            limiting=t["limiting"],
            spotting_cap=t["spotting_cap"],
            blocks_los=t["blocks_los"],
            spotter_level_bonus=t["spotter_level_bonus"],
            direct_fire_shift=t["direct_fire_shift"],
            bombardment_shift=t["bombardment_shift"],
            anti_tank_drm=t["anti_tank_drm"],
            assault_shift=t["assault_shift"],
            mire=t["mire"],
            notes=t["notes"],
        )
    return Chart(
        terrain=terrain,
        hill_move_extra=_costs(raw["hill"]["move_extra"]),
        hill_spotting_cap=raw["hill"]["spotting_cap"],
        hill_direct_fire_shift=raw["hill"]["direct_fire_shift"],
        hexside_move_extra={f: _costs(raw["hexsides"][f]["move_extra"]) for f in HEXSIDE_FEATURES},
        road_move={k: _costs(raw["roads"][k]["move"]) for k in ROAD_KINDS},
        night_direct_fire_shift=raw["night"]["direct_fire_shift"],
        major_river_attacker_first_round_shift=raw["terrain"]["major_river"][
            "assault_shift_attacker_first_round_no_defending_engineers"
        ],
    )


CHART: Chart = _load()
TERRAIN: Mapping[str, TerrainType] = CHART.terrain


def terrain_type(key: str) -> TerrainType:
    """The chart entry for a terrain key; KeyError names the valid keys."""
    try:
        return TERRAIN[key]
    except KeyError:
        raise KeyError(
            f"unknown terrain {key!r}; expected one of {', '.join(TERRAIN_KEYS)}"
        ) from None


def hill_move_extra(movement_class: str) -> Fraction:
    """Extra MP to enter a hill hex (5.1: +0 foot, +2 motorized, +1 mechanized)."""
    extra = CHART.hill_move_extra[movement_class]
    assert extra is not None
    return extra


def hexside_move_extra(feature: str, movement_class: str) -> Fraction | None:
    """Extra MP to cross a hexside feature (D-TEC-1); None if prohibited."""
    return CHART.hexside_move_extra[feature][movement_class]


def hexside_crossing_extra(
    features: frozenset[str] | set[str], movement_class: str
) -> Fraction | None:
    """Extra MP to cross a hexside with these features, off-road (D-TEC-1).

    A bridge or ford replaces the stream's cost; other features (elevation_line) cost
    nothing here (the hill extra is paid on entering the hill hex).
    """
    if "bridge" in features:
        return hexside_move_extra("bridge", movement_class)
    if "ford" in features:
        return hexside_move_extra("ford", movement_class)
    if "stream" in features:
        return hexside_move_extra("stream", movement_class)
    return Fraction(0)


def road_move_cost(kind: str, movement_class: str) -> Fraction:
    """MP per hex moving along a road or trail (5.2, D-TEC-2)."""
    cost = CHART.road_move[kind][movement_class]
    assert cost is not None
    return cost
