"""Small worlds for the movement, stacking and transport tests: a test catalogue, boards, states.

Boards are drawn as rows of legend characters (odd-q offset, column 1 on the left), so a
one-row board is a corridor of adjacent hexes: A0101, A0201, A0301, ...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.rules.common.hexgrid import Hex
from games.rules.panzer_grenadier.core.maps import Map
from games.rules.panzer_grenadier.core.state import (
    ACTION,
    GameState,
    SeatState,
    SideState,
    UnitState,
)
from games.rules.panzer_grenadier.core.units import Catalogue, catalogue_from_dict

LEGEND = {
    ".": "clear",
    "f": "field",
    "w": "light_woods",
    "W": "heavy_woods",
    "t": "town",
    "s": "swamp",
    "r": "river",
    "R": "major_river",
}
KEYS_BY_TERRAIN = {v: k for k, v in LEGEND.items()}


def _face(movement: int, df=None, at=None, armor=None, bomb=None) -> dict[str, Any]:
    face: dict[str, Any] = {"movement": movement}
    if df:
        face["direct_fire"] = df
    if at:
        face["anti_tank"] = at
    if armor is not None:
        face["armor"] = armor
    if bomb:
        face["bombardment"] = bomb
    return face


def _unit(uid, kind, cls, full, reduced=None, steps=2, **extra) -> dict[str, Any]:
    raw = {
        "id": uid,
        "name": uid,
        "nationality": "test",
        "kind": kind,
        "movement_class": cls,
        "steps": steps if reduced else 1,
        "full": full,
        **extra,
    }
    if reduced:
        raw["reduced"] = reduced
    return raw


CATALOGUE: Catalogue = catalogue_from_dict(
    {
        "units": [
            _unit("rifle", "infantry", "foot", _face(3, df=[5, 3]), _face(3, df=[2, 3])),
            _unit("rifle5", "infantry", "foot", _face(5, df=[6, 4]), _face(5, df=[3, 4])),
            _unit("pioneer", "engineer", "foot", _face(5, df=[6, 2]), _face(5, df=[3, 2])),
            _unit("cavalry", "cavalry", "foot", _face(8, df=[4, 2]), _face(8, df=[2, 2])),
            _unit("hmg", "hmg", "foot", _face(4, df=[8, 6]), steps=1),
            _unit("mortar", "mortar", "foot", _face(3, bomb=[6, 10]), steps=1),
            _unit("pak", "at_gun", "foot", _face(0, df=[2, 4], at=[8, 6]), steps=1),
            _unit(
                "tank",
                "tank",
                "mechanized",
                _face(6, df=[6, 8], at=[8, 10], armor=5),
                _face(6, df=[3, 8], at=[6, 10], armor=5),
            ),
            _unit(
                "fast_tank",
                "tank",
                "mechanized",
                _face(12, df=[4, 6], at=[5, 8], armor=3),
                _face(12, df=[2, 6], at=[3, 8], armor=3),
            ),
            _unit(
                "marder",
                "tank_destroyer",
                "mechanized",
                _face(8, at=[9, 10], armor=1),
                steps=1,
                open_top=True,
            ),
            _unit(
                "armored_car",
                "armored_car",
                "motorized",
                _face(12, df=[3, 6], armor=1),
                steps=1,
                open_top=True,
            ),
            _unit(
                "halftrack",
                "apc",
                "mechanized",
                _face(10, df=[2, 2], armor=1),
                steps=1,
                open_top=True,
                capacity=1,
            ),
            _unit("truck", "truck", "motorized", _face(8), steps=1, capacity=1, can_tow=True),
            _unit("wagon", "wagon", "motorized", _face(5), steps=1, capacity=1, can_tow=True),
            _unit("bus", "truck", "motorized", _face(8), steps=1, capacity=2, can_tow=False),
            _unit(
                "tractor", "prime_mover", "mechanized", _face(6), steps=1, capacity=1, can_tow=True
            ),
        ],
        "leaders": [
            {
                "id": "lt",
                "name": "Lt",
                "nationality": "test",
                "rank": "lieutenant",
                "morale": 8,
                "combat_modifier": 1,
                "morale_modifier": 1,
            },
        ],
    }
)


def board(
    rows: Sequence[str],
    *,
    elevation: Sequence[str] | None = None,
    roads: Iterable[tuple[str, Sequence[str]]] = (),
    hexsides: Iterable[tuple[str, str, str]] = (),
    board_id: str = "test",
) -> Map:
    """A one-board map from terrain rows (legend above), elevation rows of digits, roads
    as (kind, [labels]) and hexsides as (label, side, feature); labels are 'CCRR'."""
    columns = len(rows[0])
    raw = {
        "id": board_id,
        "name": board_id,
        "columns": columns,
        "rows": len(rows),
        "legend": LEGEND,
        "terrain": list(rows),
        "elevation": list(elevation) if elevation else ["0" * columns for _ in rows],
        "roads": [{"kind": k, "hexes": list(h)} for k, h in roads],
        "hexsides": [{"hex": h, "side": s, "feature": f} for h, s, f in hexsides],
    }
    return Map.from_board(raw)


def at(m: Map, label: str) -> Hex:
    """The hex for 'CCRR' (board A)."""
    return m.parse_label("A" + label)


def unit(uid: str, type_id: str, hex_: Hex | None, side: str = "axis", **kw: Any) -> UnitState:
    t = CATALOGUE[type_id]
    return UnitState(
        id=uid, type_id=type_id, side=side, hex=hex_, steps=kw.pop("steps", t.steps), **kw
    )


def state(
    units: Iterable[UnitState], *, options: Iterable[str] = (), markers: Mapping | None = None
) -> GameState:
    us = list(units)
    return GameState(
        scenario_id="test",
        turn=1,
        last_turn=10,
        phase=ACTION,
        sides=(
            SideState(id="axis", name="Axis", nationality="test", initiative=2, morale=8),
            SideState(id="allies", name="Allies", nationality="test", initiative=2, morale=7),
        ),
        seats=(
            SeatState(
                id="axis", side="axis", units=frozenset(u.id for u in us if u.side == "axis")
            ),
            SeatState(
                id="allies", side="allies", units=frozenset(u.id for u in us if u.side == "allies")
            ),
        ),
        units={u.id: u for u in us},
        options=frozenset(options),
        markers=dict(markers or {}),
    )
