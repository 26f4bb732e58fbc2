"""Direct fire through the procedure (10.1-10.3): digest cases 1-10 and combined fire."""

from __future__ import annotations

import json

import pytest
from builders import Scene

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.combat.events import events_to_json
from games.rules.panzer_grenadier.combat.fire import FireDeclaration
from games.rules.panzer_grenadier.combat.resolve import fire_shifts, resolve_fire, validate_fire
from games.rules.panzer_grenadier.core.state import DISRUPTED, Activation


def fire(scene, firers, target, dice, **kw):
    decl = FireDeclaration(firers=tuple(firers), target_hex=scene.hex(target), **kw)
    state = kw.pop("state", None) or scene.state()
    return resolve_fire(scene.map, state, decl, ScriptedDice.of(*dice), scene.catalogue())


def of_type(events, kind):
    return [e for e in events if e.type == kind]


def result(events):
    return of_type(events, "result")[0]["code"]


def column(events):
    return of_type(events, "column")[0]["column"]


def reasons(events):
    return [e["reason"] for e in of_type(events, "shift")]


def test_case_1_df_11_at_three_units_two_hexes_away_rolls_10_for_m1_not_m2():
    s = Scene()
    s.add("g", s.infantry(11), "ge", "0202")
    for i in range(3):
        s.add(f"r{i}", "rifle", "ru", "0204")
    _, events = fire(s, ["g"], "0204", [5, 5, 1, 1, 1, 1, 1, 1])
    assert column(events) == "16"
    assert result(events) == "M1"
    assert reasons(events) == ["3 or more combat units are stacked in the target hex"]
    checks = of_type(events, "morale_check")
    assert [c["dice_modifier"] for c in checks] == [1, 1, 1]


def test_case_2_1mc_takes_a_step_from_a_combat_unit_and_a_transport_and_spares_the_closed_top_afv():
    s = Scene()
    s.add("g", s.infantry(11), "ge", "0202")
    s.add("r1", "rifle", "ru", "0204")
    s.add("r2", "rifle", "ru", "0204")
    s.add("t1", "tank", "ru", "0204")
    s.add("tr", "truck", "ru", "0204")
    # 12 -> 1MC; then checks: r1, r2 and t1 (truck eliminated). Each rolls 1+1.
    state, events = fire(s, ["g"], "0204", [6, 6, 1, 1, 1, 1, 1, 1])
    assert column(events) == "16" and result(events) == "1MC"
    losses = [(e["unit"], e["category"]) for e in of_type(events, "step_loss")]
    assert losses == [("r1", "a"), ("tr", "b")]
    assert state.units["t1"].steps == 2
    assert state.units["tr"].eliminated
    mods = {c["unit"]: c["dice_modifier"] for c in of_type(events, "morale_check")}
    assert mods == {"r1": 2, "r2": 2, "t1": 0}


def test_case_3_df_6_at_infantry_in_town_drops_to_column_1_and_rolls_11_for_m():
    s = Scene(terrain={"0204": "town"})
    s.add("g", s.infantry(6), "ge", "0202")
    s.add("r", "rifle", "ru", "0204")
    _, events = fire(s, ["g"], "0204", [5, 6, 1, 1])
    assert column(events) == "1"
    assert result(events) == "M"
    assert reasons(events) == ["target hex is town"]


@pytest.mark.parametrize("dice, expected", [((6, 6), "M"), ((2, 3), "-")])
def test_case_4_df_3_at_woods_clamps_to_column_1(dice, expected):
    s = Scene(terrain={"0204": "light_woods"})
    s.add("g", s.infantry(3), "ge", "0202")
    s.add("r", "rifle", "ru", "0204")
    _, events = fire(s, ["g"], "0204", [*dice, 1, 1])
    assert column(events) == "1"
    assert result(events) == expected
    col = of_type(events, "column")[0]
    assert col["net_shift"] == -2 and "edge" in col["reason"]


