"""Load and check scenarios, and build a game's opening state from one (0.0, 3.0, 16.5, 17).

A scenario file (games/data/scenarios/<id>.json, schema games/rules/panzer_grenadier/data/scenario.schema.json)
names its boards, sides, forces, turns, victory conditions, optional-rule defaults and
special rules. `load_scenario` checks it against the schema and then against the map and the
unit catalogue, and raises `ScenarioError` listing every problem by path
(`units[12].hex: 'B0911' is not on the map`), never just the first.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from ...common import passed_checks
from ...common.hexgrid import Hex
from .scenario_checks import Checker
from .scenario_model import (
    EDGES,
    OPTIONAL_RULES,
    Decision,
    ExitCondition,
    Formation,
    HexObjective,
    Increment,
    LossCondition,
    Placement,
    Scenario,
    ScenarioError,
    ScenarioMarker,
    Side,
    SpecialRule,
    Victory,
)
from .scenario_schema import SCHEMA_PATH, schema_problems
from .setup_areas import area_units, setup_order
from .state import INITIATIVE, SETUP, GameState, SeatState, SideState, UnitState, sector_seats
from .units import catalogue

__all__ = [
    "EDGES",
    "OPTIONAL_RULES",
    "SCENARIO_DIR",
    "SCHEMA_PATH",
    "Decision",
    "ExitCondition",
    "Formation",
    "HexObjective",
    "Increment",
    "LossCondition",
    "Placement",
    "Scenario",
    "ScenarioError",
    "ScenarioMarker",
    "Side",
    "SpecialRule",
    "Victory",
    "bundled_scenarios",
    "initial_state",
    "load_scenario",
]

SCENARIO_DIR = Path(__file__).parents[3] / "data" / "scenarios"


def _is_personnel(t: Any) -> bool:
    return bool(getattr(t, "is_personnel", False))


def _is_weapon(t: Any) -> bool:
    return bool(getattr(t, "is_weapon", False))


def _read(source: Path | str | Mapping[str, Any]) -> tuple[Any, str]:
    if isinstance(source, Mapping):
        raw = source
        return raw, str(raw.get("id", "scenario"))
    path = Path(source)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError([f"{path.name}: cannot read: {exc.strerror}"], path.name) from None
    try:
        return json.loads(text), path.name
    except json.JSONDecodeError as exc:
        raise ScenarioError([f"{path.name}: not valid JSON: {exc}"], path.name) from None


def load_scenario(source: Path | str | Mapping[str, Any]) -> Scenario:
    """Read, check and build a scenario; ScenarioError lists every problem by path."""
    raw, name = _read(source)
    if isinstance(source, Mapping):  # a designer's document: checked in full each time
        problems = schema_problems(raw)
    else:  # a file: its schema pass may be remembered from an earlier start
        problems = passed_checks.schema_problems(SCHEMA_PATH, raw, schema_problems)
    if not isinstance(raw, Mapping):
        raise ScenarioError(problems or ["(top): expected an object"], name)
    checker = Checker(raw, catalogue())
    problems += checker.check()
    if problems:
        raise ScenarioError(problems, name)
    return checker.build()


@cache
def bundled_scenarios() -> dict[str, Scenario]:
    """Every scenario in games/data/scenarios, by id (loaded once)."""
    out = {}
    for path in sorted(SCENARIO_DIR.glob("*.json")):
        scen = load_scenario(path)
        out[scen.id] = scen
    return out


# -- the opening state ------------------------------------------------------------------------


def initial_state(
    scenario: Scenario,
    *,
    options: Iterable[str] | None = None,
    seats: Mapping[str, str] | Sequence[SeatState] | None = None,
) -> GameState:
    """The game state before turn 1's initiative phase (3.0).

    `options`: the optional rules in force; None takes the scenario's defaults. `seats`: None
    gives one seat per side (seat id = side id); a mapping seat id -> side id deals each
    side's formations round-robin to its seats (units outside a formation go to the first);
    or pass SeatState objects as they are.
    """
    chosen = scenario.default_options if options is None else frozenset(options)
    unknown = sorted(chosen - set(OPTIONAL_RULES))
    if unknown:
        raise ScenarioError([f"options: unknown optional rule {n!r}" for n in unknown], scenario.id)
    hidden_ok = bool(chosen & {"hidden_units", "double_blind"})
    dig_sides = {r.side for r in scenario.rules("dig_in_at_start")}
    hide_sides = {r.side for r in scenario.rules("hidden_at_start")}
    cat = scenario.catalogue
    placed_by_player = area_units(scenario)  # on the map once set up (D-SETUP-1)
    units = {}
    for p in scenario.units:
        ctype = cat[p.type_id]
        on_map = p.hex is not None or (p.carried_by or p.id) in placed_by_player
        digs = p.dug_in or (
            on_map
            and p.side in dig_sides
            and (_is_personnel(ctype) or _is_weapon(ctype))
            and p.carried_by is None
        )
        units[p.id] = UnitState(
            id=p.id,
            type_id=p.type_id,
            side=p.side,
            hex=p.hex,
            steps=p.steps,
            dug_in=bool(digs),
            carried_by=p.carried_by,
            hidden=hidden_ok and on_map and (p.hidden or p.side in hide_sides),
            entry_turn=p.entry_turn,
            entry_edge=p.entry_edge,
        )
    markers: dict[Hex, set[str]] = {}
    for mk in scenario.markers:
        markers.setdefault(mk.hex, set()).add(
            f"minefield:{mk.side}" if mk.marker == "minefield" else mk.marker
        )
    for obj in scenario.victory.hexes:
        if obj.holder is not None:
            markers.setdefault(obj.hex, set()).add(f"control:{obj.holder}")
    setting_up = setup_order(scenario)
    return GameState(
        scenario_id=scenario.id,
        turn=1,
        last_turn=scenario.turns,
        # Sides with set-up areas place their units before turn 1 (D-SETUP-1).
        phase=SETUP if setting_up else INITIATIVE,
        active_side=setting_up[0] if setting_up else None,
        sides=tuple(
            SideState(s.id, s.name, s.nationality, s.initiative, s.morale) for s in scenario.sides
        ),
        seats=_sectors(scenario, _seats(scenario, seats), chosen),
        units=units,
        options=chosen,
        night=1 in scenario.night_turns,
        markers={h: frozenset(v) for h, v in markers.items()},
    )


def _sectors(
    scenario: Scenario, seats: tuple[SeatState, ...], options: frozenset[str]
) -> tuple[SeatState, ...]:
    """With Sector Command (D-SECTOR-1), each side's seats take bands of the map's columns."""
    if "sector_command" not in options:
        return seats
    qs = [h.q for h in scenario.map.hexes]
    return sector_seats(seats, (min(qs), max(qs)))


def _seats(
    scenario: Scenario, seats: Mapping[str, str] | Sequence[SeatState] | None
) -> tuple[SeatState, ...]:
    if seats is None:
        seats = {s.id: s.id for s in scenario.sides}
    if not isinstance(seats, Mapping):
        return tuple(seats)
    problems = [
        f"seats.{seat}: unknown side {side!r}"
        for seat, side in seats.items()
        if side not in {s.id for s in scenario.sides}
    ]
    if problems:
        raise ScenarioError(problems, scenario.id)
    out = []
    for side in scenario.sides:
        mine = [seat for seat, sid in seats.items() if sid == side.id]
        if not mine:
            continue
        dealt: dict[str, set[str]] = {seat: set() for seat in mine}
        forms = [f for f in scenario.formations if f.side == side.id]
        for k, f in enumerate(forms):
            dealt[mine[k % len(mine)]].update(f.units)
        in_formation = {uid for f in forms for uid in f.units}
        dealt[mine[0]].update(
            p.id for p in scenario.units if p.side == side.id and p.id not in in_formation
        )
        out += [SeatState(id=seat, side=side.id, units=frozenset(dealt[seat])) for seat in mine]
    return tuple(out)
