"""Observation points, ranges and the reveal procedure of the double-blind variant (18.0)."""

from __future__ import annotations

from dataclasses import replace

from games.rules.common.dice import ScriptedDice
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.double_blind import observation as ob
from games.rules.panzer_grenadier.double_blind import razvedka
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.views import view_for
from tests.rules.panzer_grenadier.dbkit import at, db_game, unit


def observed(state, side):
    return set(ob.observe(state).observed[side])


def test_an_undemoralized_combat_unit_or_leader_makes_an_op_in_its_hex_18_1():
    s = db_game([unit("ge-r", "ge_rifle", "ge", "A0101"), unit("ge-l", "ge_ldr_lt_a", "ge", "A0110"),
                 unit("su-r", "su_rifle", "su", "A2012")])
    ops = ob.observation_points(s, "ge")
    assert at("A0101") in ops and at("A0110") in ops


def test_unarmed_transport_makes_no_op_18_1():
    s = db_game([unit("ge-t", "ge_truck", "ge", "A0101"),
                 unit("su-r", "su_rifle", "su", "A0105", status=st.DEMORALIZED)])
    assert ob.observation_points(s, "ge") == {}
    assert observed(s, "ge") == set()


def test_stationary_infantry_makes_adjacent_ops_and_loses_them_when_it_moves_18_1_18_2():
    """D-DB-OP: every adjacent hex, while the unit has not moved this segment."""
    s = db_game([unit("ge-r", "ge_rifle", "ge", "A0505"), unit("su-r", "su_rifle", "su", "A2012")])
    ops = ob.observation_points(s, "ge")
    assert at("A0504") in ops and at("A0506") in ops
    moving = s.with_unit(st.UnitState(**{**_fields(s.units["ge-r"]),
                                         "last_moved_segment": s.segment}))
    ops = ob.observation_points(moving, "ge")
    assert set(ops) == {at("A0505")}


def test_recon_infantry_carries_its_adjacent_ops_while_moving_18_2():
    s = db_game([unit("ge-s", "ge_recon", "ge", "A0505"), unit("su-r", "su_rifle", "su", "A2012")])
    moving = s.with_unit(st.UnitState(**{**_fields(s.units["ge-s"]),
                                         "last_moved_segment": s.segment}))
    assert at("A0504") in ob.observation_points(moving, "ge")


def test_demoralized_units_observe_nothing_18_5():
    s = db_game([unit("ge-r", "ge_rifle", "ge", "A0101", status=st.DEMORALIZED),
                 unit("su-r", "su_rifle", "su", "A0103")])
    assert observed(s, "ge") == set()
    assert observed(s, "su") == {"ge-r"}


def test_units_in_an_assault_hex_observe_only_adjacent_hexes_18_5():
    s = db_game([unit("ge-r", "ge_rifle", "ge", "A0103"), unit("su-r", "su_rifle", "su", "A0103"),
                 unit("su-far", "su_rifle", "su", "A0106")])
    ops = ob.observation_points(s, "ge")
    assert ops[at("A0103")].assault
    assert observed(s, "ge") == {"su-r"}


def test_ops_see_12_hexes_into_clear_terrain_and_3_into_limiting_terrain_18_5():
    s = db_game([unit("ge-r", "ge_rifle", "ge", "A0101"), unit("su-r", "su_rifle", "su", "A2012")])
    op = ob.OP(at("A0205"))
    assert ob.observation_range(s, op, at("A0101")) == 12
    assert ob.observation_range(s, op, at("A0209")) == 3  # light woods


def test_hidden_units_are_observed_at_a_quarter_range_17_8():
    s = db_game([unit("ge-r", "ge_rifle", "ge", "A0101"),
                 unit("su-h", "su_rifle", "su", "A0106", hidden=True),
                 unit("su-near", "su_rifle", "su", "A0104", hidden=True)])
    # 12 / 4 = 3 hexes, from the rifle's hex or the OPs it makes next to it (A0102)
    assert observed(s, "ge") == {"su-near"}


