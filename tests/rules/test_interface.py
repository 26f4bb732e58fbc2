"""The ruleset interface (games/rules/interface.py) says what each method does, and both
rulesets answer every method of it."""

from __future__ import annotations

import inspect

import pytest

from games.rules.interface import Ruleset
from games.rules.registry import RULESETS, for_scenario

METHODS = sorted(name for name, member in vars(Ruleset).items()
                 if inspect.isfunction(member) and not name.startswith("_"))


def test_every_method_of_the_interface_has_a_docstring():
    assert len(METHODS) > 30
    bare = [name for name in METHODS if not inspect.getdoc(getattr(Ruleset, name))]
    assert bare == []


@pytest.mark.parametrize("scenario", ["meeting-at-kessel", "pl-hollenbach"])
def test_each_ruleset_answers_every_method_of_the_interface(scenario):
    rules = for_scenario(scenario)
    missing = [name for name in METHODS if not callable(getattr(rules, name, None))]
    assert missing == []


@pytest.mark.parametrize("scenario", ["meeting-at-kessel", "pl-hollenbach"])
def test_an_opening_state_has_no_invariant_problem(scenario):
    rules = for_scenario(scenario)
    assert rules.invariant_problems(rules.opening_state(scenario, None, None)) == []


@pytest.mark.parametrize("scenario", ["meeting-at-kessel", "pl-hollenbach"])
def test_an_id_that_is_no_seat_of_the_game_may_send_nothing(scenario):
    rules = for_scenario(scenario)
    assert rules.legal_commands(rules.opening_state(scenario, None, None), "nobody") == {}


def test_the_game_page_asks_every_ruleset_for_its_charts_without_probing():
    assert RULESETS["panzer_grenadier"].rules_reference() is None
    assert RULESETS["panzer_leader"].rules_reference()["crt"]
