"""Spotting: range and LOS from an observer hex to a target hex (8.1-8.4, 17 Hidden Units).

- 8.1: 12 hexes by day; +6 hexes per 20 m level the spotter is above the target; a
  spotter in town counts one level higher.
- 8.2 / D10: a target in limiting terrain (woods, town, field, hill hex) is spotted
  from at most 3 hexes, in swamp from 1, whatever the height bonus.
- D11: at night the range is 2 hexes (caps still apply); a target in or within
  ILLUMINATION_RADIUS hexes of an illumination marker is spotted as by day.
- 17 Hidden Units / D13: a hidden target is spotted at 1/4 of the range it would
  otherwise have, rounded down, minimum 1.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from ...common.hexgrid import Hex, distance
from ...common.per_state import PerState
from .los import line_of_sight
from .maps import Map
from .state import GameState
from .terrain import CHART

DAY_RANGE = 12
HEXES_PER_LEVEL = 6
NIGHT_RANGE = 2
ILLUMINATION_RADIUS = 2


@dataclass(frozen=True, slots=True)
class Conditions:
    """Turn-wide conditions that affect spotting."""

    night: bool = False
    smoke: frozenset[Hex] = frozenset()
    illumination: frozenset[Hex] = frozenset()


_CONDITIONS = PerState(kept=4)


def conditions_of(state: GameState) -> Conditions:
    """The state's night and its smoke and illumination markers, worked out once per state."""

    def build() -> Conditions:
        smoke = frozenset(h for h, mk in state.markers.items() if "smoke" in mk)
        light = frozenset(h for h, mk in state.markers.items() if "illumination" in mk)
        return Conditions(night=state.night, smoke=smoke, illumination=light)

    return _CONDITIONS.get(state, None, build)


@dataclass(frozen=True, slots=True)
class TargetContext:
    """Facts about the target unit, not its hex."""

    hidden: bool = False


@dataclass(frozen=True, slots=True)
class SpotResult:
    """Can the observer spot the target hex; if not, why; and the range that applied."""

    ok: bool
    reason: str
    range: int
    blocking_hex: Hex | None = None

    def __bool__(self) -> bool:
        return self.ok


def is_illuminated(target_hex: Hex, illumination: Collection[Hex]) -> bool:
    """True if an illumination marker is within ILLUMINATION_RADIUS of the hex (D11)."""
    return any(distance(target_hex, h) <= ILLUMINATION_RADIUS for h in illumination)


def target_cap(m: Map, target_hex: Hex) -> tuple[int | None, str]:
    """The limiting-terrain cap on spotting a unit in this hex (8.2), with its name."""
    t = m.terrain(target_hex)
    caps: list[tuple[int, str]] = []
    if t.spotting_cap is not None:
        caps.append((t.spotting_cap, t.name.lower() if t.spotting_cap == 1 else "limiting terrain"))
    if m.is_hill(target_hex):
        caps.append((CHART.hill_spotting_cap, "limiting terrain"))
    if not caps:
        return None, ""
    return min(caps)


def spotting_range(
    m: Map,
    observer_hex: Hex,
    target_hex: Hex,
    *,
    hidden: bool = False,
    night: bool = False,
    illumination: Collection[Hex] = frozenset(),
) -> tuple[int, str]:
    """The spotting range from observer to target hex and a phrase saying what set it (8.1, 8.2)."""
    if night and not is_illuminated(target_hex, illumination):
        rng, why = NIGHT_RANGE, f"night allows {NIGHT_RANGE}"
    else:
        above = (
            m.elevation(observer_hex)
            + m.terrain(observer_hex).spotter_level_bonus
            - m.elevation(target_hex)
        )
        if above > 0:
            rng = DAY_RANGE + HEXES_PER_LEVEL * above
            why = f"{20 * above} m above the target allows {rng}"
        else:
            rng, why = DAY_RANGE, f"clear terrain allows {DAY_RANGE}"
    cap, cap_name = target_cap(m, target_hex)
    if cap is not None and cap < rng:  # D10: the cap beats any height bonus
        rng, why = cap, f"{cap_name} allows {cap}"
    if hidden:
        hidden_rng = max(1, rng // 4)
        why = f"hidden unit: 1/4 of {rng} allows {hidden_rng}"
        rng = hidden_rng
    return rng, why


def can_spot(
    m: Map,
    observer_hex: Hex,
    target_hex: Hex,
    *,
    target: TargetContext = TargetContext(),  # noqa: B008 - frozen, safe to share
    conditions: Conditions = Conditions(),  # noqa: B008
) -> SpotResult:
    """Can a unit in observer_hex spot a unit in target_hex (8.1-8.4)? Says why not."""
    for h in (observer_hex, target_hex):
        if not m.contains(h):
            raise ValueError(f"{h!r} is not on the map")
    rng, why = spotting_range(
        m,
        observer_hex,
        target_hex,
        hidden=target.hidden,
        night=conditions.night,
        illumination=conditions.illumination,
    )
    d = distance(observer_hex, target_hex)
    if d > rng:
        return SpotResult(False, f"out of range: {d} hexes, {why}", rng)
    los = line_of_sight(m, observer_hex, target_hex, smoke=conditions.smoke)
    if not los.clear:
        return SpotResult(False, los.reason, rng, los.blocking_hex)
    return SpotResult(True, f"spotted at {d} hex{'' if d == 1 else 'es'} ({why})", rng)
