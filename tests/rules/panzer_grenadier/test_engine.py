"""The engine's flow: opportunity-fire windows (13.0), assault on entry (12.1, D14), entry
(16.5), hidden-unit collisions, and the optional rules of the sequence (17.4, 17.6, 17.10)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.combat.fire import FireDeclaration
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from games.rules.panzer_grenadier.optional.drumfire import (
    drumfire_firers,
    record_bombardment,
    spotted_markers,
)
from games.rules.panzer_grenadier.ruleset import RULESET
from tests.rules.panzer_grenadier.builders import Scene
from tests.rules.panzer_grenadier.turnkit import board_map, game, started, unit

SIXES = [6] * 40


def led_move_setup():
    s = started([
        unit("ge-1", "ge_rifle", "ge", "A0205"),
        unit("ge-lt", "ge_ldr_lt_a", "ge", "A0205"),
        unit("su-1", "su_rifle", "su", "A0209"),
    ])
    s = apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
              ScriptedDice.of()).state
    return apply(s, "ge-1", {"type": "move", "unit": "ge-1", "path": ["A0206", "A0207"]},
                 ScriptedDice.of())


def test_d_opfire_1_entering_a_hex_in_enemy_range_opens_a_window_for_the_other_side():
    step = led_move_setup()
    s = step.state
    assert s.opfire.side == "su" and s.opfire.mover == "ge-1"
    assert s.units["ge-1"].hex == s.opfire.hex  # it stands in the first hex, the rest waits
    legal = legal_commands(s, "su-1")
    assert legal["decline"] == [{"type": "decline"}]
    assert {"type": "opportunity_fire", "firers": ["su-1"], "target": "ge-1",
            "fire_type": "direct"} in legal["opportunity_fire"]
    assert legal_commands(s, "ge-1") == {}
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", {"type": "end_activation"}, ScriptedDice.of())
    assert exc.value.code == "command/not_your_activation"


def test_whose_turn_changes_when_an_opportunity_fire_window_opens_and_closes_13_0():
    """The lobby's whose-turn line (the ruleset's turn_marker) follows the window: while it is
    open the inactive side must answer; declining a window that opens the next one changes
    nothing; the last decline gives the turn back to the mover's side."""
    s = started([
        unit("ge-1", "ge_rifle", "ge", "A0205"),
        unit("ge-lt", "ge_ldr_lt_a", "ge", "A0205"),
        unit("su-1", "su_rifle", "su", "A0209"),
    ])
    moving = apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
                   ScriptedDice.of()).state
    window = apply(moving, "ge-1", {"type": "move", "unit": "ge-1", "path": ["A0206", "A0207"]},
                   ScriptedDice.of()).state
    assert window.opfire is not None and window.active_side == "ge"
    assert RULESET.turn_marker(window) != RULESET.turn_marker(moving)
    next_window = apply(window, "su-1", {"type": "decline"}, ScriptedDice.of()).state
    assert next_window.opfire is not None
    assert RULESET.turn_marker(next_window) == RULESET.turn_marker(window)
    closed = apply(next_window, "su-1", {"type": "decline"}, ScriptedDice.of()).state
    assert closed.opfire is None and closed.activation is not None
    assert RULESET.turn_marker(closed) == RULESET.turn_marker(moving)


def test_d_opfire_1_declining_lets_the_move_go_on_and_the_next_hex_opens_another_window():
    s = led_move_setup().state
    s = apply(s, "su-1", {"type": "decline"}, ScriptedDice.of()).state
    # A0207 is also in range: a new window for the next hex (13.21: once per hex).
    assert s.opfire is not None
    s = apply(s, "su-1", {"type": "decline"}, ScriptedDice.of()).state
    assert s.opfire is None
    from tests.rules.panzer_grenadier.turnkit import label

    assert label(s.units["ge-1"].hex) == "A0207"


