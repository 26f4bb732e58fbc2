"""Logistics shortfall in movement (17.10, D-LOG-2): motorized and mechanized MA -2."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.core.move_step import movement_allowance
from games.rules.panzer_grenadier.core.registry import catalogue_for
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from tests.rules.panzer_grenadier.turnkit import started, unit


def shortfall(s, level="shortfall"):
    return replace(s, supply={**s.supply, "ge": level})


def test_d_log_2_a_shortfall_takes_two_mp_from_motorized_and_mechanized_units_only():
    s = started([unit("ge-t", "ge_truck", "ge", "A0102", steps=1),
                 unit("ge-r", "ge_rifle", "ge", "A0103"), unit("su-1", "su_rifle", "su", "A1510")])
    cat = catalogue_for(s)
    t, r = s.units["ge-t"], s.units["ge-r"]
    assert movement_allowance(t, catalogue=cat, state=s) == Fraction(8)
    for level in ("shortfall", "critical"):
        short = shortfall(s, level)
        assert movement_allowance(t, catalogue=cat, state=short) == Fraction(6)
        assert movement_allowance(r, catalogue=cat, state=short) == Fraction(5)


def test_d_log_2_a_truck_in_shortfall_reaches_fewer_hexes_and_is_refused_the_farthest():
    s = started([unit("ge-t", "ge_truck", "ge", "A0303", steps=1),
                 unit("su-1", "su_rifle", "su", "A1510")])
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-t"},
              ScriptedDice.of()).state

    def ends(state):
        return {tuple(c["path"]) for c in legal_commands(state, "ge-1").get("move", [])}

    full, short = ends(s), ends(shortfall(s))
    assert short and short < full
    far = sorted(full - short, key=len)[0]
    with pytest.raises(IllegalCommand) as exc:
        apply(shortfall(s), "ge-1", {"type": "move", "unit": "ge-t", "path": list(far)},
              ScriptedDice.of(*[6] * 9))
    assert exc.value.rule == "5.1"
