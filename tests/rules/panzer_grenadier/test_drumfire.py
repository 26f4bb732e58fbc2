"""Drumfire, optional (17.2): digest case 36."""

from __future__ import annotations

from builders import Scene

from games.rules.common.dice import ScriptedDice
from games.rules.panzer_grenadier.combat.fire import FireDeclaration, OffBoardIncrement
from games.rules.panzer_grenadier.combat.morale import flee_path
from games.rules.panzer_grenadier.combat.resolve import resolve_fire
from games.rules.panzer_grenadier.optional.drumfire import (
    clear_drumfire,
    is_drumfire_hex,
    prune_bombardment_record,
    resolve_drumfire_entry,
)

INC = (OffBoardIncrement("105mm", 16),)


def of_type(events, kind):
    return [e for e in events if e.type == kind]


def scene():
    s = Scene()
    s.add("L", "ldr", "ge", "0202")
    s.add("r1", "rifle", "ru", "0206")
    s.add("r2", "rifle", "ru", "0206")
    return s


def bombard(s, state, dice):
    decl = FireDeclaration((), s.hex("0206"), kind="bombardment", increments=INC, spotter="L")
    return resolve_fire(s.map, state, decl, ScriptedDice.of(*dice), s.catalogue())


def test_case_36_drumfire_attacks_a_platoon_entering_alone_and_counts_the_units_already_there():
    """D-COMBAT-DRUMFIRE."""
    s = scene()
    state = s.state(options=frozenset({"drumfire"}), turn=3)
    state, _ = bombard(s, state, [3, 4])  # turn 3: no effect, recorded
    assert not is_drumfire_hex(state, s.hex("0206"))
    from dataclasses import replace

    state = prune_bombardment_record(replace(state, turn=4))
    state, events = bombard(s, state, [3, 4])  # turn 4: same hex again
    placed = [e for e in of_type(events, "fire") if e["kind"] == "drumfire"]
    assert placed and placed[0]["spotted_markers"] == 2
    assert is_drumfire_hex(state, s.hex("0206"))
    # An enemy platoon moves in later that turn.
    mover = replace(s.units["r1"], id="m", hex=s.hex("0206"))
    state = state.with_unit(mover)
    state, events, stops = resolve_drumfire_entry(
        s.map, state, "m", ScriptedDice.of(4, 6, 2, 2), s.catalogue()
    )
    assert "3 or more combat units are stacked in the target hex (movers and non-movers)" in [
        e["reason"] for e in of_type(events, "shift")
    ]
    assert of_type(events, "result")[0]["code"] == "M2"  # column 16 +1 -> 22, roll 10
    assert [c["unit"] for c in of_type(events, "morale_check")] == ["m"]
    assert not stops
    state, _, stops = resolve_drumfire_entry(
        s.map, state, "m", ScriptedDice.of(4, 6, 6, 6), s.catalogue()
    )
    assert stops and state.units["m"].status == "demoralized"
    assert state.units["r1"].status == "good" and state.units["r2"].status == "good"


def test_drumfire_markers_go_in_the_marker_removal_phase_and_fleeing_units_avoid_the_hex():
    s = scene()
    s.mark("0206", "drumfire", "drumfire:105mm:16:off")
    s.add("enemy", "rifle", "ge", "0203")
    s.add("d", "rifle", "ru", "0205", status="demoralized")
    state = s.state(options=frozenset({"drumfire"}))
    assert is_drumfire_hex(state, s.hex("0206"))
    assert s.hex("0206") not in flee_path(s.map, state, "d", s.catalogue())
    assert not is_drumfire_hex(clear_drumfire(state), s.hex("0206"))


def test_without_the_option_nothing_is_recorded():
    s = scene()
    state, _ = bombard(s, s.state(turn=3), [3, 4])
    assert not any(m.startswith("bombarded:") for ms in state.markers.values() for m in ms)


def test_drumfire_by_an_on_board_unit_lapses_when_it_is_demoralized():
    s = scene()
    s.add("art", "artillery", "ge", "0201", status="demoralized")
    s.mark("0206", "drumfire", "drumfire:art:0:on")
    from dataclasses import replace

    state = s.state(options=frozenset({"drumfire"}))
    state = state.with_unit(replace(s.units["r1"], id="m"))
    state, events, stops = resolve_drumfire_entry(
        s.map, state, "m", ScriptedDice.of(), s.catalogue()
    )
    assert events == [] and not stops and not is_drumfire_hex(state, s.hex("0206"))


# -- combining, choosing to fire separately, assaulted firers (17.2, D-COMBAT-DRUMFIRE) ------