def test_d_opfire_1_a_mover_disrupted_or_worse_by_opportunity_fire_stops():
    s = led_move_setup().state
    step = apply(s, "su-1", {"type": "opportunity_fire", "firers": ["su-1"], "target": "ge-1"},
                 ScriptedDice.of(*SIXES))
    after = step.state
    ge1 = after.units["ge-1"]
    assert ge1.eliminated or ge1.status != st.GOOD
    assert after.opfire is None
    if not ge1.eliminated:
        from tests.rules.panzer_grenadier.turnkit import label

        assert label(ge1.hex) == "A0206"  # the rest of the path is dropped
    assert after.units["su-1"].moved_fired  # D15: the firer is marked


def test_13_21_a_unit_that_fired_in_this_hex_is_not_offered_again():
    s = led_move_setup().state
    # Dice where the fire does nothing: the window could stay open for other firers only.
    step = apply(s, "su-1", {"type": "opportunity_fire", "firers": ["su-1"], "target": "ge-1"},
                 ScriptedDice.of(1, 1, *[1] * 10))
    s2 = step.state
    if s2.opfire is not None:
        assert all(c["firers"] != ["su-1"] for c in legal_commands(s2, "su-1")
                   .get("opportunity_fire", []))


def test_moving_into_an_enemy_hex_is_an_assault_fought_at_once_d14():
    s = started([
        unit("ge-1", "ge_rifle", "ge", "A0205"),
        unit("ge-lt", "ge_ldr_lt_a", "ge", "A0205"),
        unit("su-1", "su_rifle", "su", "A0206", moved_fired=True),  # cannot opportunity-fire
    ])
    s = apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
              ScriptedDice.of()).state
    assert {"type": "assault", "units": ["ge-1"], "target": "A0206"} in legal_commands(
        s, "ge-1")["assault"]
    step = apply(s, "ge-1", {"type": "assault", "units": ["ge-1"], "target": "A0206"},
                 ScriptedDice.of(*[3] * 40))
    assert "assault_round" in [e.type for e in step.events]


def test_an_assault_needs_an_enemy_the_side_can_see_12_1():
    s = started([unit("ge-1", "ge_rifle", "ge", "A0205"), unit("su-1", "su_rifle", "su", "A0909")])
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-1"},
              ScriptedDice.of()).state
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", {"type": "assault", "units": ["ge-1"], "target": "A0206"},
              ScriptedDice.of())
    assert exc.value.rule == "12.1"


def test_d_move_hidden_moving_into_a_hidden_enemy_stops_short_and_reveals_it():
    s = started([
        unit("ge-1", "ge_rifle", "ge", "A0105"),
        unit("su-h", "su_rifle", "su", "A0107", hidden=True, moved_fired=True),
        unit("su-1", "su_rifle", "su", "A1510"),
    ])
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-1"},
              ScriptedDice.of()).state
    step = apply(s, "ge-1", {"type": "move", "unit": "ge-1", "path": ["A0106", "A0107"]},
                 ScriptedDice.of())
    from tests.rules.panzer_grenadier.turnkit import label

    assert label(step.state.units["ge-1"].hex) == "A0106"
    assert step.state.units["su-h"].hidden is False
    assert "collision" in [e.type for e in step.events]


def test_a_reinforcement_enters_by_its_edge_16_5():
    s = started([unit("ge-1", "ge_rifle", "ge", "A0205"), unit("su-1", "su_rifle", "su", "A1510"),
                 unit("ge-9", "ge_rifle", "ge", None, entry_turn=1, entry_edge="W")])
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-9"},
              ScriptedDice.of()).state
    moves = legal_commands(s, "ge-1")["move"]
    assert moves and all(c["path"][0].startswith("A01") for c in moves)
    step = apply(s, "ge-1", moves[0], ScriptedDice.of())
    assert step.state.units["ge-9"].hex is not None
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", {"type": "move", "unit": "ge-9", "path": ["A0505"]}, ScriptedDice.of())
    assert exc.value.rule == "16.5"


# -- optional rules of the sequence -------------------------------------------------------


