"""What combat asks of the map and the counters: terrain, LOS, markers, carriers (7.0).

The one place the combat procedures read the terrain chart, line of sight, spotting and the
transport relations, so a change in those modules touches only this file.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ...common.hexgrid import Hex, distance
from ..core.los import line_of_sight
from ..core.spotting import can_spot, conditions_of
from ..core.state import DEMORALIZED, DISRUPTED, GOOD, GameState, UnitState
from ..core.state import supply_level as _supply_level
from ..core.terrain import TerrainType, hill_move_extra
from ..core.transport import is_crossing_with_engineers as _crossing
from ..core.transport import passengers_of as _passengers

STATUS_ORDER = {GOOD: 0, DISRUPTED: 1, DEMORALIZED: 2}

__all__ = ["Hex", "distance"]


# -- hexes and terrain -------------------------------------------------------------------


def label(game_map: Any, h: Hex | None) -> str | None:
    """The printed label of a hex ("A0305"); `q,r` off a map."""
    if h is None:
        return None
    if game_map is not None and hasattr(game_map, "label"):
        try:
            return game_map.label(h)
        except ValueError:
            pass
    return f"{h.q},{h.r}"


def terrain(game_map: Any, h: Hex) -> TerrainType:
    return game_map.terrain(h)


def terrain_key(game_map: Any, h: Hex) -> str:
    return game_map.terrain_key(h)


def is_town(game_map: Any, h: Hex) -> bool:
    return terrain_key(game_map, h) == "town"


def is_woods(game_map: Any, h: Hex) -> bool:
    return terrain_key(game_map, h) in ("light_woods", "heavy_woods")


def is_major_river(game_map: Any, h: Hex) -> bool:
    return terrain_key(game_map, h) == "major_river"


def is_hill(game_map: Any, h: Hex) -> bool:
    return game_map.is_hill(h)


def elevation(game_map: Any, h: Hex) -> int:
    return game_map.elevation(h)


def on_map(game_map: Any, h: Hex) -> bool:
    return game_map.contains(h)


def neighbors(game_map: Any, h: Hex) -> tuple[Hex, ...]:
    return game_map.neighbors(h)


def move_cost(game_map: Any, h: Hex, movement_class: str) -> Fraction | None:
    """MP to enter a hex off-road (5.1), hill extra included; None if prohibited."""
    cost = terrain(game_map, h).move_cost(movement_class)
    if cost is None:
        return None
    return cost + (hill_move_extra(movement_class) if is_hill(game_map, h) else 0)


def can_see(game_map: Any, state: GameState, observer: UnitState, target_hex: Hex) -> bool:
    """Whether a unit can spot a hex: spotting range and line of sight, with the turn's night,
    smoke and illumination (8.1-8.4, D11, D18)."""
    return bool(spot(game_map, state, observer, target_hex))


def spot(game_map: Any, state: GameState, observer: UnitState, target_hex: Hex) -> Any:
    """`can_see` with its reason: the `spotting.SpotResult` (why not, and the range)."""
    assert observer.hex is not None
    return can_spot(game_map, observer.hex, target_hex, conditions=conditions_of(state))


def spot_rule(result: Any) -> str:
    """The section a failed spotting answers to: 8.4 when terrain blocks the line of sight,
    else 8.1 (spotting range, night, smoke)."""
    return "8.4" if result.blocking_hex is not None or "blocked" in result.reason else "8.1"


def has_line_of_sight(game_map: Any, state: GameState, observer: UnitState, target_hex: Hex) -> bool:
    """Whether a unit has a line of sight to a hex, at any range (8.4; smoke blocks, D18)."""
    assert observer.hex is not None
    smoke = frozenset(h for h, m in state.markers.items() if "smoke" in m)
    return bool(line_of_sight(game_map, observer.hex, target_hex, smoke=smoke).clear)


# -- markers -------------------------------------------------------------------------


def has_entrenchment(state: GameState, h: Hex) -> bool:
    return "entrenchment" in state.markers_at(h)


def has_minefield_of(state: GameState, h: Hex, side: str) -> bool:
    return f"minefield:{side}" in state.markers_at(h)


ASSAULT_MARKER = "assault:"


def assault_attacker(state: GameState, h: Hex) -> str | None:
    """The side that started the assault going on in a hex (its "assault:<side>" marker)."""
    for m in state.markers_at(h):
        if m.startswith(ASSAULT_MARKER):
            return m[len(ASSAULT_MARKER) :]
    return None


def with_markers(
    state: GameState, h: Hex, add: Iterable[str] = (), remove: Iterable[str] = ()
) -> GameState:
    current = set(state.markers_at(h))
    new = (current - set(remove)) | set(add)
    markers = {k: v for k, v in state.markers.items() if k != h}
    if new:
        markers[h] = frozenset(new)
    return replace(state, markers=markers)


# -- carriers (5.6) ----------------------------------------------------------------------


def carrier_of(state: GameState, unit: UnitState) -> UnitState | None:
    if unit.carried_by is None:
        return None
    return state.units.get(unit.carried_by)


def passengers_of(state: GameState, carrier_id: str) -> tuple[UnitState, ...]:
    """Units carried by a transport or riding an AFV, in id order (5.6)."""
    return _passengers(state, carrier_id)


def is_passenger(state: GameState, unit: UnitState, catalogue: Any) -> bool:
    """Carried inside a transport (truck, wagon, prime mover, APC): it shares its carrier's fate."""
    carrier = carrier_of(state, unit)
    return carrier is not None and catalogue[carrier.type_id].is_transport


def is_rider(state: GameState, unit: UnitState, catalogue: Any) -> bool:
    """Riding an AFV (5.6): exposed, fired on in its own right (D-COMBAT-RIDERS)."""
    carrier = carrier_of(state, unit)
    return carrier is not None and not catalogue[carrier.type_id].is_transport


def is_crossing_with_engineers(
    game_map: Any, state: GameState, unit: UnitState, catalogue: Any
) -> bool:
    """Crossing a river with engineer help (5.7)."""
    return bool(_crossing(game_map, state, unit, catalogue=catalogue))


def supply_level(state: GameState, who: UnitState | str) -> str:
    """Logistics (17.10): "", "shortfall" or "critical" for a unit (its player's level in
    team games, D-LOG-3) or a side."""
    return _supply_level(state, who)