def two_guns(at_a: str, at_b: str, *extra: str):
    s = scene()
    s.add("a1", "artillery", "ge", at_a)
    s.add("a2", "artillery", "ge", at_b)
    s.mark("0206", "drumfire", "drumfire:a1:0:on", f"drumfire:a2:0:on{''.join(extra)}")
    return s


def attacks_on_entry(s):
    from dataclasses import replace

    state = s.state(options=frozenset({"drumfire"}))
    state = state.with_unit(replace(s.units["r1"], id="m"))
    _, events, _ = resolve_drumfire_entry(
        s.map, state, "m", ScriptedDice.of(*[1] * 40), s.catalogue()
    )
    return [e for e in of_type(events, "fire") if e["kind"] == "drumfire"]


def test_on_board_guns_in_the_same_or_adjacent_hexes_combine_17_2():
    """17.2: "The firing player may combine the strength of ... on-board artillery units
    occupying the same or adjacent hexes" (D-COMBAT-DRUMFIRE)."""
    attacks = attacks_on_entry(two_guns("0201", "0202"))
    assert [sorted(a["firers"]) for a in attacks] == [["a1", "a2"]]
    assert attacks[0]["value"] == 32


def groups(s):
    from games.rules.panzer_grenadier.optional.drumfire import fire_groups

    return fire_groups(s.state(options=frozenset({"drumfire"})), s.hex("0206"))


def test_on_board_guns_farther_apart_fire_separately_17_2():
    assert groups(two_guns("0201", "0203")) == [("on", ["a1"]), ("on", ["a2"])]
    assert groups(two_guns("0201", "0202")) == [("on", ["a1", "a2"])]


def test_the_firing_player_may_choose_to_resolve_a_guns_drumfire_separately_17_2():
    """17.2: "... or they may resolve their fire separately": `drumfire_separately` on the
    bombardment that placed it."""
    assert groups(two_guns("0201", "0202", ":alone")) == [("on", ["a1"]), ("on", ["a2"])]


def test_a_bombard_command_may_ask_for_separate_drumfire_17_2():
    s = scene()
    state = s.state(options=frozenset({"drumfire"}), turn=4)
    h = s.hex("0206")
    from dataclasses import replace

    state = replace(state, markers={h: frozenset({"bombarded:3:105mm"})})
    decl = FireDeclaration((), h, kind="bombardment", increments=INC, spotter="L",
                           drumfire_alone=True)
    state, _ = resolve_fire(s.map, state, decl, ScriptedDice.of(3, 4), s.catalogue())
    assert "drumfire:105mm:16:off:alone" in state.markers_at(h)


def test_an_on_board_guns_bombard_command_may_ask_for_separate_drumfire_too_17_2():
    """The command, not a hand-built declaration: an on-board mortar's `bombard` with
    `drumfire_separately` places its drumfire marked to be resolved alone."""
    from games.rules.panzer_grenadier.core.attacks import fire_attack
    from games.rules.panzer_grenadier.core.registry import hex_label

    s = two_guns("0201", "0203")
    state = s.state(options=frozenset({"drumfire"}))
    target = hex_label(state, s.hex("0206"))
    cmd = {"type": "bombard", "firers": ["a1"], "target": target, "drumfire_separately": True}
    assert fire_attack(state, cmd).decl.drumfire_alone
    plain = {"type": "bombard", "firers": ["a1"], "target": target}
    assert not fire_attack(state, plain).decl.drumfire_alone


def test_a_gun_assaulted_loses_its_drumfire_at_once_17_2():
    """17.2: "If a unit firing drumfire is ... assaulted during the current turn, immediately
    remove the Spotted markers" (the round's first step, D-COMBAT-DRUMFIRE)."""
    from games.rules.panzer_grenadier.combat.assault import AssaultSituation, resolve_assault_round

    s = two_guns("0201", "0203")
    s.add("ru-x", "rifle", "ru", "0201")  # in the gun's hex: an assault hex
    state = s.state(options=frozenset({"drumfire"}))
    sit = AssaultSituation(hex=s.hex("0201"), attacker="ru")
    state, _ = resolve_assault_round(s.map, state, sit, ScriptedDice.of(*[1] * 40), s.catalogue())
    marks = state.markers_at(s.hex("0206"))
    assert "drumfire:a1:0:on" not in marks and "drumfire:a2:0:on" in marks
    assert is_drumfire_hex(state, s.hex("0206"))  # a2's drumfire still stands


# -- "immediately": the markers lift at the step the firer is lost, not at the next entry ----