def units_for_long_turns():
    return [unit(f"ge-{i}", "ge_rifle", "ge", f"A01{i:02d}") for i in range(1, 8)] + [
        unit(f"su-{i}", "su_rifle", "su", f"A15{i:02d}") for i in range(1, 8)]


def one_segment(s, seat, dice=()):
    side = s.active_side
    uid = next(u.id for u in sorted(s.units.values(), key=lambda u: u.id)
               if u.side == side and not u.moved_fired)
    s = apply(s, seat, {"type": "activate", "kind": "unit", "unit": uid}, ScriptedDice.of()).state
    return apply(s, seat, {"type": "end_activation"}, ScriptedDice.of(*dice))


def test_case_28_excess_initiative_banks_one_of_three_segments_and_spends_it_later():
    """D-EXCESS-1: bank_segment at the start of 3+ opening segments; double_segment later."""
    s = started(units_for_long_turns(), dice=(6, 1), options=("excess_initiative",), su_init=0)
    assert s.opening_segments_left == 4  # 9 - 1 = 8 -> 4
    s = started(units_for_long_turns(), dice=(6, 2), options=("excess_initiative",), su_init=0)
    # ge 3 + 6 = 9, su 0 + 2 = 2: diff 7 -> 3 opening segments (case 28: diff 6 or 7 -> 3).
    assert s.opening_segments_left == 3
    assert legal_commands(s, "ge-1")["bank_segment"] == [{"type": "bank_segment"}]
    s = apply(s, "ge-1", {"type": "bank_segment"}, ScriptedDice.of()).state
    assert s.opening_segments_left == 2 and s.banked_segment["ge"]
    s = one_segment(s, "ge-1").state
    s = one_segment(s, "ge-1").state
    assert s.active_side == "su"
    s = one_segment(s, "su-1").state
    assert s.active_side == "ge"
    assert "double_segment" in legal_commands(s, "ge-1")
    s = apply(s, "ge-1", {"type": "double_segment"}, ScriptedDice.of()).state
    s = one_segment(s, "ge-1").state
    assert s.active_side == "ge"  # the banked segment: two in a row
    s = one_segment(s, "ge-1").state
    assert s.active_side == "su"
    assert not s.banked_segment["ge"]


def test_case_28_without_the_option_nothing_is_banked():
    s = started(units_for_long_turns(), dice=(6, 2), su_init=0)
    assert "bank_segment" not in legal_commands(s, "ge-1")


def play_until_both_had_three(s):
    # ge wins with 1 opening segment (diff 2 or 3): segments go ge, su, ge, su, ge, su; the
    # next one (ge's fourth) is the first to roll for Fog of War (17.6, D-SEQ-4).
    seats = {"ge": "ge-1", "su": "su-1"}
    for _ in range(6):
        s = one_segment(s, seats[s.active_side]).state
    assert s.turn_segments == {"ge": 3, "su": 3}
    return s, seats[s.active_side]


def test_case_29_fog_of_war_by_day_15_continues():
    s = started(units_for_long_turns(), dice=(2, 2), options=("fog_of_war",), su_init=2)
    s, seat = play_until_both_had_three(s)
    step = one_segment(s, seat, dice=(5, 5, 5))
    assert step.state.turn == 1
    assert step.events[-1].type == "fog_of_war_rolled"
    assert step.events[-1].data["total"] == 15


def test_case_29_fog_of_war_at_night_15_plus_1_ends_the_turn():
    """D-SEQ-4: the roll at the end of each of a side's segments once both had three."""
    s = started(units_for_long_turns(), dice=(2, 2), options=("fog_of_war",), su_init=2)
    s = replace(s, night=True)
    s, seat = play_until_both_had_three(s)
    step = one_segment(s, seat, dice=(5, 5, 5, 3, 1))
    assert "turn_ended_by_fog_of_war" in [e.type for e in step.events]
    assert step.state.turn == 2


def test_case_29_no_fog_of_war_roll_before_both_sides_had_three_segments():
    s = started(units_for_long_turns(), dice=(2, 2), options=("fog_of_war",), su_init=2)
    step = one_segment(s, "ge-1")
    assert "fog_of_war_rolled" not in [e.type for e in step.events]