def test_reveal_procedure_runs_to_a_fixed_point_a_revealed_truck_observes_18_4():
    # The truck makes no OP; the Soviet rifle observes it, so it is revealed and becomes an OP,
    # which observes the Soviets next to it.
    s = db_game([unit("ge-t", "ge_truck", "ge", "A0105"), unit("su-r", "su_rifle", "su", "A0107")])
    assert observed(s, "su") == {"ge-t"}
    assert observed(s, "ge") == {"su-r"}


def test_a_leader_stacked_with_infantry_is_never_observed_and_a_lone_leader_is_18_6():
    s = db_game([unit("su-r", "su_rifle", "su", "A0101"),
                 unit("ge-r", "ge_rifle", "ge", "A0103"), unit("ge-l", "ge_ldr_lt_a", "ge", "A0103"),
                 unit("ge-l2", "ge_ldr_lt_b", "ge", "A0104")])
    assert observed(s, "su") == {"ge-r", "ge-l2"}


def test_moving_vehicles_observe_3_hexes_into_clear_terrain_with_the_addition_d_db_moving():
    units = [unit("ge-tk", "ge_pz_iv", "ge", "A0101", last_moved_segment=1),
             unit("su-r", "su_rifle", "su", "A0105", status=st.DEMORALIZED)]
    plain = db_game(units)
    assert observed(plain, "ge") == {"su-r"}
    s = db_game(units, additions=("db_moving_observers",))
    assert ob.observation_points(s, "ge")[at("A0101")].moving == "vehicle"
    assert observed(s, "ge") == set()


def test_dug_in_infantry_counts_as_limiting_terrain_with_the_low_profile_addition():
    units = [unit("ge-r", "ge_rifle", "ge", "A0101"),
             unit("su-r", "su_rifle", "su", "A0106", dug_in=True, status=st.DEMORALIZED)]
    assert observed(db_game(units), "ge") == {"su-r"}
    assert observed(db_game(units, additions=("db_low_profile",)), "ge") == set()


def _fields(u):
    return {f: getattr(u, f) for f in u.__slots__}


def test_moving_observer_ranges_last_until_the_end_of_the_opposing_players_next_activation():
    """18.11 addition 1: "Observation ranges for moving units remain in effect until the end of
    the opposing player's next activation": through the mover's further opening segments, and
    until the enemy has finished one of his own (D-DB-MOVING)."""
    units = [unit("ge-tk", "ge_pz_iv", "ge", "A0101"), unit("ge-a", "ge_rifle", "ge", "A0301"),
             unit("ge-b", "ge_rifle", "ge", "A0401"), unit("su-a", "su_rifle", "su", "A2012"),
             unit("su-b", "su_rifle", "su", "A2011")]
    s = db_game(units, additions=("db_moving_observers",), dice=(6, 1))
    assert s.opening_segments_left == 3

    def segment(s, seat, uid, move=None):
        s = apply(s, seat, {"type": "activate", "kind": "unit", "unit": uid},
                  ScriptedDice.of()).state
        if move:
            s = apply(s, seat, {"type": "move", "unit": uid, "path": move}, ScriptedDice.of()).state
        if s.activation is not None:
            s = apply(s, seat, {"type": "end_activation"}, ScriptedDice.of()).state
        return s

    def moving(s):
        return ob.observation_points(s, "ge")[s.units["ge-tk"].hex].moving

    s = segment(s, "ge-1", "ge-tk", ["A0102"])
    assert moving(s) == "vehicle"
    s = segment(s, "ge-1", "ge-a")
    s = segment(s, "ge-1", "ge-b")  # the third opening segment: two segments after the move
    assert s.active_side == "su" and moving(s) == "vehicle"
    s = apply(s, "su-1", {"type": "activate", "kind": "unit", "unit": "su-a"},
              ScriptedDice.of()).state
    assert moving(s) == "vehicle"  # during the opposing player's activation
    s = apply(s, "su-1", {"type": "end_activation"}, ScriptedDice.of()).state
    assert moving(s) is None  # it has ended


