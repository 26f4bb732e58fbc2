"""Find the scenario (map, catalogue, victory conditions) a game state belongs to.

The state carries only `scenario_id`; everything static about the game (its map, its
counters, its turn record, its victory conditions) lives on the Scenario. Bundled scenarios
are found by id; a scenario loaded from an export file (the verifier) or built by a test is
registered here first. One lookup, so no module reaches for scenario data another way.
"""

from __future__ import annotations

from typing import Any

from ...common.hexgrid import Hex
from .scenario import bundled_scenarios
from .units import CounterType, catalogue

_REGISTERED: dict[str, Any] = {}
_FOUND: dict[str, Any] = {}  # bundled scenarios already looked up (they never change)


def register_scenario(scenario: Any) -> None:
    """Make a scenario (with `.id`) findable by `scenario_for` (exports, tests)."""
    _REGISTERED[scenario.id] = scenario


def unregister_scenario(scenario_id: str) -> None:
    _REGISTERED.pop(scenario_id, None)


def registered_scenarios() -> dict[str, Any]:
    """The scenarios registered by id (an export being verified, a test's own)."""
    return dict(_REGISTERED)


def _bundled() -> dict[str, Any]:
    return bundled_scenarios()


def scenario_for(state_or_id: Any) -> Any:
    """The Scenario a state (or scenario id) belongs to; KeyError naming it if unknown."""
    sid = state_or_id if isinstance(state_or_id, str) else state_or_id.scenario_id
    if sid in _REGISTERED:
        return _REGISTERED[sid]
    if sid in _FOUND:
        return _FOUND[sid]
    bundled = _bundled()
    if sid in bundled:
        _FOUND[sid] = bundled[sid]
        return bundled[sid]
    raise KeyError(f"unknown scenario {sid!r}")


def counter_type(state: Any, type_id: str) -> CounterType:
    """A counter's printed values: the scenario's own catalogue first, then the bundled one."""
    try:
        scen = scenario_for(state)
    except KeyError:
        scen = None
    cat = getattr(scen, "catalogue", None)
    if cat is not None and type_id in cat:
        return cat[type_id]
    return catalogue()[type_id]


def catalogue_for(state: Any) -> Any:
    """The scenario's catalogue (the bundled one when the scenario has none)."""
    try:
        cat = getattr(scenario_for(state), "catalogue", None)
    except KeyError:
        cat = None
    return cat if cat is not None else catalogue()


def game_map(state: Any) -> Any:
    """The scenario's Map, or None when the scenario has none (bare test states)."""
    try:
        return getattr(scenario_for(state), "map", None)
    except KeyError:
        return None


def hex_label(state: Any, h: Hex | None) -> str | None:
    """The printed label of a hex (`A0305`), or `q,r` when the state has no map."""
    if h is None:
        return None
    m = game_map(state)
    if m is not None and hasattr(m, "label"):
        labels = _labels(m)
        text = labels.get(h)
        if text is None:
            text = labels[h] = m.label(h)
        return text
    return f"{h.q},{h.r}"


def hex_labels(state: Any, hexes: Any) -> list[str]:
    """`hex_label` of each hex, finding the map once (a move's path, every offer's path)."""
    m = game_map(state)
    if m is None or not hasattr(m, "label"):
        return [f"{h.q},{h.r}" for h in hexes]
    labels = _labels(m)
    out = []
    for h in hexes:
        text = labels.get(h)
        if text is None:
            text = labels[h] = m.label(h)
        out.append(text)
    return out


_LABELS: dict[int, tuple[Any, dict]] = {}


def _labels(m: Any) -> dict:
    """Labels already computed for a map (maps never change once built)."""
    hit = _LABELS.get(id(m))
    if hit is None or hit[0] is not m:
        hit = _LABELS[id(m)] = (m, {})
    return hit[1]


def parse_hex(state: Any, label: str) -> Hex:
    """The hex a label names; ValueError if the map has no such hex."""
    m = game_map(state)
    if m is not None and hasattr(m, "parse_label"):
        h = m.parse_label(label)
        if hasattr(m, "contains") and not m.contains(h):
            raise ValueError(f"{label!r} is not on the map")
        return h
    try:
        q, r = (int(x) for x in label.split(","))
    except (ValueError, AttributeError):
        raise ValueError(f"{label!r} is not a hex label") from None
    return Hex(q, r)