def test_the_segment_that_completes_three_each_does_not_roll_for_fog_of_war_17_6():
    """17.6: "After both players have conducted three activation segments each, then each
    player rolls three dice at the end of each of his subsequent activation segments": the
    Soviets' third segment (ge had three already) is not a subsequent one (D-SEQ-4)."""
    s = started(units_for_long_turns(), dice=(2, 2), options=("fog_of_war",), su_init=2)
    seats = {"ge": "ge-1", "su": "su-1"}
    for _ in range(5):  # ge, su, ge, su, ge
        s = one_segment(s, seats[s.active_side]).state
    assert s.turn_segments == {"ge": 3, "su": 2} and s.active_side == "su"
    third = one_segment(s, "su-1")  # no dice: a roll would exhaust the scripted dice
    assert "fog_of_war_rolled" not in [e.type for e in third.events]
    fourth = one_segment(third.state, "ge-1", dice=(5, 5, 5))
    assert [e.data["side"] for e in fourth.events if e.type == "fog_of_war_rolled"] == ["ge"]


def test_case_30_logistics_a_fog_roll_of_3_is_a_shortfall_and_costs_initiative():
    s = started(units_for_long_turns(), dice=(2, 2), options=("fog_of_war", "logistics"),
                su_init=2)
    s, seat = play_until_both_had_three(s)
    side = s.active_side
    step = one_segment(s, seat, dice=(1, 1, 1))
    assert step.state.supply[side] == "shortfall"
    from games.rules.panzer_grenadier.core.sequence import current_initiative

    assert side == "ge" and current_initiative(step.state, step.state.side(side)) == 2  # 3 - 1
    zero = replace(step.state, sides=tuple(replace(x, initiative=0, initiative_base=0)
                                           for x in step.state.sides))
    assert current_initiative(zero, zero.side(side)) == 0  # never below zero


def test_case_30_a_second_3_or_4_on_a_later_turn_is_critical_but_not_on_the_same_turn():
    s = started(units_for_long_turns(), dice=(2, 2), options=("fog_of_war", "logistics"),
                su_init=2)
    s, seat = play_until_both_had_three(s)
    side = s.active_side
    s = one_segment(s, seat, dice=(1, 1, 1)).state
    other = {"ge": "ge-1", "su": "su-1"}[s.active_side]
    s = one_segment(s, other, dice=(3, 3, 3)).state  # the other side rolls 9
    assert s.active_side == side
    same_turn = one_segment(s, seat, dice=(2, 1, 1)).state
    assert same_turn.supply[side] == "shortfall"  # a second 3-4 on the same turn: no change
    later = replace(s, turn=2)
    assert one_segment(later, seat, dice=(1, 1, 2)).state.supply[side] == "critical"


def test_case_31_formation_activation_without_the_option_is_refused_and_never_offered():
    """D-FORM-2: with the option off, refused naming 17.7."""
    s = started(units_for_long_turns(), options=())
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", {"type": "activate", "kind": "formation", "formation": "ge-1"},
              ScriptedDice.of())
    assert exc.value.rule == "17.7"
    assert all(c.get("kind") != "formation" for c in legal_commands(s, "ge-1")["activate"])


def test_the_initiative_phase_waits_for_roll_initiative_d_seq_3():
    s = game(units_for_long_turns())
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", {"type": "pass"}, ScriptedDice.of())
    assert exc.value.rule == "3.0"


def test_d_act_3_a_reinforcements_entry_move_is_not_bound_by_the_leaderless_restriction():
    s = started([unit("ge-1", "ge_rifle", "ge", "A0210"), unit("su-1", "su_rifle", "su", "A0305"),
                 unit("ge-9", "ge_rifle", "ge", None, entry_turn=1, entry_edge="W")])
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-9"},
              ScriptedDice.of()).state
    assert s.activation.leaderless
    step = apply(s, "ge-1", {"type": "move", "unit": "ge-9", "path": ["A0105", "A0205"]},
                 ScriptedDice.of())
    assert step.state.units["ge-9"].hex is not None  # entered (a window may pause it)


