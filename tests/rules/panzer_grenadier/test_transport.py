"""Transport (5.6) and engineer river crossings (5.7)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from movement_world import CATALOGUE, at, board, state, unit

from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.core.movement import reachable
from games.rules.panzer_grenadier.core.state import DEMORALIZED, DISRUPTED, GOOD
from games.rules.panzer_grenadier.core.transport import (
    capacity_of,
    carrier_status_changed,
    carry_problem,
    is_crossing_with_engineers,
    is_riding_afv,
    is_towed_weapon,
    load,
    passengers_of,
    unload,
)

MAP = board(["....", "...."])
HERE, THERE = at(MAP, "0101"), at(MAP, "0201")


def test_loading_costs_one_mp_to_both():
    """D-TRN-1: 1 MP each, carrier and passenger, in the same hex."""
    s = state([unit("t", "truck", HERE), unit("p", "rifle5", HERE)])
    done = load(s, "p", "t", catalogue=CATALOGUE)
    assert done.state.units["p"].carried_by == "t"
    assert done.mp_spent == {"t": 1, "p": 1}
    assert s.units["p"].carried_by is None  # the input state is untouched


def test_loading_needs_the_mp():
    s = state([unit("t", "truck", HERE), unit("p", "rifle5", HERE)])
    with pytest.raises(IllegalCommand) as err:
        load(s, "p", "t", catalogue=CATALOGUE, mp_spent={"p": Fraction(9, 2)})
    assert err.value.rule == "5.6" and "1/2 MP left" in err.value.message


def test_loading_needs_the_same_hex_and_the_same_side():
    s = state(
        [
            unit("t", "truck", HERE),
            unit("p", "rifle5", THERE),
            unit("x", "rifle5", HERE, side="allies"),
        ]
    )
    assert "same hex" in carry_problem(s, "p", "t", catalogue=CATALOGUE)
    assert "side" in carry_problem(s, "x", "t", catalogue=CATALOGUE)


def test_capacity_is_respected_and_leaders_ride_free():
    """D-TRN-3: capacity counts personnel and weapons; leaders ride free."""
    s = state(
        [
            unit("t", "truck", HERE),
            unit("p", "rifle5", HERE, carried_by="t"),
            unit("q", "rifle5", HERE),
            unit("l", "lt", HERE),
        ]
    )
    assert "full" in carry_problem(s, "q", "t", catalogue=CATALOGUE)
    assert carry_problem(s, "l", "t", catalogue=CATALOGUE) is None
    bus = state(
        [
            unit("b", "bus", HERE),
            unit("p", "rifle5", HERE, carried_by="b"),
            unit("q", "rifle5", HERE),
        ]
    )
    assert carry_problem(bus, "q", "b", catalogue=CATALOGUE) is None


def test_towed_weapon_hook_up_costs_all_the_transports_mps():
    """D-TRN-2: guns with no movement allowance are towed; hooking up takes every MP."""
    s = state([unit("t", "truck", HERE), unit("g", "pak", HERE)])
    assert is_towed_weapon(CATALOGUE["pak"]) and not is_towed_weapon(CATALOGUE["mortar"])
    done = load(s, "g", "t", catalogue=CATALOGUE)
    assert done.mp_spent == {"t": 8}
    assert "t" in done.done
    # so the tow cannot move on this activation
    assert reachable(MAP, done.state, ["t"], catalogue=CATALOGUE, mp_spent=done.mp_spent) == {}


def test_hook_up_refused_once_the_transport_has_moved():
    s = state([unit("t", "truck", HERE), unit("g", "pak", HERE)])
    with pytest.raises(IllegalCommand) as err:
        load(s, "g", "t", catalogue=CATALOGUE, mp_spent={"t": 2})
    assert err.value.rule == "5.6"


def test_only_towing_transports_take_guns():
    s = state([unit("b", "bus", HERE), unit("g", "pak", HERE)])
    assert "cannot tow" in carry_problem(s, "g", "b", catalogue=CATALOGUE)


def test_light_weapons_load_like_personnel():
    s = state([unit("t", "truck", HERE), unit("m", "mortar", HERE)])
    assert load(s, "m", "t", catalogue=CATALOGUE).mp_spent == {"t": 1, "m": 1}


def test_unloading_costs_one_mp_each_and_the_passenger_stops():
    s = state([unit("t", "truck", THERE), unit("p", "rifle5", THERE, carried_by="t")])
    done = unload(s, "p", catalogue=CATALOGUE, mp_spent={"t": 3})
    assert done.state.units["p"].carried_by is None and done.state.units["p"].hex == THERE
    assert done.mp_spent == {"t": 4, "p": 1}
    assert done.done == frozenset({"p"})
    # the transport may go on with what it has left
    assert reachable(MAP, done.state, ["t"], catalogue=CATALOGUE, mp_spent=done.mp_spent)


def test_unhooking_a_gun_costs_the_transport_one_mp():
    s = state([unit("t", "truck", HERE), unit("g", "pak", HERE, carried_by="t")])
    assert unload(s, "g", catalogue=CATALOGUE).mp_spent == {"t": 1}


def test_unloading_a_unit_that_is_not_carried_is_refused():
    s = state([unit("p", "rifle5", HERE)])
    with pytest.raises(IllegalCommand):
        unload(s, "p", catalogue=CATALOGUE)


def test_demoralized_units_neither_load_nor_carry():
    s = state([unit("t", "truck", HERE, status=DEMORALIZED), unit("p", "rifle5", HERE)])
    assert "14.3" in carry_problem(s, "p", "t", catalogue=CATALOGUE)


def test_riders_one_infantry_unit_on_a_tank():
    """D-TRN-4: tanks, tank destroyers and assault guns carry one infantry-type unit."""
    s = state(
        [
            unit("k", "tank", HERE),
            unit("p", "rifle5", HERE),
            unit("h", "hmg", HERE),
            unit("c", "cavalry", HERE),
        ]
    )
    assert capacity_of(CATALOGUE["tank"]) == 1
    assert carry_problem(s, "c", "k", catalogue=CATALOGUE) is not None  # cavalry never rides
    done = load(s, "p", "k", catalogue=CATALOGUE)
    assert is_riding_afv(done.state, done.state.units["p"], catalogue=CATALOGUE)
    assert "full" in carry_problem(done.state, "h", "k", catalogue=CATALOGUE)


def test_passengers_of_an_apc_or_truck_are_not_riders():
    s = state([unit("a", "halftrack", HERE), unit("p", "rifle5", HERE, carried_by="a")])
    assert not is_riding_afv(s, s.units["p"], catalogue=CATALOGUE)
    assert [u.id for u in passengers_of(s, "a")] == ["p"]


def test_armored_cars_do_not_carry_riders():
    s = state([unit("c", "armored_car", HERE), unit("p", "rifle5", HERE)])
    assert "does not carry" in carry_problem(s, "p", "c", catalogue=CATALOGUE)


def test_a_disrupted_carrier_passes_its_status_and_unloads_at_once():
    s = state(
        [
            unit("t", "truck", THERE, status=DISRUPTED),
            unit("p", "rifle5", THERE, carried_by="t"),
            unit("q", "lt", THERE, carried_by="t", status=DEMORALIZED),
        ]
    )
    after = carrier_status_changed(s, "t")
    assert after.units["p"].status == DISRUPTED and after.units["p"].carried_by is None
    assert after.units["q"].status == DEMORALIZED  # never improved by the carrier's status
    assert passengers_of(after, "t") == ()


def test_a_good_order_carrier_changes_nothing():
    s = state([unit("t", "truck", THERE), unit("p", "rifle5", THERE, carried_by="t")])
    assert carrier_status_changed(s, "t") is s
    assert s.units["p"].status == GOOD


def test_a_passenger_moves_with_its_carrier_only():
    s = state([unit("t", "truck", HERE), unit("p", "rifle5", HERE, carried_by="t")])
    with pytest.raises(IllegalCommand) as err:
        reachable(MAP, s, ["p"], catalogue=CATALOGUE)
    assert err.value.rule == "5.6"
    assert reachable(MAP, s, ["t"], catalogue=CATALOGUE)


# --- 5.7 river crossing with engineers -------------------------------------------------


RIVER = board([".r.."])


def test_units_in_a_river_hex_with_good_order_engineers_are_crossing_with_help():
    h = at(RIVER, "0201")
    s = state(
        [unit("e", "pioneer", h), unit("a", "rifle5", h), unit("x", "rifle5", h, side="allies")]
    )
    assert is_crossing_with_engineers(RIVER, s, s.units["a"], catalogue=CATALOGUE)
    assert not is_crossing_with_engineers(RIVER, s, s.units["e"], catalogue=CATALOGUE)
    assert not is_crossing_with_engineers(RIVER, s, s.units["x"], catalogue=CATALOGUE)  # not his


def test_no_help_from_disrupted_engineers_or_outside_a_river():
    h = at(RIVER, "0201")
    s = state([unit("e", "pioneer", h, status=DISRUPTED), unit("a", "rifle5", h)])
    assert not is_crossing_with_engineers(RIVER, s, s.units["a"], catalogue=CATALOGUE)
    dry = at(RIVER, "0101")
    s2 = state([unit("e", "pioneer", dry), unit("a", "rifle5", dry)])
    assert not is_crossing_with_engineers(RIVER, s2, s2.units["a"], catalogue=CATALOGUE)


def test_engineers_that_move_with_the_stack_do_not_help_it():
    s = state(
        [unit("e", "pioneer", at(RIVER, "0101")), unit("k", "armored_car", at(RIVER, "0101"))]
    )
    assert reachable(RIVER, s, ["e", "k"], catalogue=CATALOGUE) == {}


def test_engineer_crossing_completes_next_turn():
    """D-MOVE-2: assisted units stop in the river hex (5.7) and leave next turn at normal cost."""
    h = at(RIVER, "0201")
    s = state([unit("e", "pioneer", h), unit("k", "armored_car", at(RIVER, "0101"))])
    first = reachable(RIVER, s, ["k"], catalogue=CATALOGUE)
    assert set(first) == {h} and first[h].ends_move and first[h].cost == 2
    s2 = state([unit("e", "pioneer", h), unit("k", "armored_car", h)])
    nxt = reachable(RIVER, s2, ["k"], catalogue=CATALOGUE)
    assert nxt[at(RIVER, "0301")].cost == 2
