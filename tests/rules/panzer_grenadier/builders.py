"""Tiny maps, catalogues and states for rules tests (reusable by any engine test).

    s = Scene(terrain={"0303": "light_woods"})
    s.add("g1", s.infantry(7), "ge", "0202")
    s.add("r1", "rifle", "ru", "0203")
    state, game_map, cat = s.state(), s.map, s.catalogue()

Hexes are named by their 4-digit board label ("CCRR", 1-based, odd-q); the board is "A".
Sides are "ge" and "ru" with morale 7 unless given.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.rules.common.hexgrid import Hex
from games.rules.panzer_grenadier.core.maps import Map
from games.rules.panzer_grenadier.core.state import GameState, SideState, UnitState
from games.rules.panzer_grenadier.core.units import Catalogue, catalogue_from_dict


def _face(df=None, at=None, bomb=None, armor=None, mv=5) -> dict:
    face: dict[str, Any] = {"movement": mv}
    if df is not None:
        face["direct_fire"] = list(df)
    if at is not None:
        face["anti_tank"] = list(at)
    if bomb is not None:
        face["bombardment"] = list(bomb)
    if armor is not None:
        face["armor"] = armor
    return face


STANDARD_TYPES: list[dict] = [
    {
        "id": "rifle",
        "name": "Rifle platoon",
        "nationality": "german",
        "kind": "infantry",
        "movement_class": "foot",
        "full": _face(df=(5, 3)),
        "reduced": _face(df=(3, 3)),
    },
    {
        "id": "engineer",
        "name": "Pioneer platoon",
        "nationality": "german",
        "kind": "engineer",
        "movement_class": "foot",
        "full": _face(df=(6, 2)),
        "reduced": _face(df=(3, 2)),
    },
    {
        "id": "hmg",
        "name": "HMG",
        "nationality": "german",
        "kind": "hmg",
        "movement_class": "foot",
        "full": _face(df=(8, 6), mv=3),
        "reduced": _face(df=(4, 6), mv=3),
    },
    {
        "id": "artillery",
        "name": "Field gun battery",
        "nationality": "german",
        "kind": "artillery",
        "movement_class": "foot",
        "steps": 1,
        "full": _face(df=(2, 3), bomb=(16, 40), mv=1),
    },
    {
        "id": "mortar",
        "name": "Mortar",
        "nationality": "german",
        "kind": "mortar",
        "movement_class": "foot",
        "steps": 1,
        "full": _face(bomb=(6, 10), mv=1),
    },
    {
        "id": "panther",
        "name": "Panther",
        "nationality": "german",
        "kind": "tank",
        "movement_class": "mechanized",
        "efficient": True,
        "full": _face(df=(6, 8), at=(8, 8), armor=5, mv=8),
        "reduced": _face(df=(3, 8), at=(8, 8), armor=5, mv=8),
    },
    {
        "id": "tank",
        "name": "Medium tank",
        "nationality": "soviet",
        "kind": "tank",
        "movement_class": "mechanized",
        "full": _face(df=(5, 6), at=(6, 6), armor=6, mv=8),
        "reduced": _face(df=(3, 6), at=(6, 6), armor=6, mv=8),
    },
    {
        "id": "marder",
        "name": "Open-top tank destroyer",
        "nationality": "german",
        "kind": "tank_destroyer",
        "movement_class": "mechanized",
        "open_top": True,
        "full": _face(df=(2, 4), at=(7, 8), armor=2, mv=7),
        "reduced": _face(df=(1, 4), at=(7, 8), armor=2, mv=7),
    },
    {
        "id": "truck",
        "name": "Truck",
        "nationality": "german",
        "kind": "truck",
        "movement_class": "motorized",
        "steps": 1,
        "capacity": 1,
        "can_tow": True,
        "full": _face(mv=10),
    },
    {
        "id": "halftrack",
        "name": "Halftrack",
        "nationality": "german",
        "kind": "apc",
        "movement_class": "mechanized",
        "steps": 1,
        "capacity": 1,
        "open_top": True,
        "full": _face(armor=1, mv=10),
    },
]
STANDARD_LEADERS: list[dict] = [
    {
        "id": "ldr",
        "name": "Leutnant",
        "nationality": "german",
        "rank": "lieutenant",
        "morale": 8,
        "combat_modifier": 1,
        "morale_modifier": 1,
    },
    {
        "id": "ldr2",
        "name": "Hauptmann",
        "nationality": "german",
        "rank": "captain",
        "morale": 8,
        "combat_modifier": 2,
        "morale_modifier": 1,
    },
    {
        "id": "ldr0",
        "name": "Feldwebel",
        "nationality": "german",
        "rank": "sergeant",
        "morale": 7,
        "combat_modifier": 0,
        "morale_modifier": 1,
    },
    {
        "id": "tank_ldr",
        "name": "Tank leader",
        "nationality": "german",
        "kind": "tank",
        "rank": "lieutenant",
        "morale": 8,
        "combat_modifier": 1,
        "morale_modifier": 1,
    },
]


class Scene:
    """A one-board map of clear terrain (with overrides), a catalogue and units."""

    def __init__(
        self,
        *,
        columns: int = 14,
        rows: int = 8,
        terrain: dict[str, str] | None = None,
        elevation: dict[str, int] | None = None,
        morale: dict[str, int] | None = None,
    ):
        grid = [["."] * columns for _ in range(rows)]
        legend = {
            ".": "clear",
            "f": "field",
            "w": "light_woods",
            "W": "heavy_woods",
            "t": "town",
            "s": "swamp",
            "r": "river",
            "R": "major_river",
        }
        code = {v: k for k, v in legend.items()}
        for lab, key in (terrain or {}).items():
            grid[int(lab[2:]) - 1][int(lab[:2]) - 1] = code[key]
        elev = [["0"] * columns for _ in range(rows)]
        for lab, level in (elevation or {}).items():
            elev[int(lab[2:]) - 1][int(lab[:2]) - 1] = str(level)
        board = {
            "id": "test",
            "name": "Test board",
            "columns": columns,
            "rows": rows,
            "legend": legend,
            "terrain": ["".join(r) for r in grid],
            "elevation": ["".join(r) for r in elev],
            "hexsides": [],
            "roads": [],
        }
        self.map = Map.from_board(board, "A")
        self.types: dict[str, dict] = {t["id"]: t for t in STANDARD_TYPES}
        self.leaders: dict[str, dict] = {t["id"]: t for t in STANDARD_LEADERS}
        self.units: dict[str, UnitState] = {}
        self.morale = {"ge": 7, "ru": 7, **(morale or {})}
        self.markers: dict[Hex, frozenset[str]] = {}
        self.extra: dict[str, Any] = {}

    def hex(self, label: str) -> Hex:
        return self.map.parse_label("A" + label)

    def infantry(self, df: int, rng: int = 4, *, kind: str = "infantry", steps: int = 2) -> str:
        """A unit type with direct fire `df` (reduced: half)."""
        tid = f"{kind}{df}_{rng}_{steps}"
        spec = {
            "id": tid,
            "name": f"{kind} {df}-{rng}",
            "nationality": "german",
            "kind": kind,
            "movement_class": "foot",
            "steps": steps,
            "full": _face(df=(df, rng)),
        }
        if steps == 2:
            spec["reduced"] = _face(df=(max(1, df // 2), rng))
        self.types[tid] = spec
        return tid

    def gun(self, at: int, rng: int, *, armor: int | None = None, efficient: bool = False) -> str:
        """An anti-tank gun (or, with armor, an AFV) with anti-tank `at`."""
        tid = f"at{at}_{rng}_{armor}_{efficient}"
        kind = "tank" if armor is not None else "at_gun"
        self.types[tid] = {
            "id": tid,
            "name": f"AT {at}-{rng}",
            "nationality": "german",
            "kind": kind,
            "movement_class": "mechanized" if armor is not None else "foot",
            "efficient": efficient,
            "steps": 2,
            "full": _face(at=(at, rng), armor=armor, mv=6),
            "reduced": _face(at=(at, rng), armor=armor, mv=6),
        }
        return tid

    def armored(self, armor: int) -> str:
        tid = f"afv_armor{armor}"
        self.types[tid] = {
            "id": tid,
            "name": f"AFV armor {armor}",
            "nationality": "soviet",
            "kind": "tank",
            "movement_class": "mechanized",
            "steps": 2,
            "full": _face(df=(4, 6), at=(4, 6), armor=armor, mv=8),
            "reduced": _face(df=(2, 6), at=(4, 6), armor=armor, mv=8),
        }
        return tid

    def add(self, uid: str, type_id: str, side: str, at: str | None, **fields: Any) -> UnitState:
        steps = fields.pop("steps", None)
        if steps is None:
            steps = self.types[type_id].get("steps", 2) if type_id in self.types else 1
        carrier = fields.get("carried_by")
        h = self.units[carrier].hex if carrier and at is None else (self.hex(at) if at else None)
        u = UnitState(id=uid, type_id=type_id, side=side, hex=h, steps=steps, **fields)
        self.units[uid] = u
        return u

    def mark(self, label: str, *markers: str) -> None:
        h = self.hex(label)
        self.markers[h] = self.markers.get(h, frozenset()) | frozenset(markers)

    def catalogue(self) -> Catalogue:
        return catalogue_from_dict(
            {"units": list(self.types.values()), "leaders": list(self.leaders.values())}
        )

    def state(self, **fields: Any) -> GameState:
        sides = tuple(
            SideState(
                id=s,
                name=s,
                nationality=("german" if s == "ge" else "soviet"),
                initiative=2,
                morale=m,
            )
            for s, m in self.morale.items()
        )
        base = GameState(
            scenario_id="test",
            turn=1,
            last_turn=10,
            phase="action",
            sides=sides,
            seats=(),
            units=dict(self.units),
            markers=dict(self.markers),
        )
        return replace(base, **fields)