def test_case_6_woods_and_adjacent_to_all_firers_cancel_out():
    s = Scene(terrain={"0203": "light_woods"})
    s.add("g", s.infantry(7), "ge", "0202")
    s.add("r", "rifle", "ru", "0203")
    _, events = fire(s, ["g"], "0203", [1, 2, 1, 1])
    assert column(events) == "7" and result(events) == "M2"
    assert sorted(reasons(events)) == [
        "target hex is adjacent to all firing units",
        "target hex is light woods",
    ]


def test_case_7_rifle_platoon_alone_is_column_4_and_rolls_3_for_m():
    s = Scene()
    s.add("g", "rifle", "ge", "0202")
    s.add("r", "rifle", "ru", "0204")
    _, events = fire(s, ["g"], "0204", [1, 2, 1, 1])
    assert column(events) == "4" and result(events) == "M"


def test_case_7_leader_combat_modifier_raises_rifle_platoon_to_column_7():
    s = Scene()
    s.leaders["cpt"] = {**s.leaders["ldr2"], "id": "cpt"}
    s.add("g", "rifle", "ge", "0202")
    s.add("L", "cpt", "ge", "0202")
    s.add("r", "rifle", "ru", "0204")
    _, events = fire(s, ["g"], "0204", [1, 2, 1, 1], leader="L")
    fire_ev = of_type(events, "fire")[0]
    assert fire_ev["value"] == 7 and fire_ev["leader"] == "L"
    assert column(events) == "7" and result(events) == "M2"


def test_case_8_three_units_in_one_hex_combine_4_4_3_into_column_11():
    s = Scene()
    s.add("a", s.infantry(4), "ge", "0202")
    s.add("b", s.infantry(4), "ge", "0202")
    s.add("c", s.infantry(3), "ge", "0202")
    s.add("r", "rifle", "ru", "0204")
    _, events = fire(s, ["a", "b", "c"], "0204", [2, 2, 1, 1])
    assert of_type(events, "fire")[0]["value"] == 11
    assert column(events) == "11" and result(events) == "M1"


def test_case_9_disrupted_firer_fires_at_half_value():
    s = Scene()
    s.add("g", s.infantry(8), "ge", "0202", status=DISRUPTED)
    s.add("r", "rifle", "ru", "0204")
    _, events = fire(s, ["g"], "0204", [4, 6, 1, 1])
    assert of_type(events, "fire")[0]["value"] == 4
    assert column(events) == "4" and result(events) == "M"


@pytest.mark.parametrize("df, expected", [(22, "M"), (45, "M1")])
def test_case_10_dice_7_never_hurts_below_column_22(df, expected):
    s = Scene()
    s.add("g", s.infantry(df), "ge", "0202")
    s.add("r", "rifle", "ru", "0204")
    _, events = fire(s, ["g"], "0204", [3, 4, 1, 1, 1, 1])
    assert result(events) == expected


def test_m_result_checks_only_units_without_armor_values():
    s = Scene()
    s.add("g", s.infantry(11), "ge", "0202")
    s.add("r", "rifle", "ru", "0204")
    s.add("m", "marder", "ru", "0204")
    _, events = fire(s, ["g"], "0204", [1, 2, 1, 1])
    assert result(events) == "M2"
    assert [c["unit"] for c in of_type(events, "morale_check")] == ["r"]


def test_2mc_takes_its_first_combat_unit_loss_from_an_open_top_afv():
    s = Scene()
    s.add("g", s.infantry(16), "ge", "0202")
    s.add("a_rifle", "rifle", "ru", "0204")
    s.add("m", "marder", "ru", "0204")
    state, events = fire(s, ["g"], "0204", [1, 1, *([1] * 6)])
    assert result(events) == "2MC"
    assert [e["unit"] for e in of_type(events, "step_loss")][:1] == ["m"]