def test_d_act_4_a_unit_may_move_in_several_commands_but_then_may_not_fire():
    s = started([unit("ge-1", "ge_rifle", "ge", "A0105"), unit("ge-2", "ge_rifle", "ge", "A0107"),
                 unit("su-1", "su_rifle", "su", "A1510")])
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-1"},
              ScriptedDice.of()).state
    s = apply(s, "ge-1", {"type": "move", "unit": "ge-1", "path": ["A0104"]},
              ScriptedDice.of()).state
    assert s.activation is not None and "ge-1" not in s.activation.done
    s = apply(s, "ge-1", {"type": "move", "unit": "ge-1", "path": ["A0103", "A0102"]},
              ScriptedDice.of()).state
    with pytest.raises(IllegalCommand):
        apply(s, "ge-1", {"type": "fire", "firers": ["ge-1"], "target": "A1510"},
              ScriptedDice.of())
    s = apply(s, "ge-1", {"type": "end_activation"}, ScriptedDice.of()).state
    assert s.activation is None
    assert s.units["ge-1"].moved_fired


def test_d_log_1_under_a_critical_shortfall_a_vehicle_may_run_out_of_fuel_when_it_moves():
    s = started([unit("ge-t", "ge_pz_iv", "ge", "A0105"), unit("su-1", "su_rifle", "su", "A1510")])
    s = replace(s, supply={"ge": "critical"})
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-t"},
              ScriptedDice.of()).state
    step = apply(s, "ge-1", {"type": "move", "unit": "ge-t", "path": ["A0104", "A0103"]},
                 ScriptedDice.of(2))
    assert step.state.units["ge-t"].eliminated
    assert step.dice_used[0].purpose == "fuel ge-t"
    assert any(e.type == "eliminated" and e.data["out_of_supply"] for e in step.events)
    ok = apply(s, "ge-1", {"type": "move", "unit": "ge-t", "path": ["A0104", "A0103"]},
               ScriptedDice.of(3))
    assert len(ok.dice_used) == 1  # one roll per activation, not per hex
    assert not ok.state.units["ge-t"].eliminated


def test_units_leave_the_map_through_their_sides_exit_edge_16_5():
    from types import SimpleNamespace

    from tests.rules.panzer_grenadier.turnkit import scenario

    s = started([unit("ge-1", "ge_rifle", "ge", "A0205"), unit("su-1", "su_rifle", "su", "A1510")],
                scenario_id="test-exit")
    scenario(id="test-exit", victory=SimpleNamespace(
        exits=[SimpleNamespace(side="ge", edge="W", points_per_step=1)], hexes=()))
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-1"},
              ScriptedDice.of()).state
    offers = legal_commands(s, "ge-1")["exit"]
    assert {"type": "exit", "unit": "ge-1", "path": ["A0105"]} in offers
    step = apply(s, "ge-1", {"type": "exit", "unit": "ge-1", "path": ["A0105"]},
                 ScriptedDice.of())
    gone = step.state.units["ge-1"]
    assert gone.exited and gone.hex is None
    assert "exited" in [e.type for e in step.events]
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", {"type": "exit", "unit": "ge-1", "path": ["A0305"]}, ScriptedDice.of())
    assert exc.value.rule == "16.5"


# -- Excess Initiative for the turn only, and after Fog of War (17.4, D-EXCESS-1) -------------


def banked_game(options=("excess_initiative",)):
    s = started(units_for_long_turns(), dice=(6, 2), options=options, su_init=0)
    return apply(s, "ge-1", {"type": "bank_segment"}, ScriptedDice.of()).state


def test_a_saved_segment_is_for_the_current_turn_only_17_4():
    """17.4: "use it any time during the turn": the next turn's initiative clears it."""
    s = banked_game()
    assert s.banked_segment["ge"]
    nxt = apply(s, "ge-1", {"type": "pass"}, ScriptedDice.of()).state
    nxt = apply(nxt, "su-1", {"type": "pass"}, ScriptedDice.of(6, 2)).state
    assert nxt.turn == 2 and not nxt.banked_segment.get("ge")
    assert "double_segment" not in legal_commands(nxt, "ge-1")