def test_the_markers_of_a_firer_demoralized_or_eliminated_lift_after_that_very_step_17_2():
    """17.2: "If a unit firing drumfire is eliminated, demoralized ... immediately remove the
    Spotted markers": the after-step hook lifts them whatever the step was."""
    from dataclasses import replace

    from games.rules.panzer_grenadier.optional.drumfire import PLUGIN

    s = two_guns("0201", "0203")
    state = s.state(options=frozenset({"drumfire"}))
    state = state.with_unit(replace(state.units["a1"], status="demoralized"))
    after = PLUGIN.after_step(state)
    marks = after.markers_at(s.hex("0206"))
    assert "drumfire:a1:0:on" not in marks and "drumfire:a2:0:on" in marks
    gone = after.with_unit(replace(after.units["a2"], eliminated=True, hex=None))
    assert not is_drumfire_hex(PLUGIN.after_step(gone), s.hex("0206"))


def test_the_engine_lifts_them_at_the_next_command_of_any_kind():
    """Whatever the command (here the initiative roll), the step ends with the drumfire of a
    demoralized firer gone from the map and from every view."""
    from games.rules.common.dice import ScriptedDice as Dice
    from games.rules.panzer_grenadier.engine import apply
    from games.rules.panzer_grenadier.views import view_for
    from tests.rules.panzer_grenadier.turnkit import at, game, unit

    target = at("A0506")
    state = game(
        [unit("art", "ge_mortar_81", "ge", "A0502", status="demoralized"),
         unit("r", "su_rifle", "su", "A0506")],
        options={"drumfire"},
    )
    from dataclasses import replace

    state = replace(state, markers={target: frozenset({"drumfire", "drumfire:art:0:on"})})
    after = apply(state, "ge-1", {"type": "roll_initiative"}, Dice.of(6, 1)).state
    assert not any(m.startswith("drumfire") for m in after.markers_at(target))
    assert "drumfire" not in str(view_for(after, ("side", "su"))["markers"])


def test_a_gun_standing_in_an_assault_hex_places_no_drumfire_d_combat_drumfire():
    """A gun being assaulted this turn (its hex is an assault hex) places no new drumfire:
    its markers would have to come off at once (17.2)."""
    from dataclasses import replace

    from games.rules.panzer_grenadier.optional.drumfire import record_bombardment

    s = two_guns("0201", "0203")
    s.add("ru-x", "rifle", "ru", "0201")
    s.mark("0201", "assault:ru")
    state = s.state(options=frozenset({"drumfire"}), turn=4)
    h = s.hex("0207")
    state = replace(state, markers={**state.markers, h: frozenset({"bombarded:3:a1",
                                                                    "bombarded:3:a2"})})
    decl = FireDeclaration(("a1", "a2"), h, kind="bombardment")
    state, events = record_bombardment(s.map, state, decl)
    marks = state.markers_at(h)
    assert "drumfire:a2:0:on" in marks and not any(m.startswith("drumfire:a1") for m in marks)


def test_a_bombardment_that_would_place_drumfire_is_offered_to_be_resolved_separately_17_2():
    """The firing player's choice (17.2) is reachable: the legal commands list it."""
    from dataclasses import replace

    from games.rules.common.dice import ScriptedDice as Dice
    from games.rules.panzer_grenadier.engine import apply
    from games.rules.panzer_grenadier.legal import legal_commands
    from tests.rules.panzer_grenadier.turnkit import at, started, unit

    s = started([unit("ge-m", "ge_mortar_81", "ge", "A0101"),
                 unit("su-1", "su_rifle", "su", "A0106")], options={"drumfire"}, turn=2)
    s = replace(s, markers={at("A0106"): frozenset({"bombarded:1:ge-m"})})
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-m"}, Dice.of()).state
    bombards = legal_commands(s, "ge-1")["bombard"]
    plain = {"type": "bombard", "firers": ["ge-m"], "target": "A0106"}
    assert plain in bombards and {**plain, "drumfire_separately": True} in bombards


def test_drumfire_under_a_logistics_shortfall_fires_one_column_left_17_10():
    """Drumfire is bombardment: a firing side in shortfall takes the -1 column (17.10)."""
    from dataclasses import replace

    from games.rules.panzer_grenadier.optional.drumfire import drumfire_situations

    s = two_guns("0201", "0203")
    state = s.state(options=frozenset({"drumfire"}))
    mover = state.with_unit(replace(s.units["r1"], id="m"))
    plain = drumfire_situations(s.map, mover, s.hex("0206"), s.catalogue())
    short = drumfire_situations(s.map, replace(mover, supply={"ge": "shortfall"}),
                                s.hex("0206"), s.catalogue())
    assert [sh.rule for sh in short[0].shifts] == [*(sh.rule for sh in plain[0].shifts), "17.10"]
