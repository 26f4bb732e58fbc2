"""Stacking (4.1-4.5, D6): what a hex may hold, and the count the fire shift uses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from movement_world import CATALOGUE, at, board, state, unit

from games.rules.panzer_grenadier.core.stacking import (
    COMBAT_UNIT_LIMIT,
    TRANSPORT_LIMIT,
    combat_units_in,
    side_counts_by_hex,
    stacking_problem,
)

CASES = json.loads((Path(__file__).parents[2] / "data" / "stacking_cases.json").read_text())[
    "cases"
]
MAP = board(["....", "...."])


def _state(case):
    units = []
    for u in case["units"]:
        extra = {k: u[k] for k in ("status", "carried_by", "eliminated") if k in u}
        hex_ = at(MAP, u.get("hex", "0101"))
        units.append(unit(u["id"], u["type"], hex_, side=u.get("side", "axis"), **extra))
    return state(units)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_stacking_case(case):
    """Each case of tests/data/stacking_cases.json, under the rule section it names."""
    assert case["rule"].startswith("4.")
    s = _state(case)
    problem = stacking_problem(s, at(MAP, "0101"), case["adding"], catalogue=CATALOGUE)
    if case["problem"] is None:
        assert problem is None
    else:
        assert problem is not None and f"({case['problem']}" in problem
    assert combat_units_in(s, at(MAP, "0101"), catalogue=CATALOGUE) == case["combat_units"]


def test_D6_limits_are_three_combat_units_and_three_transports():
    assert COMBAT_UNIT_LIMIT == 3
    assert TRANSPORT_LIMIT == 3


def test_D6_unloading_in_place_never_breaks_stacking():
    """A loaded truck adds exactly its cargo, so three loaded trucks may all unload."""
    units = []
    for i in range(3):
        units.append(unit(f"t{i}", "truck", at(MAP, "0201")))
        units.append(unit(f"p{i}", "rifle5", at(MAP, "0201"), carried_by=f"t{i}"))
    s = state(units)
    moving = [u.id for u in units]
    assert stacking_problem(s, at(MAP, "0101"), moving, catalogue=CATALOGUE) is None
    assert combat_units_in(s, at(MAP, "0201"), catalogue=CATALOGUE) == 3


def test_combat_units_in_counts_one_side_when_asked():
    s = state(
        [
            unit("a", "rifle5", at(MAP, "0101")),
            unit("x", "rifle5", at(MAP, "0101"), side="allies"),
            unit("y", "tank", at(MAP, "0101"), side="allies"),
        ]
    )
    h = at(MAP, "0101")
    assert combat_units_in(s, h, catalogue=CATALOGUE) == 3  # the fire shift counts the hex
    assert combat_units_in(s, h, catalogue=CATALOGUE, side="allies") == 2


def test_side_counts_by_hex_indexes_the_state_once_leaving_out_movers():
    s = state(
        [
            unit("a", "rifle5", at(MAP, "0101")),
            unit("b", "truck", at(MAP, "0101")),
            unit("l", "lt", at(MAP, "0101")),
            unit("c", "rifle5", at(MAP, "0201")),
            unit("x", "rifle5", at(MAP, "0201"), side="allies"),
        ]
    )
    counts = side_counts_by_hex(s, "axis", catalogue=CATALOGUE, excluding=["c"])
    assert counts == {at(MAP, "0101"): (1, 1)}


def test_the_refusal_names_the_rule_and_the_numbers():
    s = state(
        [unit(f"s{i}", "rifle5", at(MAP, "0101")) for i in range(3)]
        + [unit("n", "hmg", at(MAP, "0201"))]
    )
    problem = stacking_problem(s, at(MAP, "0101"), ["n"], catalogue=CATALOGUE)
    assert problem is not None and "4 combat units" in problem and "4.1" in problem
