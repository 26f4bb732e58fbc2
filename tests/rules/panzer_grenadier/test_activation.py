"""Activations (3.1-3.3, 6.0, 14.4, D3, D5, D21): who is activated together, and Moved/Fired."""

from __future__ import annotations

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from tests.rules.panzer_grenadier.turnkit import started, step_from, unit

NO_DICE = ScriptedDice.of


def activate(s, seat, kind, **kw):
    return apply(s, seat, {"type": "activate", "kind": kind, **kw}, NO_DICE()).state


def test_a_leader_activates_his_hex_and_adjacent_hexes_chaining_down_in_rank():
    cpt = "A0305"
    lt = step_from(cpt, 3)  # adjacent to the captain
    near_lt = step_from(lt, 3)  # two from the captain, adjacent to the lieutenant
    beyond = step_from(near_lt, 3)  # two from the lieutenant
    s = started([
        unit("ge-cpt", "ge_ldr_cpt_a", "ge", cpt),
        unit("ge-lt", "ge_ldr_lt_a", "ge", lt),
        unit("ge-maj", "ge_ldr_maj", "ge", step_from(cpt, 0)),  # adjacent but outranks him
        unit("ge-1", "ge_rifle", "ge", cpt),
        unit("ge-2", "ge_rifle", "ge", near_lt),
        unit("ge-3", "ge_rifle", "ge", beyond),
        unit("su-1", "su_rifle", "su", "A1505"),
    ])
    s = activate(s, "ge-1", "leader", unit="ge-cpt")
    assert s.activation.units == {"ge-cpt", "ge-lt", "ge-1", "ge-2"}
    assert s.activation.leaderless is False


def test_a_demoralized_subordinate_leader_joins_but_extends_nothing_d_act_2():
    cpt = "A0305"
    lt = step_from(cpt, 3)
    s = started([
        unit("ge-cpt", "ge_ldr_cpt_a", "ge", cpt),
        unit("ge-lt", "ge_ldr_lt_a", "ge", lt, status=st.DEMORALIZED),
        unit("ge-2", "ge_rifle", "ge", step_from(lt, 3)),
        unit("su-1", "su_rifle", "su", "A1505"),
    ])
    s = activate(s, "ge-1", "leader", unit="ge-cpt")
    assert s.activation.units == {"ge-cpt", "ge-lt"}


def test_a_demoralized_leader_cannot_activate_others_d_act_2():
    s = started([
        unit("ge-lt", "ge_ldr_lt_a", "ge", "A0305", status=st.DEMORALIZED),
        unit("ge-1", "ge_rifle", "ge", "A0305"),
        unit("su-1", "su_rifle", "su", "A1505"),
    ])
    with pytest.raises(IllegalCommand) as exc:
        activate(s, "ge-1", "leader", unit="ge-lt")
    assert exc.value.rule == "D-ACT-2"


def test_an_afv_group_takes_afvs_in_its_hex_and_adjacent_hexes_only_d5():
    t1 = "A0305"
    s = started([
        unit("ge-t1", "ge_pz_iv", "ge", t1),
        unit("ge-t2", "ge_pz_iv", "ge", step_from(t1, 2)),
        unit("ge-t3", "ge_pz_iv", "ge", step_from(t1, 2, 2)),  # two hexes away: no chain
        unit("ge-1", "ge_rifle", "ge", step_from(t1, 3)),  # adjacent, but not an AFV
        unit("su-1", "su_rifle", "su", "A1505"),
    ])
    s2 = activate(s, "ge-1", "afv_group", unit="ge-t1")
    assert s2.activation.units == {"ge-t1", "ge-t2"}
    assert s2.activation.leaderless is True  # no tank leader: D3 binds (D5)


def test_a_tank_leader_with_the_afv_makes_the_group_led_d5():
    s = started([
        unit("ge-t1", "ge_pz_iv", "ge", "A0305"),
        unit("ge-tl", "ge_ldr_tank_lt", "ge", "A0305"),
        unit("ge-t2", "ge_pz_iv", "ge", step_from("A0305", 2)),
        unit("su-1", "su_rifle", "su", "A1505"),
    ])
    s = activate(s, "ge-1", "afv_group", unit="ge-t1")
    assert s.activation.leaderless is False


