"""Formation Activation, the optional rule (17.7, digest case 31, D-FORM-2)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.core.registry import register_scenario
from games.rules.panzer_grenadier.core.scenario_model import Formation
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from tests.rules.panzer_grenadier.turnkit import board_map, game, unit

OPT = ("formation_activation",)


@dataclass
class FormScenario:
    id: str
    formations: tuple
    date: str
    map: Any = field(default_factory=board_map)
    night_turns: tuple = ()
    victory: Any = None
    extra: dict = field(default_factory=dict)


def form_game(units, members, *, side="su", name="Guards Tank Brigade", date="1944-06-25",
              options=OPT, su_init=3, ge_init=2, dice=(1, 6)):
    """A started game whose formation `f1` holds `members`; the Soviets hold the initiative."""
    s = game(units, options=options, scenario_id="test-formation", su_init=su_init,
             ge_init=ge_init)
    register_scenario(FormScenario("test-formation", (Formation("f1", name, side, tuple(members)),),
                                   date))
    return apply(s, "ge-1", {"type": "roll_initiative"}, ScriptedDice.of(*dice)).state


def case_31_units(reduced=True):
    us = [
        unit("su-maj", "su_ldr_maj", "su", "A0202"),
        unit("su-lt", "su_ldr_lt_a", "su", "A0203"),
        unit("su-1", "su_rifle", "su", "A0202", steps=1 if reduced else 2),
        unit("su-2", "su_rifle", "su", "A0203"),
        unit("su-x1", "su_rifle", "su", None, steps=0, eliminated=True),
        unit("su-x2", "su_rifle", "su", None, steps=0, eliminated=True),
        unit("su-truck", "su_truck", "su", None, steps=0, eliminated=True),
        unit("ge-a", "ge_rifle", "ge", "A1510"),
    ]
    return us, ["su-maj", "su-lt", "su-1", "su-2"]


FORM = {"type": "activate", "kind": "formation", "formation": "f1"}


def test_case_31_a_roll_of_6_plus_2_is_8_and_activates_the_formation():
    """2 units lost (+2; the truck does not count), 1 unit reduced (+1), Guards 1944 (-1):
    6 -> 8 <= the Major's morale 8 (17.7, D-FORM-2)."""
    s = form_game(*case_31_units())
    step = apply(s, "su-1", FORM, ScriptedDice.of(3, 3))
    ev = next(e for e in step.events if e.type == "formation_activation")
    assert ev.data["total"] == 8 and ev.data["needed"] == 8 and ev.data["success"]
    a = step.state.activation
    assert a.kind == "formation" and a.formation == "f1" and a.leader == "su-maj"
    assert a.units == {"su-maj", "su-lt", "su-1", "su-2"} and not a.leaderless


def test_case_31_a_roll_of_7_fails_and_marks_only_the_formation_leaders_moved_fired():
    s = form_game(*case_31_units())
    step = apply(s, "su-1", FORM, ScriptedDice.of(3, 4))
    assert not next(e for e in step.events if e.type == "formation_activation").data["success"]
    u = step.state.units
    assert u["su-maj"].moved_fired and u["su-lt"].moved_fired
    assert not u["su-1"].moved_fired and not u["su-2"].moved_fired
    assert step.state.activation is None  # the segment is spent (D-FORM-2)


def test_d_form_2_without_a_step_lost_the_roll_gets_minus_1_and_germans_before_1945_too():
    us = [unit("ge-maj", "ge_ldr_maj", "ge", "A0505"), unit("ge-r", "ge_rifle", "ge", "A0505"),
          unit("su-a", "su_rifle", "su", "A1510")]
    s = form_game(us, ["ge-maj", "ge-r"], side="ge", name="Grenadiers", date="1943-07-05",
                  ge_init=3, su_init=2, dice=(6, 1))
    step = apply(s, "ge-1", FORM, ScriptedDice.of(5, 6))
    ev = next(e for e in step.events if e.type == "formation_activation")
    assert ev.data["total"] == 9 and ev.data["needed"] == 9 and ev.data["success"]
    assert {"reason": "German formation", "value": -1} in ev.data["modifiers"]


def test_the_guards_minus_1_names_the_soviet_guards_as_a_player_reads_them_not_a_key():
    """The modifier's reason is read in the log: 'Soviet Guards formation', never 'soviet'."""
    s = form_game(*case_31_units())
    step = apply(s, "su-1", FORM, ScriptedDice.of(3, 3))
    ev = next(e for e in step.events if e.type == "formation_activation")
    assert {"reason": "Soviet Guards formation", "value": -1} in ev.data["modifiers"]


