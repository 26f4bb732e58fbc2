"""With no plug-in installed the core plays the basic game (core/hooks.py): mire, logistics,
efficient move & fire and Fog of War live in their optional modules, and the core knows them only through
the hooks. Each test plays the same position with the rules in play (rulebook.py) and with
the hook table emptied."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from movement_world import CATALOGUE, at, board, state, unit

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.combat.fire import DIRECT, FireDeclaration, firer_problems
from games.rules.panzer_grenadier.core import hooks
from games.rules.panzer_grenadier.core.move_step import movement_allowance
from games.rules.panzer_grenadier.core.movement import reachable
from games.rules.panzer_grenadier.core.registry import catalogue_for, game_map, parse_hex
from games.rules.panzer_grenadier.core.sequence import current_initiative
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from tests.rules.panzer_grenadier import turnkit
from tests.rules.panzer_grenadier.test_engine import (
    one_segment,
    play_until_both_had_three,
    units_for_long_turns,
)
from tests.rules.panzer_grenadier.test_takeback import fought


@pytest.fixture
def basic_game(monkeypatch):
    """The core with no optional rule plugged in (the tables the rulebook filled, emptied)."""
    monkeypatch.setattr(hooks, "HOOKS", {name: [] for name in hooks.HOOKS})
    for table in ("COMMANDS", "VARIANTS", "OFFERS", "FIRE_CHECKS", "AGREEMENTS"):
        monkeypatch.setattr(hooks, table, {})


def _in_shortfall():
    s = turnkit.started([turnkit.unit("ge-t", "ge_truck", "ge", "A0102", steps=1),
                         turnkit.unit("su-1", "su_rifle", "su", "A1510")], options=("logistics",))
    return replace(s, supply={**s.supply, "ge": "shortfall"})


def test_a_shortfall_costs_a_truck_two_mp_only_with_the_logistics_rule_in_play():
    s = _in_shortfall()
    truck = s.units["ge-t"]
    assert movement_allowance(truck, catalogue=catalogue_for(s), state=s) == Fraction(6)


def test_in_the_basic_game_a_truck_moves_its_printed_allowance(basic_game):
    s = _in_shortfall()
    truck = s.units["ge-t"]
    assert movement_allowance(truck, catalogue=catalogue_for(s), state=s) == Fraction(8)


def test_a_shortfall_cuts_initiative_only_with_the_logistics_rule_in_play(monkeypatch):
    s = _in_shortfall()
    base = current_initiative(s, s.side("ge"))
    monkeypatch.setattr(hooks, "HOOKS", {name: [] for name in hooks.HOOKS})
    assert current_initiative(s, s.side("ge")) == base + 1


def _tank_by_woods():
    m = board([".w..", "...."])
    return m, state([unit("k", "tank", at(m, "0101"))], options=["mire"])


def test_in_the_basic_game_no_move_rolls_for_mire(basic_game):
    m, s = _tank_by_woods()
    reach = reachable(m, s, ["k"], catalogue=CATALOGUE)
    assert reach[at(m, "0201")].mire_rolls == ()  # with the rule: test_movement.py


def _move_and_fire():
    s = turnkit.started([turnkit.unit("ge-k", "ge_pz_iv", "ge", "A0302"),
                         turnkit.unit("su-1", "su_rifle", "su", "A0304")],
                        options=("efficient_move_fire",))
    decl = FireDeclaration(kind=DIRECT, firers=("ge-k",), target_hex=parse_hex(s, "A0304"),
                           move_and_fire=True)
    return s, decl


def test_in_the_basic_game_a_move_and_fire_declaration_is_refused(basic_game):
    s, decl = _move_and_fire()
    problems = firer_problems(game_map(s), s, decl, catalogue_for(s))
    assert "efficient move & fire is an optional rule not in use (17.3)" in problems


def test_with_the_rule_in_play_an_efficient_tank_may_declare_move_and_fire():
    s, decl = _move_and_fire()
    problems = firer_problems(game_map(s), s, decl, catalogue_for(s))
    assert not [p for p in problems if "17.3" in p]
    off = replace(s, options=())
    assert "efficient move & fire is an optional rule not in use (17.3)" in firer_problems(
        game_map(off), off, decl, catalogue_for(off))


def test_in_the_basic_game_no_fog_of_war_is_rolled_at_the_end_of_a_segment(basic_game):
    # The same position as test_engine.py's case 29, where the roll ends the turn at night.
    s = turnkit.started(units_for_long_turns(), dice=(2, 2), options=("fog_of_war",), su_init=2)
    s = replace(s, night=True)
    s, seat = play_until_both_had_three(s)
    step = one_segment(s, seat, dice=(5, 5, 5, 3, 1))
    assert "fog_of_war_rolled" not in [e.type for e in step.events]
    assert step.state.turn == 1


def test_with_take_backs_agreed_the_side_that_acted_may_offer_one():
    s = fought()[1]  # the position of test_takeback.py
    assert s.takeback is not None
    assert legal_commands(s, "ge-1") == {"offer_takeback": [{"type": "offer_takeback"}]}


def test_in_the_basic_game_nobody_may_offer_a_takeback(basic_game):
    s = fought()[1]  # the position of test_takeback.py
    assert s.takeback is None  # no point kept to go back to
    assert legal_commands(s, "ge-1") == {}
    with pytest.raises(IllegalCommand, match="not in use"):
        apply(s, "ge-1", {"type": "offer_takeback"}, ScriptedDice.of())
