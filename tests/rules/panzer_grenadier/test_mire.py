"""Mire, the optional rule (17 Part II, digest case 35, D-MIRE-2)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.combat.anti_tank import at_base
from games.rules.panzer_grenadier.combat.fire import ANTI_TANK, FireDeclaration
from games.rules.panzer_grenadier.core.registry import catalogue_for, game_map
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.optional.mire import is_mired, marker_removal
from tests.rules.panzer_grenadier.turnkit import at, started, unit

OPT = ("mire",)


def drive(type_id, die, options=OPT):
    """A vehicle drives from clear A0302 into light woods A0303 (mire potential)."""
    s = started([unit("ge-v", type_id, "ge", "A0302", steps=1 if type_id == "ge_truck" else 2),
                 unit("su-1", "su_rifle", "su", "A1510")], options=options)
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-v"},
              ScriptedDice.of()).state
    return apply(s, "ge-1", {"type": "move", "unit": "ge-v", "path": ["A0303"]},
                 ScriptedDice.of(die))


def test_case_35_a_truck_entering_woods_on_a_3_is_mired_and_stops():
    step = drive("ge_truck", 3)
    roll = next(e for e in step.events if e.type == "mire_roll")
    assert roll.data == {"hex": "A0303", "roll": 3, "mired": True}
    assert step.state.units["ge-v"].mired == 3
    assert step.state.activation is None  # its move ended there: nothing else to do


def test_case_35_a_tank_entering_woods_on_a_3_is_not_mired():
    step = drive("ge_pz_iv", 3)
    assert next(e for e in step.events if e.type == "mire_roll").data["mired"] is False
    assert step.state.units["ge-v"].mired == 0


def test_without_the_option_nobody_rolls_for_mire():
    step = drive("ge_truck", 1, options=())
    assert not any(e.type == "mire_roll" for e in step.events)


def test_d_mire_2_a_mired_vehicle_may_not_move():
    s = drive("ge_truck", 1).state
    s = replace(s, units={**s.units, "ge-v": replace(s.units["ge-v"], moved_fired=False)})
    s = replace(s, active_side="ge", activation=None)
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-v"},
              ScriptedDice.of()).state
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", {"type": "move", "unit": "ge-v", "path": ["A0304"]}, ScriptedDice.of(6))
    assert exc.value.rule == "17"


@pytest.mark.parametrize(("die", "left"), [(4, 0), (3, 3)])
def test_d_mire_2_one_marker_a_phase_then_a_reroll_on_the_third(die, left):
    s = drive("ge_truck", 1).state
    s, ev = marker_removal(s, ScriptedDice.of())
    assert s.units["ge-v"].mired == 2 and not ev
    s, ev = marker_removal(s, ScriptedDice.of())
    assert s.units["ge-v"].mired == 1
    s, ev = marker_removal(s, ScriptedDice.of(die))
    assert s.units["ge-v"].mired == left and ev[0].data["roll"] == die


def test_17_mired_armor_is_one_less():
    s = started([unit("ge-pz", "ge_pz_iv", "ge", "A0303"),
                 unit("su-t", "su_t34_76", "su", "A0306")], options=OPT)
    decl = FireDeclaration(firers=("su-t",), target_hex=at("A0303"), kind=ANTI_TANK,
                           target_unit="ge-pz")
    m, cat = game_map(s), catalogue_for(s)
    _, armor, _, _ = at_base(m, s, decl, cat)
    mired = replace(s, units={**s.units, "ge-pz": replace(s.units["ge-pz"], mired=3)})
    assert at_base(m, mired, decl, cat)[1] == armor - 1


def test_17_an_assault_against_a_mired_unit_gets_plus_1():
    from games.rules.panzer_grenadier.combat.assault import AssaultSituation, assault_shifts

    s = started([unit("ge-pz", "ge_pz_iv", "ge", "A0303", mired=3),
                 unit("su-1", "su_rifle", "su", "A0303")], options=OPT)
    m, cat = game_map(s), catalogue_for(s)
    sit = AssaultSituation(hex=at("A0303"), attacker="su", first_round=True)
    reasons = {x.reason for x in assault_shifts(m, s, cat, sit, "su")}
    assert "assault against a mired unit" in reasons
    dry = replace(s, units={**s.units, "ge-pz": replace(s.units["ge-pz"], mired=0)})
    assert "assault against a mired unit" not in {x.reason for x in
                                                  assault_shifts(m, dry, cat, sit, "su")}


def test_the_catalogue_reads_amphibious_and_an_amphibious_vehicle_adds_1_in_swamp():
    from games.rules.panzer_grenadier.core.units import unit_type_from_dict

    raw = {"id": "x_amph", "name": "amphibious truck", "nationality": "soviet", "kind": "truck",
           "movement_class": "motorized", "steps": 1, "full": {"movement": 8}}
    assert not unit_type_from_dict(raw).amphibious
    assert unit_type_from_dict({**raw, "amphibious": True}).amphibious
    # case 35: 2 + 1 = 3 in swamp mires a wheeled amphibian, not a tracked one
    assert is_mired(2, "motorized", terrain_key="swamp", amphibious=True)
    assert not is_mired(2, "mechanized", terrain_key="swamp", amphibious=True)


def test_a_mired_unit_shows_its_mire_markers_in_the_view():
    from games.rules.panzer_grenadier.views import view_for

    s = drive("ge_truck", 1).state
    mine = next(u for u in view_for(s, ("side", "ge"))["units"] if u["id"] == "ge-v")
    assert mine["mired"] == 3