def test_formation_units_are_all_marked_moved_fired_at_the_end_even_if_idle():
    s = form_game(*case_31_units())
    s = apply(s, "su-1", FORM, ScriptedDice.of(1, 1)).state
    s = apply(s, "su-1", {"type": "end_activation"}, ScriptedDice.of()).state
    assert all(s.units[u].moved_fired for u in ("su-maj", "su-lt", "su-1", "su-2"))


def test_formation_activation_is_offered_only_when_its_requirements_hold():
    s = form_game(*case_31_units())
    assert FORM in legal_commands(s, "su-1")["activate"]
    low_init = form_game(*case_31_units(), su_init=1, ge_init=0)
    assert FORM not in legal_commands(low_init, "su-1").get("activate", [])
    us, members = case_31_units()
    us[1] = unit("su-lt", "su_ldr_lt_a", "su", "A0506", status=st.DEMORALIZED)
    shaken = form_game(us, members)
    assert FORM not in legal_commands(shaken, "su-1").get("activate", [])
    with pytest.raises(IllegalCommand) as exc:
        apply(shaken, "su-1", FORM, ScriptedDice.of(1, 1))
    assert exc.value.rule == "17.7" and "demoralized" in str(exc.value)


def test_formation_activation_needs_a_major_or_above():
    us, members = case_31_units()
    us[0] = unit("su-maj", "su_ldr_cpt_a", "su", "A0505")
    s = form_game(us, members)
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "su-1", FORM, ScriptedDice.of(1, 1))
    assert "Major" in str(exc.value)


def test_without_the_option_formation_activation_is_refused_naming_17_7():
    s = form_game(*case_31_units(), options=())
    assert FORM not in legal_commands(s, "su-1").get("activate", [])
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "su-1", FORM, ScriptedDice.of(1, 1))
    assert exc.value.rule == "17.7"


def test_formation_activated_units_combine_fire_from_two_adjacent_hexes_without_a_leader():
    """The added benefit of 17.7: su-1 (A0202) and su-2 (A0203) fire together at one hex."""
    us, members = case_31_units(reduced=False)
    us[-1] = unit("ge-a", "ge_rifle", "ge", "A0205")
    s = form_game(us, members)
    s = apply(s, "su-1", FORM, ScriptedDice.of(1, 1)).state
    step = apply(s, "su-1", {"type": "fire", "firers": ["su-1", "su-2"], "target": "A0205"},
                 ScriptedDice.of(*[3] * 10))
    fire = next(e for e in step.events if e.type == "fire")
    assert fire.data["firers"] == ["su-1", "su-2"] and fire.data["leader"] is None


def test_without_formation_activation_two_hexes_combine_only_through_a_leader():
    us, members = case_31_units(reduced=False)
    us[-1] = unit("ge-a", "ge_rifle", "ge", "A0205")
    s = form_game(us, members)
    s = apply(s, "su-1", {"type": "activate", "kind": "leader", "unit": "su-lt"},
              ScriptedDice.of()).state
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "su-1", {"type": "fire", "firers": ["su-1", "su-2"], "target": "A0205"},
              ScriptedDice.of(*[3] * 10))
    assert "leader" in str(exc.value)


def test_d_form_2_a_logistics_shortfall_lowers_the_current_initiative_at_once():
    """Initiative 2, then a shortfall this turn: the current rating is 1, below 2 (17.7, 17.10)."""
    from dataclasses import replace

    s = form_game(*case_31_units(), su_init=2, ge_init=0)
    assert FORM in legal_commands(s, "su-1")["activate"]
    short = replace(s, supply={"su": "shortfall"})
    assert FORM not in legal_commands(short, "su-1").get("activate", [])


def test_an_eliminated_apc_counts_plus_1_and_only_trucks_wagons_prime_movers_do_not_17_7():
    """17.7: "+1 for every friendly unit eliminated (trucks, wagons and prime movers don't
    count)": an armed APC lost counts (D-FORM-2)."""
    us, members = case_31_units()
    us.append(unit("su-apc", "su_m3_scout", "su", None, steps=0, eliminated=True))
    s = form_game(us, members)
    step = apply(s, "su-1", FORM, ScriptedDice.of(3, 3))
    ev = next(e for e in step.events if e.type == "formation_activation")
    assert ev.data["total"] == 9 and not ev.data["success"]  # case 31's 8, +1 for the APC