def test_units_in_two_hexes_combine_only_through_a_leader_up_to_his_combat_modifier():
    s = Scene()
    s.add("a", "rifle", "ge", "0302")
    s.add("b", "rifle", "ge", "0202")
    s.add("c", "rifle", "ge", "0402")
    s.add("L", "ldr", "ge", "0302")  # combat modifier 1: one adjacent hex
    s.add("r", "rifle", "ru", "0305")
    cat = s.catalogue()
    no_leader = FireDeclaration(("a", "b"), s.hex("0305"))
    assert any("through a leader" in p for p in validate_fire(s.map, s.state(), no_leader, cat))
    one_hex = FireDeclaration(("a", "b"), s.hex("0305"), leader="L")
    assert validate_fire(s.map, s.state(), one_hex, cat) == []
    two_hexes = FireDeclaration(("a", "b", "c"), s.hex("0305"), leader="L")
    assert any("only 1 adjacent hex" in p for p in validate_fire(s.map, s.state(), two_hexes, cat))


def test_formation_activated_units_combine_two_adjacent_hexes_without_a_leader():
    s = Scene()
    s.add("a", "rifle", "ge", "0302")
    s.add("b", "rifle", "ge", "0202")
    s.add("r", "rifle", "ru", "0305")
    act = Activation(side="ge", seat="ge", kind="formation", units=frozenset({"a", "b"}))
    state = s.state(options=frozenset({"formation_activation"}), activation=act)
    decl = FireDeclaration(("a", "b"), s.hex("0305"))
    assert validate_fire(s.map, state, decl, s.catalogue()) == []
    assert validate_fire(s.map, s.state(activation=act), decl, s.catalogue()) != []


def test_demoralized_units_may_not_fire_and_range_and_marker_are_checked():
    s = Scene()
    s.add("d", "rifle", "ge", "0202", status="demoralized")
    s.add("far", "rifle", "ge", "0210".replace("10", "08"))
    s.add("mf", "rifle", "ge", "0203", moved_fired=True)
    s.add("r", "rifle", "ru", "0204")
    cat, st = s.catalogue(), s.state()
    assert any(
        "demoralized" in p
        for p in validate_fire(s.map, st, FireDeclaration(("d",), s.hex("0204")), cat)
    )
    assert any(
        "range" in p
        for p in validate_fire(s.map, st, FireDeclaration(("far",), s.hex("0204")), cat)
    )
    assert any(
        "Moved/Fired" in p
        for p in validate_fire(s.map, st, FireDeclaration(("mf",), s.hex("0204")), cat)
    )
    with pytest.raises(IllegalCommand):
        resolve_fire(s.map, st, FireDeclaration(("d",), s.hex("0204")), ScriptedDice.of(), cat)


def test_line_of_sight_blocked_by_woods_forbids_fire():
    s = Scene(terrain={"0203": "light_woods"})
    s.add("g", "rifle", "ge", "0202")
    s.add("r", "rifle", "ru", "0204")
    problems = validate_fire(
        s.map, s.state(), FireDeclaration(("g",), s.hex("0204")), s.catalogue()
    )
    assert any("cannot spot" in p for p in problems)


def test_every_chart_shift_of_the_target_and_situation_is_listed_with_its_reason():
    s = Scene(terrain={"0205": "swamp"})
    s.add("g", s.infantry(4, 6), "ge", "0202")
    s.add("r", s.infantry(4, 3, kind="mortar", steps=1), "ru", "0205")
    s.mark("0205", "minefield:ge")
    state = s.state(night=True)
    decl = FireDeclaration(("g",), s.hex("0205"), opportunity=False)
    shifts = {x.reason: x.shift for x in fire_shifts(s.map, state, decl, s.catalogue())}
    assert shifts == {
        "target hex is a swamp": 1,
        "night turn": -1,
        "target hex is 3 or more hexes away": -1,
        "target hex contains a minefield belonging to the firing player": 1,
        "target is a mortar, anti-air, anti-tank or cavalry unit": 1,
    }


