"""Sector Command (Optional Rules Part II, multi-player; D-SECTOR-1): each player of a team
side commands the units in his own band of the map, beside division by formations (D21)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.core.scenario import bundled_scenarios, initial_state
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from tests.rules.panzer_grenadier.turnkit import at, started, unit

# Birchwood (board A) has columns q = 0..19: two German players split it 0-9 and 10-19.
WEST, EAST = (0, 9), (10, 19)
SEATS = (st.SeatState("ge-1", "ge", frozenset(), sector=WEST),
         st.SeatState("ge-2", "ge", frozenset(), sector=EAST),
         st.SeatState("su-1", "su", frozenset()))


def sector_game():
    units = [unit("ge-w", "ge_rifle", "ge", "A0505"), unit("ge-e", "ge_rifle", "ge", "A1505"),
             unit("ge-lt", "ge_ldr_lt_a", "ge", "A1005"), unit("su-1", "su_rifle", "su", "A2012")]
    return started(units, seats=SEATS, options=("sector_command",))


def test_the_map_is_split_into_equal_bands_of_columns_one_per_player_in_seat_order():
    seats = st.sector_seats((st.SeatState("b", "ge", frozenset()), st.SeatState("a", "ge", frozenset()),
                             st.SeatState("c", "ge", frozenset()), st.SeatState("x", "su", frozenset())),
                            (0, 29))
    assert [(s.id, s.sector) for s in seats] == [("b", (10, 19)), ("a", (0, 9)), ("c", (20, 29)),
                                                ("x", (0, 29))]


def test_each_player_activates_only_the_units_in_his_sector():
    s = sector_game()
    west = {c.get("unit") for c in legal_commands(s, "ge-1")["activate"]}
    east = {c.get("unit") for c in legal_commands(s, "ge-2")["activate"]}
    assert "ge-w" in west and "ge-e" not in west
    assert "ge-e" in east and "ge-w" not in east
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-e"}, ScriptedDice.of())
    assert exc.value.code == "command/not_your_activation"


def test_a_unit_that_moves_into_another_sector_changes_commander():
    s = sector_game()
    assert st.seat_of_unit(s, s.units["ge-w"]) == "ge-1"
    moved = s.with_unit(replace(s.units["ge-w"], hex=at("A1205")))
    assert st.seat_of_unit(moved, moved.units["ge-w"]) == "ge-2"


def test_a_leader_group_takes_only_the_activating_players_units():
    """The leader stands in column 9 (west); the eastern platoon next to him is not his."""
    s = sector_game()
    s2 = s.with_unit(st.UnitState(id="ge-e2", type_id="ge_rifle", side="ge", hex=at("A1105"), steps=2))
    step = apply(s2, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
                 ScriptedDice.of())
    assert "ge-e2" not in step.state.activation.units


def test_the_option_gives_each_team_player_a_sector_at_the_start():
    scen = bundled_scenarios()["meeting-at-kessel"]
    seats = {"ge-1": "ge", "ge-2": "ge", "su-1": "su", "su-2": "su"}
    s = initial_state(scen, options={"sector_command"}, seats=seats)
    ge = [x for x in s.seats if x.side == "ge"]
    assert all(x.sector is not None for x in s.seats)
    assert ge[0].sector[1] + 1 == ge[1].sector[0]
    plain = initial_state(scen, options=set(), seats=seats)
    assert all(x.sector is None for x in plain.seats)
