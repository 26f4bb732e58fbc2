"""Mire, the optional rule (17 Part II, case 35): vehicles bog down in mire terrain.

A vehicle entering a hex with mire potential rolls 1d6 (`mire_roll_needed`, `is_mired`;
the hexes of a path where it will roll are shown before it moves, `path_rolls`). Mired, it stops there and carries three Moved/Fired markers (`UnitState.mired`):
one is removed in each Marker Removal Phase until one remains; in the third phase it
re-rolls: free, it moves normally next turn; mired again, it takes three more (D-MIRE-2).
While mired it may not move, but may be activated to fire or try to recover (and is marked
Moved/Fired as any activated counter); its armor is 1 less and an assault against a side with a mired unit in the hex gets +1
(combat reads `mired`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...common.hexgrid import Hex
from ..core import state as st
from ..core.commands import Event
from ..core.hooks import Plugin
from ..core.maps import Map
from ..core.move_step import movement_class
from ..core.registry import catalogue_for, game_map, hex_label
from ..core.state import GameState
from ..core.units import Catalogue

MARKERS = 3
# Mire (17 Part II, case 35): a die roll at or under this mires the vehicle.
MIRE_THRESHOLD: Mapping[str, int] = {"motorized": 3, "mechanized": 2}
# Amphibious vehicles add 1 to the mire roll in these terrains.
AMPHIBIOUS_MIRE_TERRAIN = frozenset({"swamp", "river", "major_river", "rice_paddy", "salt_marsh"})
MIRE_OPTION = "mire"


def mire_terrain_entry(map_: Map, state: GameState, a: Hex | None, b: Hex) -> bool:
    # D-MIRE-1: moving along a road or trail never mires; barbed wire (a "wire" marker) does.
    if a is not None and map_.road_between(a, b) is not None:
        return False
    return map_.terrain(b).mire or "wire" in state.markers_at(b)


def mire_roll_needed(
    map_: Map,
    state: GameState,
    unit_id: str,
    from_hex: Hex | None,
    to_hex: Hex,
    *,
    catalogue: Catalogue,
) -> bool:
    """Whether this unit entering to_hex must roll for mire (17 Part II Mire; case 35).

    Only with the `mire` option; only vehicles (motorized = wheeled, mechanized = tracked);
    only terrain with mire potential (the chart's `mire` flag, or barbed wire), and not when
    moving along a road or trail (D-MIRE-1). `from_hex` None: entering from off the map.
    """
    if MIRE_OPTION not in state.options:
        return False
    unit = state.units[unit_id]
    if movement_class(unit, catalogue=catalogue) not in MIRE_THRESHOLD:
        return False
    return mire_terrain_entry(map_, state, from_hex, to_hex)


def is_mired(
    die: int, movement_class: str, *, terrain_key: str | None = None, amphibious: bool = False
) -> bool:
    """Whether a mire roll mires the vehicle (17 Part II): 1-3 wheeled, 1-2 tracked.

    Amphibious vehicles add 1 to the roll in swamp, rivers, rice paddy or salt marsh.
    Foot units never mire.
    """
    threshold = MIRE_THRESHOLD.get(movement_class)
    if threshold is None:
        return False
    roll = die + (1 if amphibious and terrain_key in AMPHIBIOUS_MIRE_TERRAIN else 0)
    return roll <= threshold


def path_rolls(
    state: GameState, map_: Map, movers: Any, path: tuple[Hex, ...], entering: bool
) -> tuple[Hex, ...]:
    """The hexes of a move's path where its vehicles will roll for mire, shown before it is
    made (`movers.vehicles`: the motorized and mechanized among them)."""
    if MIRE_OPTION not in state.options or not movers.vehicles:
        return ()
    out = []
    if entering and mire_terrain_entry(map_, state, None, path[0]):
        out.append(path[0])
    for a, b in zip(path, path[1:], strict=False):
        if mire_terrain_entry(map_, state, a, b):
            out.append(b)
    return tuple(out)


def on_entering(state: st.GameState, movers, frm: Hex | None, dice: Any):
    """Roll for every vehicle that entered mire terrain; the mired stop (17 Part II)."""
    if MIRE_OPTION not in state.options:
        return state, [], []
    m, cat = game_map(state), catalogue_for(state)
    events: list[Event] = []
    stuck: list[str] = []
    for x in movers:
        u = state.units[x]
        if not u.on_map or not mire_roll_needed(m, state, x, frm, u.hex, catalogue=cat):
            continue
        (die,) = dice.roll(1, f"mire {x}")
        t = cat[u.type_id]
        bogged = is_mired(
            die, movement_class(u, catalogue=cat), terrain_key=m.terrain_key(u.hex),
            amphibious=bool(getattr(t, "amphibious", False)),
        )
        events.append(Event("mire_roll", side=u.side, units=(x,),
                            data={"hex": hex_label(state, u.hex), "roll": die, "mired": bogged}))
        if bogged:
            state = state.with_unit(replace(u, mired=MARKERS))
            stuck.append(x)
    return state, events, stuck


def marker_removal(state: st.GameState, dice: Any) -> tuple[st.GameState, list[Event]]:
    """Marker Removal Phase: one mire marker off each mired unit; at the last, re-roll
    (17 Part II, D-MIRE-2)."""
    m, cat = game_map(state), catalogue_for(state)
    events: list[Event] = []
    changed = {}
    for uid in sorted(state.units):
        u = state.units[uid]
        if not u.mired or not u.on_map:
            continue
        if u.mired > 1:
            changed[uid] = replace(u, mired=u.mired - 1)
            continue
        (die,) = dice.roll(1, f"mire {uid}")
        t = cat[u.type_id]
        again = is_mired(
            die, movement_class(u, catalogue=cat), terrain_key=m.terrain_key(u.hex),
            amphibious=bool(getattr(t, "amphibious", False)),
        )
        changed[uid] = replace(u, mired=MARKERS if again else 0)
        events.append(Event("mire_roll", side=u.side, units=(uid,),
                            data={"hex": hex_label(state, u.hex), "roll": die, "mired": again}))
    return (state.with_units(changed) if changed else state), events


def _on_entering(state, movers, stopped, dice, first, frm):
    return on_entering(state, [x for x in movers if x not in stopped], frm, dice)


def _marker_removal(state, dice):
    if MIRE_OPTION not in state.options:
        return state, []
    return marker_removal(state, dice)


PLUGIN = Plugin(
    "mire", on_entering=_on_entering, marker_removal=_marker_removal, path_rolls=path_rolls
)