def test_d3_a_leaderless_unit_may_not_move_closer_to_an_enemy_that_could_harm_it():
    me = "A0205"
    enemy = step_from(me, 3, 3, 3, 3)  # 4 hexes south: just out of the rifle's range 3
    s = started([unit("ge-1", "ge_rifle", "ge", me), unit("su-1", "su_rifle", "su", enemy)])
    s = activate(s, "ge-1", "unit", unit="ge-1")
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", {"type": "move", "unit": "ge-1", "path": [step_from(me, 3)]}, NO_DICE())
    assert exc.value.rule == "D3"
    # Moving away is fine.
    step = apply(s, "ge-1", {"type": "move", "unit": "ge-1", "path": [step_from(me, 0)]},
                 NO_DICE())
    assert step.state.units["ge-1"].hex is not None
    offered = [c["path"][-1] for c in legal_commands(s, "ge-1").get("move", [])]
    assert step_from(me, 3) not in offered


def test_d3_does_not_bind_units_a_leader_activated():
    me = "A0205"
    enemy = step_from(me, 3, 3, 3, 3)
    s = started([
        unit("ge-1", "ge_rifle", "ge", me),
        unit("ge-lt", "ge_ldr_lt_a", "ge", me),
        unit("su-1", "su_rifle", "su", enemy),
    ])
    s = activate(s, "ge-1", "leader", unit="ge-lt")
    step = apply(s, "ge-1", {"type": "move", "unit": "ge-1", "path": [step_from(me, 3)]},
                 NO_DICE())
    # Now within the enemy rifle's range: the move pauses for opportunity fire (13.0).
    assert step.state.opfire is not None and step.state.opfire.mover == "ge-1"


def test_every_activated_counter_is_marked_moved_fired_and_cannot_activate_again():
    """D-ACT-1: every activated counter gets Moved/Fired when the activation ends."""
    s = started([
        unit("ge-1", "ge_rifle", "ge", "A0205"),
        unit("ge-2", "ge_rifle", "ge", "A0205"),
        unit("ge-3", "ge_rifle", "ge", "A0105"),
        unit("su-1", "su_rifle", "su", "A1505"),
    ], dice=(6, 1))  # ge wins by 7: three opening segments
    s = activate(s, "ge-1", "stack", hex="A0205")
    s = apply(s, "ge-1", {"type": "end_activation"}, NO_DICE()).state
    assert s.units["ge-1"].moved_fired and s.units["ge-2"].moved_fired
    assert not s.units["ge-3"].moved_fired
    with pytest.raises(IllegalCommand) as exc:
        activate(s, "ge-1", "unit", unit="ge-1")
    assert "Moved/Fired" in exc.value.message


def test_a_unit_moves_or_fires_not_both():
    me = "A0205"
    s = started([unit("ge-1", "ge_rifle", "ge", me), unit("ge-2", "ge_rifle", "ge", "A0105"),
                 unit("su-1", "su_rifle", "su", "A1510")])
    s = activate(s, "ge-1", "unit", unit="ge-1")
    s = apply(s, "ge-1", {"type": "move", "unit": "ge-1", "path": [step_from(me, 0)]},
              NO_DICE()).state
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", {"type": "fire", "firers": ["ge-1"], "target": "A1510"}, NO_DICE())
    assert exc.value.rule == "3.1"


def test_recovery_activation_marks_the_unit_and_the_helping_leader():
    """14.4: the unit and the leader helping do nothing else and get Moved/Fired."""
    s = started([
        unit("ge-1", "ge_rifle", "ge", "A0205", status=st.DISRUPTED),
        unit("ge-lt", "ge_ldr_lt_a", "ge", "A0205"),
        unit("ge-2", "ge_rifle", "ge", "A0110"),
        unit("su-1", "su_rifle", "su", "A1505"),
    ])
    s = activate(s, "ge-1", "leader", unit="ge-lt")
    assert {"type": "recover", "unit": "ge-1", "leader": "ge-lt"} in legal_commands(
        s, "ge-1")["recover"]
    step = apply(s, "ge-1", {"type": "recover", "unit": "ge-1", "leader": "ge-lt"},
                 ScriptedDice.of(1, 1))
    after = step.state
    assert after.units["ge-1"].status == st.GOOD  # natural 2: full recovery
    assert after.activation is None  # both were all it held: the activation ended by itself
    assert after.units["ge-1"].moved_fired and after.units["ge-lt"].moved_fired


def two_seat_game():
    seats = (
        st.SeatState("ge-a", "ge", frozenset({"ge-1"})),
        st.SeatState("ge-b", "ge", frozenset({"ge-2"})),
        st.SeatState("su-1", "su", frozenset()),
    )
    return started([
        unit("ge-1", "ge_rifle", "ge", "A0205"),
        unit("ge-2", "ge_rifle", "ge", "A0105"),
        unit("su-1", "su_rifle", "su", "A1505"),
    ], seats=seats)


