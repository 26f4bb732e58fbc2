"""Spotting range and LOS (8.1, 8.2, 8.4, 17 Hidden Units; D10, D11, D18) on data-driven cases."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from games.rules.panzer_grenadier.core.maps import Map, load_board
from games.rules.panzer_grenadier.core.spotting import (
    ILLUMINATION_RADIUS,
    NIGHT_RANGE,
    Conditions,
    TargetContext,
    can_spot,
    spotting_range,
)

DATA = Path(__file__).parents[2] / "data"
CASES = json.loads((DATA / "spotting_cases.json").read_text())["cases"]


@cache
def board_map(name: str) -> Map:
    return Map.from_board(load_board(DATA / "boards" / f"{name}.json"))


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['section']} {c['name']}")
def test_spotting_case(case):
    m = board_map(case["board"])
    labels = lambda key: frozenset(m.parse_label(x) for x in case.get(key, ()))  # noqa: E731
    result = can_spot(
        m,
        m.parse_label(case["from"]),
        m.parse_label(case["to"]),
        target=TargetContext(hidden=case.get("hidden", False)),
        conditions=Conditions(
            night=case.get("night", False),
            smoke=labels("smoke"),
            illumination=labels("illumination"),
        ),
    )
    assert result.ok is case["ok"], result.reason
    assert result.range == case["range"]
    if "reason" in case:
        assert result.reason == case["reason"]


def test_D10_the_limiting_terrain_cap_beats_the_height_bonus():
    """D10: a spotter 20 m above woods still sees it only from 3 hexes."""
    m = board_map("spot")
    rng, why = spotting_range(m, m.parse_label("A0103"), m.parse_label("A0305"))
    assert (rng, why) == (3, "limiting terrain allows 3")


def test_D11_night_range_and_illumination_radius():
    """D11: 2 hexes at night; illumination within 2 hexes of the target restores day range."""
    assert (NIGHT_RANGE, ILLUMINATION_RADIUS) == (2, 2)
    m = board_map("spot")
    observer, target = m.parse_label("A0202"), m.parse_label("A0502")
    assert spotting_range(m, observer, target, night=True)[0] == 2
    lit = frozenset({m.parse_label("A0503")})
    assert spotting_range(m, observer, target, night=True, illumination=lit)[0] == 12


def test_D11_caps_still_apply_at_night():
    """D11: a target in swamp at night is still spotted only from 1 hex."""
    m = board_map("spot")
    rng, _ = spotting_range(m, m.parse_label("A0604"), m.parse_label("A0705"), night=True)
    assert rng == 1


def test_hidden_units_at_night_are_spotted_only_when_adjacent():
    m = board_map("spot")
    rng, _ = spotting_range(
        m, m.parse_label("A0202"), m.parse_label("A0402"), night=True, hidden=True
    )
    assert rng == 1


def test_a_spot_result_is_truthy_only_when_spotted():
    m = board_map("spot")
    assert can_spot(m, m.parse_label("A0202"), m.parse_label("A0402"))
    assert not can_spot(m, m.parse_label("A0202"), m.parse_label("A1502"))