def test_entrenchment_dug_in_and_hill_shift_left():
    s = Scene(elevation={"0204": 1})
    s.add("g", "rifle", "ge", "0202")
    s.add("r", "rifle", "ru", "0204", dug_in=True)
    s.mark("0204", "entrenchment")
    decl = FireDeclaration(("g",), s.hex("0204"))
    shifts = {x.reason: x.shift for x in fire_shifts(s.map, s.state(), decl, s.catalogue())}
    assert shifts == {
        "target hex contains an entrenchment": -2,
        "target units are dug-in": -1,
        "target hex is a hill": -1,
    }


def test_hmg_spray_fire_needs_three_factors_per_target_and_no_opportunity_fire():
    s = Scene()
    s.add("h", "hmg", "ge", "0202")
    s.add("g", "rifle", "ge", "0202")
    s.add("r", "rifle", "ru", "0204")
    cat, st = s.catalogue(), s.state()
    ok = FireDeclaration(("h",), s.hex("0204"), factors={"h": 3})
    assert validate_fire(s.map, st, ok, cat) == []
    _, events = resolve_fire(s.map, st, ok, ScriptedDice.of(3, 4), cat)
    assert of_type(events, "fire")[0]["value"] == 3
    too_few = FireDeclaration(("h",), s.hex("0204"), factors={"h": 2})
    assert any("at least 3" in p for p in validate_fire(s.map, st, too_few, cat))
    not_hmg = FireDeclaration(("g",), s.hex("0204"), factors={"g": 3})
    assert any("not an HMG" in p for p in validate_fire(s.map, st, not_hmg, cat))


def test_d4_leader_must_be_part_of_the_activation_to_add_his_modifier():
    """D4: no need to be "activated to fire", but he must be in the activation."""
    s = Scene()
    s.add("g", "rifle", "ge", "0202")
    s.add("L", "ldr", "ge", "0202")
    s.add("r", "rifle", "ru", "0204")
    decl = FireDeclaration(("g",), s.hex("0204"), leader="L")
    without = Activation(side="ge", seat="ge", kind="unit", units=frozenset({"g"}))
    within = Activation(
        side="ge", seat="ge", kind="leader", units=frozenset({"g", "L"}), leader="L"
    )
    cat = s.catalogue()
    assert any("D4" in p for p in validate_fire(s.map, s.state(activation=without), decl, cat))
    assert validate_fire(s.map, s.state(activation=within), decl, cat) == []


def test_d13_halved_values_are_summed_before_rounding_down_with_a_minimum_of_1():
    """D13: two disrupted DF 3 units fire at 3 (1.5 + 1.5), a disrupted DF 1 at 1."""
    s = Scene()
    s.add("a", s.infantry(3), "ge", "0202", status=DISRUPTED)
    s.add("b", s.infantry(3), "ge", "0202", status=DISRUPTED)
    s.add("c", s.infantry(1), "ge", "0203", status=DISRUPTED)
    s.add("r", "rifle", "ru", "0205")
    _, events = fire(s, ["a", "b"], "0205", [3, 4])
    assert of_type(events, "fire")[0]["value"] == 3
    _, events = fire(s, ["c"], "0205", [3, 4])
    assert of_type(events, "fire")[0]["value"] == 1


def test_d_combat_assault_hex_direct_fire_may_not_target_a_hex_holding_friendly_units():
    """D-COMBAT-ASSAULT-HEX."""
    s = Scene()
    s.add("g", "rifle", "ge", "0202")
    s.add("g2", "rifle", "ge", "0204")
    s.add("r", "rifle", "ru", "0204")
    problems = validate_fire(
        s.map, s.state(), FireDeclaration(("g",), s.hex("0204")), s.catalogue()
    )
    assert any("D-COMBAT-ASSAULT-HEX" in p for p in problems)