def test_d21_any_seat_of_the_side_with_units_to_act_may_take_its_segment():
    s = two_seat_game()
    assert legal_commands(s, "ge-a")["activate"] == [
        {"type": "activate", "kind": "unit", "unit": "ge-1", "units": ["ge-1"]}]
    assert legal_commands(s, "ge-b")["activate"] == [
        {"type": "activate", "kind": "unit", "unit": "ge-2", "units": ["ge-2"]}]
    assert legal_commands(s, "su-1") == {}


def test_d21_a_seat_may_not_activate_another_seats_unit():
    s = two_seat_game()
    with pytest.raises(IllegalCommand) as exc:
        activate(s, "ge-b", "unit", unit="ge-1")
    assert exc.value.code == "command/not_your_activation"


def test_d21_while_one_seat_activates_the_others_wait():
    s = activate(two_seat_game(), "ge-a", "unit", unit="ge-1")
    assert legal_commands(s, "ge-b") == {}
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-b", {"type": "end_activation"}, NO_DICE())
    assert exc.value.code == "command/not_your_activation"
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "su-1", {"type": "pass"}, NO_DICE())
    assert exc.value.code == "command/not_your_activation"


def test_d_act_5_an_activated_demoralized_unit_must_try_to_recover_before_the_activation_ends():
    s = started([
        unit("ge-1", "ge_rifle", "ge", "A0205", status=st.DEMORALIZED),
        unit("ge-2", "ge_rifle", "ge", "A0205"),
        unit("su-1", "su_rifle", "su", "A1510"),
    ])
    s = activate(s, "ge-1", "stack", hex="A0205")
    legal = legal_commands(s, "ge-1")
    assert "end_activation" not in legal
    assert {"type": "recover", "unit": "ge-1"} in legal["recover"]
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", {"type": "end_activation"}, NO_DICE())
    assert exc.value.rule == "14.3"
    s = apply(s, "ge-1", {"type": "recover", "unit": "ge-1"}, ScriptedDice.of(3, 3)).state
    assert "end_activation" in legal_commands(s, "ge-1")


def test_a_unit_disrupted_after_it_began_to_move_is_offered_no_further_move_14_2():
    """Found by random play: a truck disrupted by fire on its way had moved one hex and was
    still offered a move the engine then refused. A disrupted unit moves one hex (14.2)."""
    from dataclasses import replace

    from games.rules.common.dice import ScriptedDice as Dice
    from games.rules.panzer_grenadier.legal import legal_commands

    s = started([unit("ge-1", "ge_rifle", "ge", "A0101"), unit("su-1", "su_rifle", "su", "A1510")])
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-1"}, Dice.of()).state
    s = apply(s, "ge-1", {"type": "move", "unit": "ge-1", "path": ["A0102"]}, Dice.of()).state
    assert any(c.get("unit") == "ge-1" for c in legal_commands(s, "ge-1").get("move", ()))
    hit = s.with_unit(replace(s.units["ge-1"], status="disrupted"))
    assert not any(c.get("unit") == "ge-1" for c in legal_commands(hit, "ge-1").get("move", ()))


def leader_with_men():
    cpt = "A0305"
    return started([
        unit("ge-cpt", "ge_ldr_cpt_a", "ge", cpt),
        unit("ge-1", "ge_rifle", "ge", cpt),
        unit("ge-2", "ge_rifle", "ge", step_from(cpt, 3)),  # adjacent: he leads it too
        unit("ge-3", "ge_rifle", "ge", step_from(cpt, 3, 3)),  # two hexes away: not his
        unit("su-1", "su_rifle", "su", "A1505"),
    ])


def test_3_1_each_activation_offered_lists_the_units_it_activates_and_activates_exactly_them():
    """The player sees whom an activation opens before choosing it: a leader's lists the
    units of his hex and the adjacent ones (3.1), a stack's every counter of its hex."""
    s = leader_with_men()
    offered = legal_commands(s, "ge-1")["activate"]
    led = next(c for c in offered if c["kind"] == "leader")
    assert led == {"type": "activate", "kind": "leader", "unit": "ge-cpt",
                   "units": ["ge-1", "ge-2", "ge-cpt"]}
    stack = next(c for c in offered if c["kind"] == "stack")
    assert stack["units"] == ["ge-1", "ge-cpt"]
    assert all(c["units"] == [c["unit"]] for c in offered if c["kind"] == "unit")
    for command in (led, stack):
        after = apply(s, "ge-1", command, NO_DICE()).state
        assert sorted(after.activation.units) == command["units"]


def test_3_1_an_activation_listing_other_units_than_it_would_activate_is_refused():
    s = leader_with_men()
    with pytest.raises(IllegalCommand, match="not the units listed") as exc:
        activate(s, "ge-1", "leader", unit="ge-cpt", units=["ge-1", "ge-2", "ge-3", "ge-cpt"])
    assert exc.value.rule == "3.1"
    assert s.activation is None
