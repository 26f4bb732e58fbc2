"""Anti-tank fire through the procedure (11.1-11.3): digest cases 11-16, D13, D25."""

from __future__ import annotations

import pytest
from builders import Scene

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.combat.fire import FireDeclaration
from games.rules.panzer_grenadier.combat.resolve import fire_shifts, resolve_fire, validate_fire


def at_decl(s, firer, target_unit, target_hex, **kw):
    return FireDeclaration(
        (firer,), s.hex(target_hex), kind="anti_tank", target_unit=target_unit, **kw
    )


def of_type(events, kind):
    return [e for e in events if e.type == kind]


def test_case_11_at_8_against_armor_5_adjacent_rolls_7_for_a_step_and_m2():
    s = Scene()
    s.add("g", s.gun(8, 6), "ge", "0202")
    s.add("t", s.armored(5), "ru", "0203")
    state, events = resolve_fire(
        s.map, s.state(), at_decl(s, "g", "t", "0203"), ScriptedDice.of(3, 4, 1, 1), s.catalogue()
    )
    res = of_type(events, "result")[0]
    assert res["modified"] == 11 and res["code"] == "step_loss"
    assert state.units["t"].steps == 1
    assert of_type(events, "morale_check")[0]["dice_modifier"] == 2
    assert [e["reason"] for e in of_type(events, "shift")] == ["target occupies adjacent hex"]


def test_case_12_opportunity_at_against_a_target_that_moved_in_the_preceding_segment():
    s = Scene()
    s.add("g", s.gun(6, 6), "ge", "0202")
    s.add("t", s.armored(6), "ru", "0205", last_moved_segment=4)
    decl = at_decl(s, "g", "t", "0205", opportunity=True)
    state, events = resolve_fire(
        s.map, s.state(segment=5), decl, ScriptedDice.of(6, 6, 1, 1), s.catalogue()
    )
    res = of_type(events, "result")[0]
    assert res["modified"] == 10 and res["code"] == "step_loss"
    assert sorted(e["reason"] for e in of_type(events, "shift")) == [
        "opportunity fire",
        "target moved in the preceding action segment",
    ]


def test_case_13_at_10_against_armor_4_rolls_8_and_eliminates():
    s = Scene()
    s.add("g", s.gun(10, 8), "ge", "0202")
    s.add("t", s.armored(4), "ru", "0205")
    state, events = resolve_fire(
        s.map, s.state(), at_decl(s, "g", "t", "0205"), ScriptedDice.of(4, 4), s.catalogue()
    )
    assert of_type(events, "result")[0]["modified"] == 14
    assert state.units["t"].eliminated


def test_case_14_extended_range_fires_at_half_value_and_misses():
    s = Scene()
    s.add("g", s.gun(6, 8), "ge", "0101")
    s.add("t", s.armored(3), "ru", "1101")  # 10 hexes along the row
    decl = at_decl(s, "g", "t", "1101")
    assert validate_fire(s.map, s.state(), decl, s.catalogue()) == []
    state, events = resolve_fire(s.map, s.state(), decl, ScriptedDice.of(4, 5), s.catalogue())
    fire = of_type(events, "fire")[0]
    assert fire["value"] == 3
    res = of_type(events, "result")[0]
    assert res["modified"] == 8 and res["code"] == "none"
    assert state.units["t"].steps == 2


def test_d13_extended_range_is_150_percent_rounded_down():
    """D13: range 5 reaches 7 hexes (7.5 rounded down), not 8."""
    s = Scene()
    s.add("g", s.gun(4, 5), "ge", "0101")
    s.add("t7", s.armored(3), "ru", "0801")
    s.add("t8", s.armored(3), "ru", "0901")
    cat = s.catalogue()
    assert validate_fire(s.map, s.state(), at_decl(s, "g", "t7", "0801"), cat) == []
    assert any(
        "beyond" in p for p in validate_fire(s.map, s.state(), at_decl(s, "g", "t8", "0901"), cat)
    )


def test_at_value_1_has_no_extended_range():
    s = Scene()
    s.add("g", s.gun(1, 2), "ge", "0101")
    s.add("t", s.armored(1), "ru", "0401")
    assert validate_fire(s.map, s.state(), at_decl(s, "g", "t", "0401"), s.catalogue()) != []


def test_case_15_flank_shot_after_an_attack_from_a_non_adjacent_hex():
    s = Scene()
    s.add("g", s.gun(5, 6), "ge", "0202")
    s.add("t", s.armored(6), "ru", "0205", attacked_from=frozenset({s.hex("0605")}))
    state, events = resolve_fire(
        s.map, s.state(), at_decl(s, "g", "t", "0205"), ScriptedDice.of(4, 5, 1, 1), s.catalogue()
    )
    res = of_type(events, "result")[0]
    assert res["modified"] == 10 and res["code"] == "step_loss"
    assert "target already attacked this turn from a non-adjacent hex" in [
        e["reason"] for e in of_type(events, "shift")
    ]
    assert s.hex("0202") in state.units["t"].attacked_from