def test_a_saved_segment_may_still_be_played_after_fog_of_war_ends_the_turn_17_4():
    """17.4: "A player may use this saved action to perform an action after the turn is
    directed to end due to Fog of War dice roll" (D-EXCESS-1)."""
    s = banked_game(("excess_initiative", "fog_of_war"))
    seats = {"ge": "ge-1", "su": "su-1"}
    while any(s.turn_segments.get(x, 0) < 3 for x in ("ge", "su")):
        s = one_segment(s, seats[s.active_side], dice=(5, 5, 5)).state
    roller = s.active_side
    step = one_segment(s, seats[roller], dice=(6, 6, 6))  # 18: the turn is to end
    s = step.state
    assert "saved_segment_after_fog_of_war" in [e.type for e in step.events]
    assert s.turn == 1 and s.active_side == "ge" and s.fog_ended and not s.banked_segment["ge"]
    s = one_segment(s, "ge-1", dice=(6, 2)).state  # the saved segment, then the turn ends
    assert s.turn == 2 and not s.fog_ended


# -- Logistics shortfall: the player who rolled, the initiative at once (17.10, D-LOG-3) ------


def team_game(options=("fog_of_war", "logistics")):
    seats = (st.SeatState("ge-a", "ge", frozenset({"ge-1", "ge-2", "ge-3", "ge-4"})),
             st.SeatState("ge-b", "ge", frozenset()),
             st.SeatState("su-1", "su", frozenset()))
    return started(units_for_long_turns(), dice=(2, 2), options=options, su_init=2, seats=seats)


def seat_segment(s, seat, dice=()):
    """One segment in which `seat` activates one of its own counters and ends."""
    from games.rules.panzer_grenadier.core.activation import commands_unit

    uid = next(u.id for u in sorted(s.units.values(), key=lambda u: u.id)
               if commands_unit(s, seat, u) and not u.moved_fired)
    s = apply(s, seat, {"type": "activate", "kind": "unit", "unit": uid}, ScriptedDice.of()).state
    return apply(s, seat, {"type": "end_activation"}, ScriptedDice.of(*dice))


def test_in_a_team_game_only_the_player_who_rolled_3_or_4_is_in_shortfall_17_10():
    """17.10 Multi-Player Games: "only individual players who obtain a 3 or 4 on a Fog of War
    dice roll experience Logistics Shortfall, not the whole side" (D-LOG-3)."""
    from games.rules.panzer_grenadier.core.state import supply_level

    s = team_game()
    seats = {"ge": "ge-a", "su": "su-1"}
    while any(s.turn_segments.get(x, 0) < 3 for x in ("ge", "su")) or s.active_side != "ge":
        s = seat_segment(s, seats[s.active_side], dice=(5, 5, 5)).state
    step = seat_segment(s, "ge-a", dice=(1, 1, 1))
    s = step.state
    assert s.supply == {"ge-a": "shortfall"}
    assert {"type": "supply_shortfall", "side": "ge", "seat": "ge-a"} in [
        e.to_json() for e in step.events]
    assert supply_level(s, s.units["ge-1"]) == "shortfall"  # ge-a's platoon
    assert supply_level(s, s.units["ge-5"]) == ""  # ge-b's platoon fires and moves in full


def test_a_shortfall_cuts_the_initiative_immediately_17_10():
    """17.10: "The player's Initiative is immediately reduced by one" (D-LOG-3)."""
    s = started(units_for_long_turns(), dice=(2, 2), options=("fog_of_war", "logistics"),
                su_init=2)
    s, seat = play_until_both_had_three(s)
    side = s.active_side
    before = s.side(side).initiative
    after = one_segment(s, seat, dice=(1, 1, 1)).state
    assert after.side(side).initiative == before - 1