def test_moving_observer_ranges_last_through_the_opposing_sides_automatic_passes_d_db_moving():
    """An automatic pass (the opposing side has nothing left to activate, D-SEQ-2) is no
    activation of the opposing player's: the tank keeps its moving range through them, to the
    end of the turn and into the next, until the opposing player finishes an activation
    (18.11 addition 1, D-DB-MOVING)."""
    units = [unit("ge-tk", "ge_pz_iv", "ge", "A0101"), unit("ge-a", "ge_rifle", "ge", "A0301"),
             unit("ge-b", "ge_rifle", "ge", "A0401"), unit("ge-c", "ge_rifle", "ge", "A0501"),
             unit("su-a", "su_rifle", "su", "A2012")]
    s = db_game(units, additions=("db_moving_observers",), dice=(6, 1))
    s = s.with_unit(replace(s.units["su-a"], moved_fired=True))  # the Soviets are spent
    assert s.opening_segments_left == 3

    def segment(s, seat, uid, move=None, dice=()):
        s = apply(s, seat, {"type": "activate", "kind": "unit", "unit": uid}, ScriptedDice.of()).state
        if move:
            s = apply(s, seat, {"type": "move", "unit": uid, "path": move}, ScriptedDice.of()).state
        step = apply(s, seat, {"type": "end_activation"}, ScriptedDice.of(*dice))
        return step.state, step.events

    def moving(s):
        return ob.observation_points(s, "ge")[s.units["ge-tk"].hex].moving

    s, _ = segment(s, "ge-1", "ge-tk", ["A0102"])
    s, _ = segment(s, "ge-1", "ge-a")
    s, events = segment(s, "ge-1", "ge-b")  # the opening ends; the Soviets pass automatically
    assert any(e.type == "passed" and e.data.get("automatic") for e in events)
    assert s.active_side == "ge" and moving(s) == "vehicle"
    # ge-c's segment: the Soviets pass again, the Germans have nothing left, the turn ends and
    # turn 2's initiative goes to the Soviets (German 1 + 3, Soviet 6 + 2).
    s, events = segment(s, "ge-1", "ge-c", dice=(1, 6))
    assert s.turn == 2 and s.active_side == "su"
    assert moving(s) == "vehicle"  # no Soviet activation has ended since the move
    s = apply(s, "su-1", {"type": "activate", "kind": "unit", "unit": "su-a"}, ScriptedDice.of()).state
    assert moving(s) == "vehicle"
    s = apply(s, "su-1", {"type": "end_activation"}, ScriptedDice.of()).state
    assert moving(s) is None


def test_teammates_share_their_observation_points_d_db_allied():
    """18.0 Basics: "In multiplayer games, allied observation points may be used, depending on
    player agreement": the engine keeps knowledge per side, so the agreement is taken as
    given. The Soviet platoon is observed only by the eastern player's platoon, and the
    western player's view shows it too (D-DB-ALLIED)."""
    seats = (st.SeatState("ge-1", "ge", frozenset(), sector=(0, 9)),
             st.SeatState("ge-2", "ge", frozenset(), sector=(10, 19)),
             st.SeatState("su-1", "su", frozenset()))
    west, east = unit("ge-w", "ge_rifle", "ge", "A0505"), unit("ge-e", "ge_rifle", "ge", "A1505")
    enemy = unit("su-r", "su_rifle", "su", "A1508")
    options = ("double_blind", "sector_command")
    alone = db_game([west, enemy], seats=seats, options=options)
    assert observed(alone, "ge") == set()  # the western platoon alone does not see it
    s = db_game([west, east, enemy], seats=seats, options=options)
    assert observed(s, "ge") == {"su-r"}
    for seat in ("ge-1", "ge-2"):
        assert [u["side"] for u in view_for(s, ("seat", seat))["units"]].count("su") == 1


def test_razvedka_never_reports_a_hex_holding_only_leaders_d_db_razvedka():
    """18.10: "Leaders are never revealed by Razvedka": a lone leader's hex is not rolled for
    (an empty report would still say the hex is occupied); a platoon's hex is."""
    s = db_game([unit("su-r", "su_rifle", "su", "A0101"),
                 unit("ge-l", "ge_ldr_lt_a", "ge", "A1001"), unit("ge-a", "ge_rifle", "ge", "A1110")])
    assert not set(ob.observe(s).observed["su"])
    after, events = razvedka.roll(s, "su", ScriptedDice.of(6))  # one roll: the platoon's hex
    assert [e.data["hex"] for e in events] == ["A1110"]
    assert [r.hex for r in after.intel["su"].reports] == [at("A1110")]
