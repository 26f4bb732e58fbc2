"""With no plug-in installed the core plays Panzer Leader's basic game (core/hooks.py): each
optional rule lives in `optional/` and the core asks the hook table, never the game's options.
Each test plays one position with every rule switched on, once with the rules plugged in
(rulebook.py) and once with the hook table emptied."""

from __future__ import annotations

import pytest

from games.rules.common.errors import IllegalCommand, InvalidCommand
from games.rules.panzer_leader.combat import naval
from games.rules.panzer_leader.core import hooks
from games.rules.panzer_leader.core.movement import may_quick_time
from games.rules.panzer_leader.legal import legal_commands
from games.rules.panzer_leader.optional.options import OPTIONAL_RULES

from .kit import clear, do, lab, world

EVERY_RULE = sorted(set(OPTIONAL_RULES) - {"pl1940", "pl1940_bell"})


@pytest.fixture
def basic_game(monkeypatch):
    """The core with no optional rule plugged in (the tables the rulebook filled, emptied)."""
    monkeypatch.setattr(hooks, "HOOKS", {name: [] for name in hooks.HOOKS})
    for table in ("OFFERS", "MOVE_OFFERS", "COMMANDS", "ENGINEER_TASKS"):
        monkeypatch.setattr(hooks, table, {})


def rifles_and_guns():
    return world(clear(10, 14), units=[("r", "us_rifle", "allied", "4,4"),
                                       ("h", "us_how105", "allied", "4,0"),
                                       ("e", "de_rifle", "german", "4,6")],
                 options=EVERY_RULE, phase="move_foot")


def test_with_the_rules_in_play_infantry_may_quick_time_and_artillery_may_fire_smoke():
    s = rifles_and_guns()
    assert may_quick_time(s, s.units["r"])
    s.phase = "combat"
    assert "smoke" in legal_commands(s, "allied")


def test_in_the_basic_game_infantry_never_quick_times(basic_game):
    s = rifles_and_guns()
    assert not may_quick_time(s, s.units["r"])


def test_in_the_basic_game_no_smoke_is_offered(basic_game):
    s = rifles_and_guns()
    s.phase = "combat"
    assert "smoke" not in legal_commands(s, "allied")


def test_in_the_basic_game_the_navy_grants_nothing(basic_game):
    s = rifles_and_guns()
    s.naval = [{"side": "allied", "points": 40}]
    assert naval.grant(s, "allied", s.turn) == 0


def test_with_naval_support_in_play_the_navy_grants_what_the_situation_says():
    s = rifles_and_guns()
    s.naval = [{"side": "allied", "points": 40}]
    assert naval.grant(s, "allied", s.turn) == 40


def test_the_basic_game_empties_every_table_the_rulebook_fills():
    """The fixture above must keep up with the table: every hook and command table it
    empties is one the rulebook filled, and none is left out."""
    assert hooks.HOOKS["smoke_problem"] and hooks.COMMANDS and hooks.ENGINEER_TASKS
    assert set(hooks.MOVE_OFFERS) == {"face", "unload_cargo"}
    assert set(hooks.COMMANDS) == {"face", "smoke", "unload_cargo"}


def howitzer_far_behind():
    """A howitzer twelve hexes behind a rifle that sees the enemy (beyond a quarter of its
    range, so it may fire indirectly: 13.2), in its combat phase."""
    return world(clear(10, 14), units=[("h", "us_how105", "allied", "4,0"),
                                       ("r", "us_rifle", "allied", "4,11"),
                                       ("e", "de_rifle", "german", "4,12")],
                 options=EVERY_RULE, phase="combat")


def test_in_the_basic_game_smoke_is_no_command_and_no_order_may_be_for_smoke(basic_game):
    s = howitzer_far_behind()
    s.indirect_done = True
    with pytest.raises(InvalidCommand, match="unknown command type 'smoke'"):
        do(s, "allied", {"type": "smoke", "units": ["h"], "hex": lab("4,12")})
    with pytest.raises(IllegalCommand, match="not in play"):
        do(s, "allied", {"type": "order_indirect", "unit": "h", "hex": lab("4,12"),
                         "smoke": True})
    do(s, "allied", {"type": "order_indirect", "unit": "h", "hex": lab("4,12")})
    orders = legal_commands(s, "allied")["order_indirect"]
    assert orders and not [c for c in orders if c.get("smoke")]


def test_with_the_rules_in_play_artillery_may_order_smoke():
    s = howitzer_far_behind()
    s.indirect_done = True
    assert [c for c in legal_commands(s, "allied")["order_indirect"] if c.get("smoke")]


def facing_gun():
    s = world(clear(10, 12), units=[("g", "de_at75", "german", "4,6"),
                                    ("n", "us_m4", "allied", "4,2")],
              options=EVERY_RULE, active="german", phase="move_foot")
    s.units["g"].facing = 0
    return s


def test_with_the_rules_in_play_a_gun_may_turn_to_face_another_hexside():
    assert {c["facing"] for c in legal_commands(facing_gun(), "german")["face"]} == {1, 2, 3,
                                                                                      4, 5}


def test_in_the_basic_game_guns_never_turn(basic_game):
    s = facing_gun()
    assert "face" not in legal_commands(s, "german")
    with pytest.raises(InvalidCommand, match="unknown command type 'face'"):
        do(s, "german", {"type": "face", "unit": "g", "facing": 3})


def truck_with_a_minefield():
    s = world(clear(), units=[("t", "us_truck", "allied", "4,3"),
                              ("g", "us_engineer", "allied", "4,3")],
              phase="move_vehicles", options=EVERY_RULE)
    s.cargo = {"m1": {"id": "m1", "kind": "minefield", "side": "allied", "carried_by": "t",
                      "hex": None}}
    return s


def test_with_the_rules_in_play_a_carrier_may_unload_its_minefield():
    assert legal_commands(truck_with_a_minefield(), "allied")["unload_cargo"] == [
        {"type": "unload_cargo", "carrier": "t"}]


def test_in_the_basic_game_engineers_lay_no_minefield_of_their_own(basic_game):
    s = truck_with_a_minefield()
    assert "unload_cargo" not in legal_commands(s, "allied")
    with pytest.raises(InvalidCommand, match="unknown command type 'unload_cargo'"):
        do(s, "allied", {"type": "unload_cargo", "carrier": "t"})
    s.phase = "move_foot"
    s.mines[lab("4,3")] = {"owner": "allied", "known": ["allied", "german"], "inverted": True,
                           "emplacing": {"work": 0, "since": 0, "crew": []}}
    with pytest.raises(IllegalCommand, match="unknown task 'emplace_mine'"):
        do(s, "allied", {"type": "engineer", "units": ["g"], "task": "emplace_mine",
                         "hex": lab("4,3")})