def test_no_flank_bonus_when_the_earlier_attack_came_from_an_adjacent_hex():
    s = Scene()
    s.add("g", s.gun(5, 6), "ge", "0202")
    s.add("t", s.armored(6), "ru", "0205", attacked_from=frozenset({s.hex("0302")}))
    mods = fire_shifts(s.map, s.state(), at_decl(s, "g", "t", "0205"), s.catalogue())
    assert all(m.shift != 2 for m in mods)


def test_case_16_full_strength_panther_fires_twice_reduced_once():
    s = Scene()
    s.add("p", "panther", "ge", "0202")
    s.add("pr", "panther", "ge", "0302", steps=1)
    s.add("t1", s.armored(9), "ru", "0205")
    cat = s.catalogue()
    state = s.state()
    for _ in range(2):
        state, events = resolve_fire(
            s.map, state, at_decl(s, "p", "t1", "0205"), ScriptedDice.of(1, 1), cat
        )
        assert of_type(events, "result")[0]["code"] == "none"
    with pytest.raises(IllegalCommand):
        resolve_fire(s.map, state, at_decl(s, "p", "t1", "0205"), ScriptedDice.of(1, 1), cat)
    state, _ = resolve_fire(
        s.map, state, at_decl(s, "pr", "t1", "0205"), ScriptedDice.of(1, 1), cat
    )
    assert any(
        "Moved/Fired" in p for p in validate_fire(s.map, state, at_decl(s, "pr", "t1", "0205"), cat)
    )


def test_d25_moved_two_segments_ago_gives_no_modifier():
    """D25: only the segment numbered one less than the current one counts."""
    s = Scene()
    s.add("g", s.gun(6, 6), "ge", "0202")
    s.add("t", s.armored(6), "ru", "0205", last_moved_segment=3)
    mods = fire_shifts(s.map, s.state(segment=5), at_decl(s, "g", "t", "0205"), s.catalogue())
    assert mods == []


def test_d_combat_at_cover_counts_once_with_elevation_range_and_logistics():
    """D-COMBAT-AT-COVER: dug-in and town or woods give one -1 together, not two."""
    s = Scene(terrain={"0208": "town"}, elevation={"0208": 1})
    s.add("g", s.gun(6, 10), "ge", "0202")
    s.add("t", s.armored(6), "ru", "0208", dug_in=True)
    state = s.state(supply={"ge": "shortfall"})
    mods = {
        m.reason: m.shift
        for m in fire_shifts(s.map, state, at_decl(s, "g", "t", "0208"), s.catalogue())
    }
    assert mods == {
        "target is dug-in": -1,
        "target in higher elevation hex than firing unit": -1,
        "range to target is more than 5 hexes": -1,
        "logistics shortfall": -1,
    }


def test_step_loss_on_a_loaded_halftrack_is_shared_by_its_passenger():
    s = Scene()
    s.add("g", s.gun(8, 6), "ge", "0202")
    s.types["ruht"] = {
        **s.types["halftrack"],
        "id": "ruht",
        "steps": 2,
        "reduced": s.types["halftrack"]["full"],
    }
    s.add("ht", "ruht", "ru", "0204")
    s.add("inf", "rifle", "ru", None, carried_by="ht")
    state, events = resolve_fire(
        s.map, s.state(), at_decl(s, "g", "ht", "0204"), ScriptedDice.of(2, 1, 6, 6), s.catalogue()
    )
    assert of_type(events, "result")[0]["code"] == "step_loss"
    assert state.units["inf"].steps == 1
    # The halftrack fails its M2 check badly (6+6+2): demoralized; the passenger takes it and unloads.
    assert state.units["inf"].status == "demoralized" and state.units["inf"].carried_by is None


def test_efficient_move_and_fire_takes_minus_one_when_the_option_is_on():
    s = Scene()
    s.add("p", "panther", "ge", "0202", moved_fired=True)
    s.add("t", s.armored(6), "ru", "0205")
    decl = at_decl(s, "p", "t", "0205", move_and_fire=True)
    cat = s.catalogue()
    assert any("optional" in p for p in validate_fire(s.map, s.state(), decl, cat))
    state = s.state(options=frozenset({"efficient_move_fire"}))
    assert validate_fire(s.map, state, decl, cat) == []
    assert {m.reason: m.shift for m in fire_shifts(s.map, state, decl, cat)} == {
        "efficient move & fire": -1
    }


def test_anti_tank_needs_an_armored_target_and_one_firer():
    s = Scene()
    s.add("g", s.gun(6, 6), "ge", "0202")
    s.add("g2", s.gun(6, 6), "ge", "0202")
    s.add("r", "rifle", "ru", "0204")
    cat = s.catalogue()
    assert any(
        "armor" in p for p in validate_fire(s.map, s.state(), at_decl(s, "g", "r", "0204"), cat)
    )
    two = FireDeclaration(("g", "g2"), s.hex("0204"), kind="anti_tank", target_unit="r")
    assert validate_fire(s.map, s.state(), two, cat) != []
