"""Extended Assault (optional 17.5, D-EXT-1): tank-led AFVs assault from two or three hexes."""

from __future__ import annotations

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from tests.rules.panzer_grenadier.turnkit import started, unit

CHARGE = {"type": "assault", "units": ["ge-pz"], "target": "A0108",
          "path": ["A0106", "A0107", "A0108"]}
DICE = [6, 6, 6, 6, 1, 1, 1, 1] * 6


def led(*extra, options=("extended_assault",), leader="ge_ldr_tank_lt", kind="leader"):
    """A Panzer platoon and a leader in A0105, a Soviet rifle platoon three hexes south."""
    s = started([unit("ge-pz", "ge_pz_iv", "ge", "A0105"),
                 unit("ge-ldr", leader, "ge", "A0105"),
                 unit("su-1", "su_rifle", "su", "A0108"), *extra], options=options)
    act = ({"type": "activate", "kind": "leader", "unit": "ge-ldr"} if kind == "leader"
           else {"type": "activate", "kind": "unit", "unit": "ge-pz"})
    return apply(s, "ge-1", act, ScriptedDice.of()).state


def charge(s, cmd=CHARGE):
    """Apply the charge, declining every opportunity-fire window on the way."""
    step = apply(s, "ge-1", cmd, ScriptedDice.of(*DICE))
    events = list(step.events)
    while step.state.opfire is not None:
        step = apply(step.state, "su-1", {"type": "decline"}, ScriptedDice.of(*DICE))
        events += step.events
    return step.state, events


def test_d_ext_1_a_tank_led_panzer_assaults_from_three_hexes_along_its_line_of_sight():
    s = led()
    assert CHARGE in legal_commands(s, "ge-1")["assault"]
    s2, events = charge(s)
    kinds = [e.type for e in events]
    assert kinds[0] == "extended_assault" and events[0].data["target"] == "A0108"
    assert kinds.count("moved") == 3
    assert any("assault" in k and k != "extended_assault" for k in kinds), kinds


def test_d_ext_1_enemy_units_may_opportunity_fire_at_each_hex_before_the_assault_hex():
    s = led()
    step = apply(s, "ge-1", CHARGE, ScriptedDice.of(*DICE))
    assert step.state.opfire is not None and step.state.opfire.side == "su"
    assert step.state.units["ge-pz"].hex != step.state.units["su-1"].hex


def test_d_ext_1_without_the_option_an_assault_path_is_refused_and_not_offered():
    s = led(options=())
    assert all("path" not in c for c in legal_commands(s, "ge-1").get("assault", []))
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", CHARGE, ScriptedDice.of(*DICE))
    assert exc.value.rule == "17.5"


def test_d_ext_1_a_path_off_the_line_of_sight_is_refused():
    s = led()
    bent = {**CHARGE, "path": ["A0206", "A0107", "A0108"]}
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", bent, ScriptedDice.of(*DICE))
    assert "line of sight" in str(exc.value)


def test_d_ext_1_an_infantry_leader_or_no_leader_does_not_allow_it():
    for s in (led(leader="ge_ldr_lt_a"), led(kind="unit")):
        assert all("path" not in c for c in legal_commands(s, "ge-1").get("assault", []))
        with pytest.raises(IllegalCommand) as exc:
            apply(s, "ge-1", CHARGE, ScriptedDice.of(*DICE))
        assert "tank leader" in str(exc.value)


def test_d_ext_1_a_tank_carrying_riders_may_not_make_it():
    s = led(unit("ge-rider", "ge_rifle", "ge", "A0105", carried_by="ge-pz"))
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", CHARGE, ScriptedDice.of(*DICE))
    assert "riders" in str(exc.value)


def test_d_ext_1_assaulted_units_with_enemies_already_in_their_hex_do_not_opportunity_fire():
    # A German rifle platoon is already fighting in A0108: su-1 may not fire at the charge.
    s = led(unit("ge-inf", "ge_rifle", "ge", "A0108"))
    step = apply(s, "ge-1", CHARGE, ScriptedDice.of(*DICE))
    assert step.state.opfire is None
    assert step.events[0].type == "extended_assault"


def test_d_ext_1_a_loaded_apc_charges_and_its_passengers_may_not_unload_this_activation():
    cmd = {**CHARGE, "units": ["ge-apc"], "path": ["A0106", "A0107"], "target": "A0107"}
    s = started([unit("ge-apc", "ge_sdkfz_251", "ge", "A0105", steps=1),
                 unit("ge-inf", "ge_rifle", "ge", "A0105", carried_by="ge-apc"),
                 unit("ge-ldr", "ge_ldr_tank_lt", "ge", "A0105"),
                 unit("su-1", "su_rifle", "su", "A0107"),
                 unit("su-2", "su_rifle", "su", "A1510")], options=("extended_assault",))
    s = apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-ldr"},
              ScriptedDice.of()).state
    assert cmd in legal_commands(s, "ge-1")["assault"]
    step = apply(s, "ge-1", cmd, ScriptedDice.of(*DICE))
    s2 = step.state
    while s2.opfire is not None:
        s2 = apply(s2, "su-1", {"type": "decline"}, ScriptedDice.of(*DICE)).state
    assert s2.activation is not None and "ge-inf" in s2.activation.extended_assault
    assert "unload" not in legal_commands(s2, "ge-1")
    with pytest.raises(IllegalCommand) as exc:
        apply(s2, "ge-1", {"type": "unload", "unit": "ge-inf"}, ScriptedDice.of())
    assert exc.value.rule == "17.5"


def test_d_ext_1_the_charge_survives_a_save_and_load():
    from games.rules.panzer_grenadier.core.serialize import state_from_json, state_to_json

    s = led()
    step = apply(s, "ge-1", CHARGE, ScriptedDice.of(*DICE))
    back = state_from_json(state_to_json(step.state))
    assert back == step.state and back.activation.extended_assault
