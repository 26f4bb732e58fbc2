"""Sector Command (Optional Rules Part II, multi-player; D-SECTOR-1): each player of a team
side commands the units in his own band of the map, beside division by formations (D21)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.core.registry import register_scenario
from games.rules.panzer_grenadier.core.scenario import bundled_scenarios, initial_state
from games.rules.panzer_grenadier.core.scenario_model import Formation
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from tests.rules.panzer_grenadier.test_formation import FormScenario, formation_offers
from tests.rules.panzer_grenadier.turnkit import at, game, started, unit

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


# -- Formation Activation under Sector Command (17.7 with Part II multi-player; D-SECTOR-1,
# D-FORM-2). 17.7: "The composition of the formation is chosen by the owner at the time of
# the attempt": under sector command a player owns what stands in his sector, so he attempts
# his part of a formation, with his own senior leader.

TEAM_SU = (st.SeatState("ge-1", "ge", frozenset()),
           st.SeatState("su-a", "su", frozenset(), sector=WEST),
           st.SeatState("su-b", "su", frozenset(), sector=EAST))
FORM = {"type": "activate", "kind": "formation", "formation": "f1"}


def formation_game(units, members):
    """Soviets split west (su-a) / east (su-b), formation f1 of `members`, Soviets to act."""
    s = game(units, seats=TEAM_SU, options=("sector_command", "formation_activation"),
             scenario_id="test-sector-formation", su_init=3, ge_init=1)
    register_scenario(FormScenario("test-sector-formation",
                                   (Formation("f1", "Rifle Battalion", "su", tuple(members)),),
                                   "1944-06-25"))
    return apply(s, "ge-1", {"type": "roll_initiative"}, ScriptedDice.of(1, 6)).state


def split_formation(captain_status=st.GOOD):
    """The Major stands in the east (su-b), a Captain and a platoon in the west (su-a)."""
    units = [unit("su-maj", "su_ldr_maj", "su", "A1505"), unit("su-e", "su_rifle", "su", "A1506"),
             unit("su-cpt", "su_ldr_cpt_a", "su", "A0505", status=captain_status),
             unit("su-w", "su_rifle", "su", "A0506"), unit("ge-a", "ge_rifle", "ge", "A1012")]
    return formation_game(units, ["su-maj", "su-e", "su-cpt", "su-w"])


def test_a_player_may_attempt_a_formation_only_with_a_senior_leader_he_commands_17_7():
    """su-a commands no Major of f1 (its Major stands in su-b's band): not offered, refused."""
    s = split_formation()
    assert not formation_offers(s, "su-a")
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "su-a", FORM, ScriptedDice.of(1, 1))
    assert exc.value.rule == "17.7" and "that you command" in str(exc.value)
    # su-b's offer names his part of the formation alone, as the roll would activate it.
    assert formation_offers(s, "su-b") == [{**FORM, "units": ["su-e", "su-maj"]}]


def test_a_formation_activation_is_led_by_the_players_own_senior_leader_and_takes_his_part():
    s = split_formation()
    step = apply(s, "su-b", FORM, ScriptedDice.of(3, 3))  # 6 - 1 (no step lost) = 5 <= 8
    ev = next(e for e in step.events if e.type == "formation_activation")
    assert ev.data["success"] and ev.data["leader"] == "su-maj"
    a = step.state.activation
    assert a.seat == "su-b" and a.leader == "su-maj" and a.units == {"su-maj", "su-e"}


def test_a_failed_attempt_marks_only_the_attempting_players_leaders_17_7():
    """17.7 "If the attempt fails all formation leaders are considered Moved/Fired": the
    leaders of the part attempted; the west player's Captain may still act."""
    s = split_formation()
    step = apply(s, "su-b", FORM, ScriptedDice.of(6, 6))
    assert not next(e for e in step.events if e.type == "formation_activation").data["success"]
    u = step.state.units
    assert u["su-maj"].moved_fired and not u["su-cpt"].moved_fired
    assert not u["su-e"].moved_fired and not u["su-w"].moved_fired


def test_a_demoralized_leader_in_another_players_sector_does_not_bar_the_attempt_17_7():
    """"All subordinate leaders in that formation must be undemoralized": the formation the
    player attempts is his part, so only his leaders must be."""
    s = split_formation(captain_status=st.DEMORALIZED)
    assert formation_offers(s, "su-b")
    shaken_own = s.with_unit(replace(s.units["su-cpt"], hex=at("A1605")))  # now in su-b's band
    assert not formation_offers(shaken_own, "su-b")


def test_a_units_logistics_level_follows_the_player_who_commands_it_now_d_log_3():
    """17.10 Multi-Player: the shortfall is the player's who rolled. Under Sector Command a
    platoon that moves into the other player's band is his from then on, and so are its
    supplies: it moves and fires with his logistics level (D-LOG-3, D-SECTOR-1)."""
    s = replace(sector_game(), supply={"ge-1": "shortfall"})
    assert st.supply_level(s, s.units["ge-w"]) == "shortfall"
    assert st.supply_level(s, s.units["ge-e"]) == ""
    crossed = s.with_unit(replace(s.units["ge-w"], hex=at("A1205")))
    assert st.supply_level(crossed, crossed.units["ge-w"]) == ""
