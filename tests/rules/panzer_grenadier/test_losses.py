"""Results applied to a hex (7.6, 10.2, 12.4, 5.6): loss categories and order, passengers, riders."""

from __future__ import annotations

from builders import Scene

from games.rules.common.dice import ScriptedDice
from games.rules.panzer_grenadier.combat.fire import FireDeclaration
from games.rules.panzer_grenadier.combat.losses import apply_result
from games.rules.panzer_grenadier.combat.resolve import fire_shifts


def of_type(events, kind):
    return [e for e in events if e.type == kind]


def hit(s, code, dice, table="direct", **kw):
    return apply_result(
        s.map,
        s.state(),
        s.hex("0204"),
        code,
        ScriptedDice.of(*dice),
        s.catalogue(),
        table=table,
        sides=["ru"],
        **kw,
    )


def test_d_combat_loss_order_spreads_losses_full_units_first_then_by_id():
    """D-COMBAT-LOSS-ORDER: a full unit flips before a reduced one dies."""
    s = Scene()
    s.add("a", "rifle", "ru", "0204", steps=1)
    s.add("b", "rifle", "ru", "0204")
    s.add("c", "rifle", "ru", "0204")
    state, events, _ = hit(s, "2MC", [1] * 6)
    assert [e["unit"] for e in of_type(events, "step_loss")] == ["b", "c"]
    assert state.units["a"].steps == 1


def test_d_combat_loss_order_follows_the_owners_preference_when_given():
    """D-COMBAT-LOSS-ORDER."""
    s = Scene()
    s.add("a", "rifle", "ru", "0204", steps=1)
    s.add("b", "rifle", "ru", "0204")
    state, events, _ = hit(s, "1MC", [1] * 4, preference=("a",))
    assert [e["unit"] for e in of_type(events, "step_loss")] == ["a"]
    assert state.units["a"].eliminated


def test_7_6_a_two_step_unit_flips_then_is_eliminated():
    s = Scene()
    s.add("b", "rifle", "ru", "0204")
    state, events, _ = hit(s, "2MC", [])
    assert [e["steps_left"] for e in of_type(events, "step_loss")] == [1, 0]
    assert state.units["b"].eliminated and state.side("ru").units_eliminated == 1
    assert state.side("ru").steps_lost == 2


def test_losses_beyond_what_the_hex_holds_are_ignored():
    s = Scene()
    s.add("b", "rifle", "ru", "0204", steps=1)
    s.add("t", "truck", "ru", "0204")
    state, events, lost = hit(s, "3MC", [])
    assert lost == {"ru": 2}
    assert state.units["b"].eliminated and state.units["t"].eliminated


def test_passengers_of_a_truck_share_its_step_loss():
    s = Scene()
    s.add("t", "truck", "ru", "0204")
    s.add("inf", "rifle", "ru", None, carried_by="t")
    state, events, lost = hit(s, "1MC", [])
    assert state.units["t"].eliminated
    assert state.units["inf"].steps == 1 and state.units["inf"].carried_by is None
    assert state.units["inf"].hex == s.hex("0204")
    assert lost == {"ru": 2}
    assert [e.type for e in events][:3] == ["step_loss", "eliminated", "step_loss"]


def test_passengers_take_their_carriers_morale_result_and_unload():
    s = Scene()
    s.add("t", "truck", "ru", "0204")
    s.add("inf", "rifle", "ru", None, carried_by="t")
    state, events, _ = hit(s, "M2", [4, 4])  # 10 vs 7: demoralized
    assert [c["unit"] for c in of_type(events, "morale_check")] == ["t"]
    assert state.units["inf"].status == "demoralized" and state.units["inf"].carried_by is None


def test_d_combat_riders_infantry_riding_an_afv_is_a_target_of_its_own_with_plus_1():
    """D-COMBAT-RIDERS: riders are hit as units in the hex (the tank is exempt)."""
    s = Scene()
    s.add("g", s.infantry(7), "ge", "0202")
    s.add("tk", "tank", "ru", "0204")
    s.add("inf", "rifle", "ru", None, carried_by="tk")
    decl = FireDeclaration(("g",), s.hex("0204"))
    reasons = [x.reason for x in fire_shifts(s.map, s.state(), decl, s.catalogue())]
    assert "target is an infantry unit riding an AFV" in reasons
    state, events, _ = hit(s, "1MC", [1] * 4)
    assert [e["unit"] for e in of_type(events, "step_loss")] == ["inf"]
    assert state.units["tk"].steps == 2


def test_transports_are_category_b_and_closed_top_afvs_check_as_m_after_mc():
    s = Scene()
    s.add("tk", "tank", "ru", "0204")
    s.add("tr", "truck", "ru", "0204")
    s.add("ht", "halftrack", "ru", "0204")
    state, events, _ = hit(s, "1MC", [1] * 6)
    losses = [(e["unit"], e["category"]) for e in of_type(events, "step_loss")]
    assert losses == [("ht", "b")]
    mods = {c["unit"]: c["dice_modifier"] for c in of_type(events, "morale_check")}
    assert mods == {"tk": 0, "tr": 2}


def test_assault_results_hit_afvs_and_check_every_counter_on_m():
    s = Scene()
    s.add("tk", "tank", "ru", "0204")
    s.add("L", "ldr", "ru", "0204")
    state, events, _ = hit(s, "M", [1, 1, 1, 1], table="assault")
    assert [c["unit"] for c in of_type(events, "morale_check")] == ["tk", "L"]
    state, events, _ = hit(s, "1M2", [1] * 6, table="assault")
    assert state.units["tk"].steps == 1