def test_events_are_json_and_carry_every_shift_reason_and_every_roll():
    s = Scene(terrain={"0203": "light_woods"})
    s.add("g", s.infantry(16), "ge", "0202")
    s.add("r", "rifle", "ru", "0203")
    s.add("L", "ldr", "ru", "0203")
    _, events = fire(s, ["g"], "0203", [1, 1, 3, 3, 2, 2])
    wire = events_to_json(events)
    json.dumps(wire)
    shifts = [e for e in wire if e["type"] == "shift"]
    assert {
        "shift": -2,
        "reason": "target hex is light woods",
        "rule": "10.3",
        "type": "shift",
    } in shifts
    assert {
        "shift": 2,
        "reason": "target hex is adjacent to all firing units",
        "rule": "10.3",
        "type": "shift",
    } in shifts
    rolls = [e["purpose"] for e in wire if e["type"] == "roll"]
    assert rolls == ["direct fire", "leader casualty L", "morale check L"]  # r was eliminated
    assert [e["type"] for e in wire][:2] == ["fire", "shift"]
    assert wire[0]["firers"] == ["g"] and wire[0]["target_hex"] == "A0203"


def test_d_combat_shift_targets_unit_type_shifts_need_every_combat_unit_of_that_type():
    """D-COMBAT-SHIFT-TARGETS: artillery +2 only if every combat unit is artillery, mortar/AA/AT/
    cavalry +1 only if every one is of those kinds (or artillery); dug-in -1 only if all are."""
    s = Scene()
    s.add("g", s.infantry(7, 6), "ge", "0202")
    s.add("art", "artillery", "ru", "0204")
    s.add("mor", s.infantry(3, kind="mortar", steps=1), "ru", "0204", dug_in=True)
    decl = FireDeclaration(("g",), s.hex("0204"))
    reasons = [x.reason for x in fire_shifts(s.map, s.state(), decl, s.catalogue())]
    assert reasons == ["target is a mortar, anti-air, anti-tank or cavalry unit"]
    s.add("rif", "rifle", "ru", "0204", dug_in=True)
    reasons = [x.reason for x in fire_shifts(s.map, s.state(), decl, s.catalogue())]
    assert reasons == ["3 or more combat units are stacked in the target hex"]


def test_d_combat_shift_targets_range_shift_counts_from_the_farthest_firer():
    """D-COMBAT-SHIFT-TARGETS: -1 when any firing unit is 3 or more hexes away."""
    s = Scene()
    s.add("a", "rifle", "ge", "0203")
    s.add("b", "rifle", "ge", "0202")
    s.add("L", "ldr", "ge", "0203")
    s.add("r", "rifle", "ru", "0205")
    decl = FireDeclaration(("a", "b"), s.hex("0205"), leader="L")
    reasons = [x.reason for x in fire_shifts(s.map, s.state(), decl, s.catalogue())]
    assert reasons == ["target hex is 3 or more hexes away"]


def test_hmg_sprays_its_factors_over_two_hexes_and_is_marked_once():
    from games.rules.panzer_grenadier.combat.direct_fire import resolve_spray_fire

    s = Scene()
    s.add("h", "hmg", "ge", "0202")
    s.add("r1", "rifle", "ru", "0204")
    s.add("r2", "rifle", "ru", "0304")
    cat = s.catalogue()
    parts = [
        FireDeclaration(("h",), s.hex("0204"), factors={"h": 4}),
        FireDeclaration(("h",), s.hex("0304"), factors={"h": 4}),
    ]
    state, events = resolve_spray_fire(s.map, s.state(), parts, ScriptedDice.of(3, 4, 3, 4), cat)
    assert [e["value"] for e in of_type(events, "fire")] == [4, 4]
    assert [e["target_hex"] for e in of_type(events, "fire")] == ["A0204", "A0304"]
    assert state.units["h"].moved_fired and state.units["h"].attacks_made == 1
    too_much = [
        FireDeclaration(("h",), s.hex("0204"), factors={"h": 5}),
        FireDeclaration(("h",), s.hex("0304"), factors={"h": 4}),
    ]
    with pytest.raises(IllegalCommand, match="sprays 9"):
        resolve_spray_fire(s.map, s.state(), too_much, ScriptedDice.of(), cat)
