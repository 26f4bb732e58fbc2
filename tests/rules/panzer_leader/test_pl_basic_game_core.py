"""With no plug-in installed the core plays Panzer Leader's basic game (core/hooks.py): each
optional rule lives in `optional/` and the core asks the hook table, never the game's options.
Each test plays one position with every rule switched on, once with the rules plugged in
(rulebook.py) and once with the hook table emptied."""

from __future__ import annotations

import pytest

from games.rules.panzer_leader.combat import naval
from games.rules.panzer_leader.core import hooks
from games.rules.panzer_leader.core.movement import may_quick_time
from games.rules.panzer_leader.legal import legal_commands
from games.rules.panzer_leader.optional.options import OPTIONAL_RULES

from .kit import clear, world

EVERY_RULE = sorted(set(OPTIONAL_RULES) - {"pl1940", "pl1940_bell"})


@pytest.fixture
def basic_game(monkeypatch):
    """The core with no optional rule plugged in (the tables the rulebook filled, emptied)."""
    monkeypatch.setattr(hooks, "HOOKS", {name: [] for name in hooks.HOOKS})
    monkeypatch.setattr(hooks, "OFFERS", {})


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
