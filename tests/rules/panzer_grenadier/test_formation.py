"""Formation Activation, the optional rule (17.7, digest case 31, D-FORM-2)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest

from games.rules.common.dice import ScriptedDice, SeededDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.core import tables
from games.rules.panzer_grenadier.core.registry import register_scenario
from games.rules.panzer_grenadier.core.scenario_model import Formation
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from games.rules.panzer_grenadier.preview import previews
from games.rules.registry import PANZER_GRENADIER as RULESET
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


def formation_offers(s, seat="su-1"):
    """The formation activations the seat is offered (17.7)."""
    return [c for c in legal_commands(s, seat).get("activate", []) if c["kind"] == "formation"]


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
    assert formation_offers(s)
    low_init = form_game(*case_31_units(), su_init=1, ge_init=0)
    assert not formation_offers(low_init)
    us, members = case_31_units()
    us[1] = unit("su-lt", "su_ldr_lt_a", "su", "A0506", status=st.DEMORALIZED)
    shaken = form_game(us, members)
    assert not formation_offers(shaken)
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
    assert not formation_offers(s)
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
    assert formation_offers(s)
    short = replace(s, supply={"su": "shortfall"})
    assert not formation_offers(short)


def test_an_eliminated_apc_counts_plus_1_and_only_trucks_wagons_prime_movers_do_not_17_7():
    """17.7: "+1 for every friendly unit eliminated (trucks, wagons and prime movers don't
    count)": an armed APC lost counts (D-FORM-2)."""
    us, members = case_31_units()
    us.append(unit("su-apc", "su_m3_scout", "su", None, steps=0, eliminated=True))
    s = form_game(us, members)
    step = apply(s, "su-1", FORM, ScriptedDice.of(3, 3))
    ev = next(e for e in step.events if e.type == "formation_activation")
    assert ev.data["total"] == 9 and not ev.data["success"]  # case 31's 8, +1 for the APC


def test_17_7_the_offer_names_the_units_success_activates_and_the_roll_it_needs():
    """Before he rolls, the player is shown whom success activates (3.1), whom failure marks
    Moved/Fired, and the roll's number, modifiers and chance; the resolution does exactly
    that. Case 31: +2 lost, +1 reduced, -1 Guards: 2d6 + 2 <= 8, i.e. 2d6 <= 6, 15/36."""
    s = form_game(*case_31_units())
    [offer] = formation_offers(s)
    assert offer == {**FORM, "units": ["su-1", "su-2", "su-lt", "su-maj"]}
    [entry] = [p for p in previews(s, "su-1", "su-2") if p["command"] == offer]
    roll = entry["formation_roll"]
    assert roll["needed"] == 8 and roll["leader"] == "su-maj" and roll["dice"] == 2
    assert sum(m["value"] for m in roll["modifiers"]) == 2
    assert roll["succeeds"]["fraction"] == "5/12"
    assert roll["activates"] == offer["units"]
    assert roll["marked_on_failure"] == ["su-lt", "su-maj"] and roll["segment_spent_on_failure"]
    won = apply(s, "su-1", offer, ScriptedDice.of(3, 3)).state
    assert sorted(won.activation.units) == offer["units"]
    lost = apply(s, "su-1", offer, ScriptedDice.of(3, 4))
    failed = next(e for e in lost.events if e.type == "formation_failed")
    assert list(failed.units) == roll["marked_on_failure"]


def test_17_7_the_offer_lists_the_passengers_a_formation_carrier_brings_along():
    """A carrier of the formation activates whoever rides it (5.6), member or not."""
    us, members = case_31_units()
    us += [unit("su-truck2", "su_truck", "su", "A0202", steps=1),
           unit("su-rider", "su_rifle", "su", None, carried_by="su-truck2")]
    s = form_game(us, [*members, "su-truck2"])
    [offer] = formation_offers(s)
    assert "su-truck2" in offer["units"] and "su-rider" in offer["units"]
    won = apply(s, "su-1", offer, ScriptedDice.of(1, 1)).state
    assert sorted(won.activation.units) == offer["units"]


def test_17_7_an_attempt_listing_other_units_is_refused_before_its_roll():
    """The player rolls for what he was shown, or not at all: a formation activation whose
    `units` are not exactly those success would activate is refused and rolls no die (3.1)."""
    s = form_game(*case_31_units())
    [offer] = formation_offers(s)
    for listed in (offer["units"][:-1], [*offer["units"], "su-x1"]):
        with pytest.raises(IllegalCommand, match="not the units listed") as exc:
            apply(s, "su-1", {**offer, "units": listed}, ScriptedDice.of())  # no die to roll
        assert exc.value.rule == "3.1"
    assert s.activation is None and not s.units["su-maj"].moved_fired


def test_only_a_game_with_formation_activation_previews_an_activation_17_7():
    with_it = form_game(*case_31_units())
    without = form_game(*case_31_units(), options=())
    assert "activate" in RULESET.view_for(with_it, ("side", "su"))["previewed"]
    assert "activate" not in RULESET.view_for(without, ("side", "su"))["previewed"]
    # A leader's activation rolls nothing: its `units` say all it does (3.1).
    kinds = {p["command"]["kind"] for p in previews(with_it, "su-1", "su-lt")
             if p["command"]["type"] == "activate"}
    assert kinds == {"formation"}


class FirstRoll:
    """Dice whose first roll is given and the rest seeded: one attempt's roll chosen, the
    segment's end rolling as it would."""

    def __init__(self, first, seed):
        self.first, self.rest = tuple(first), SeededDice(f"{seed:064x}")

    def roll(self, n, purpose):
        if self.first is not None:
            out, self.first = self.first, None
            return out
        return self.rest.roll(n, purpose)


@pytest.mark.parametrize("seed", [1, 2])
def test_17_7_over_random_positions_the_offer_and_preview_are_what_the_roll_resolves(seed):
    """Kursk shoulder with Formation Activation, played at random: every formation offer
    lists exactly the counters success activates, its preview the leaders failure marks, and
    its chance is the share of the 36 rolls with which the resolution succeeds."""
    rng = random.Random(seed)
    dice = SeededDice(f"{seed:064x}")
    state = RULESET.opening_state("kursk-shoulder", ["formation_activation"])
    checked = 0
    for _ in range(150):
        if RULESET.result(state) is not None or checked >= 6:
            break
        seats = [x for x in RULESET.who_may_act(state) if RULESET.legal_commands(state, x)]
        seat = rng.choice(seats)
        legal = RULESET.legal_commands(state, seat)
        offers = [c for c in legal.get("activate", []) if c["kind"] == "formation"]
        if offers:
            offer = rng.choice(offers)
            [entry] = [p for p in previews(state, seat, offer["units"][0])
                       if p["command"] == offer]
            roll = entry["formation_roll"]
            assert roll["activates"] == offer["units"]
            wins = Fraction(0)
            for total, chance in tables.dice_distribution(2).items():
                pair = (min(total - 1, 6), total - min(total - 1, 6))
                step = apply(state, seat, offer, FirstRoll(pair, seed))
                if step.state.activation is not None:
                    assert sorted(step.state.activation.units) == offer["units"]
                    wins += chance
                else:
                    failed = next(e for e in step.events if e.type == "formation_failed")
                    assert list(failed.units) == roll["marked_on_failure"]
            assert roll["succeeds"]["fraction"] == str(wins)
            checked += 1
        state = RULESET.apply(state, seat, rng.choice(legal[rng.choice(sorted(legal))]),
                              dice).state
    assert checked