def test_d_assault_move_a_move_may_not_run_on_into_an_enemy_hex_12_1():
    """D-ASSAULT-MOVE: the move command, like the offer, enters an enemy hex only as the first
    hex of a unit's movement in the activation."""
    s = started([unit("ge-1", "ge_rifle", "ge", "A0205"), unit("ge-lt", "ge_ldr_lt_a", "ge", "A0205"),
                 unit("su-1", "su_rifle", "su", "A0207")])
    s = apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
              ScriptedDice.of()).state
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", {"type": "move", "unit": "ge-1", "path": ["A0206", "A0207"]},
              ScriptedDice.of(*[6] * 20))
    assert exc.value.rule == "12.1"
    assert all(c.get("path", [None])[-1] != "A0207" or len(c["path"]) == 1
               for c in legal_commands(s, "ge-1").get("move", []))


def test_d_drumfire_extra_a_further_firer_adds_a_spotted_marker_only_if_it_shelled_the_hex_last_turn():
    """17.2: "Place an additional Spotted marker for each additional unit or increment that
    fires at the same hex on other activations." Read as each further firer meeting the same
    condition as the first: it bombarded that hex on the previous turn too. A gun shelling
    the drumfire hex for the first time adds no marker and attacks no one entering it."""
    scene = Scene()
    for uid, where in (("a1", "0201"), ("a2", "1001"), ("a3", "1201")):
        scene.add(uid, "artillery", "ge", where)
    scene.add("r1", "rifle", "ru", "0206")
    h = scene.hex("0206")
    state = scene.state(options=frozenset({"drumfire"}), turn=4)
    state = replace(state, markers={h: frozenset({"bombarded:3:a1", "bombarded:3:a3"})})

    def shell(state, gun):
        return record_bombardment(scene.map, state, FireDeclaration((gun,), h, kind="bombardment"))[0]

    state = shell(state, "a1")
    assert spotted_markers(state, h) == 2
    state = shell(state, "a2")  # in a later activation, but it did not shell the hex on turn 3
    assert spotted_markers(state, h) == 2 and [f for f, _, _ in drumfire_firers(state, h)] == ["a1"]
    state = shell(state, "a3")  # it did: one more marker, and it joins the attacks on entry
    assert spotted_markers(state, h) == 3
    assert sorted(f for f, _, _ in drumfire_firers(state, h)) == ["a1", "a3"]


def at_hex(label: str):
    return board_map("mill").parse_label(label)


def river_crossing_setup():
    # Mill board: A1808 is river between two clear hexes; German pioneers stand in it.
    s = started([
        unit("ge-t", "ge_pz_iv", "ge", "A1807"),
        unit("ge-e", "ge_pioneer", "ge", "A1808"),
        unit("su-1", "su_rifle", "su", "A0101"),
    ], board="mill", scenario_id="test-river")
    return apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-t"},
                 ScriptedDice.of()).state


def test_5_7_a_path_that_goes_on_past_a_river_hex_with_engineers_enters_it_the_normal_way():
    # The move search offers the river hex both ways: with the engineers' help (2 MP, the
    # move ends there, 5.7) and the normal way (4 MP, the move may go on). A path that leaves
    # the hex again can only mean the normal way, and the engine takes it so.
    s = river_crossing_setup()
    on = {"type": "move", "unit": "ge-t", "path": ["A1808", "A1809"]}
    assert on in legal_commands(s, "ge-1")["move"]
    moved = apply(s, "ge-1", on, ScriptedDice.of()).state
    assert moved.units["ge-t"].hex == at_hex("A1809")
    assert moved.activation.mp_spent["ge-t"] > 4  # the river's full 4 MP, then the bank


def test_5_7_a_path_that_stops_in_the_river_hex_crosses_with_the_engineers_help():
    s = river_crossing_setup()
    step = apply(s, "ge-1", {"type": "move", "unit": "ge-t", "path": ["A1808"]},
                 ScriptedDice.of())
    assert step.state.units["ge-t"].hex == at_hex("A1808")
    assert step.state.activation is None  # the crossing ended the move, and the activation
