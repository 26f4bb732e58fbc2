"""The referee's side of a bot: a decision (harness.py) holds the seat's legal commands as the
ruleset gives them, worked out once, and no copy of them is left in the view; the public
facts (common/public.py) read each hex label once."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.bots import harness
from games.bots.facts import public_facts
from games.rules.registry import for_scenario


class CountingRules:
    """The ruleset, counting the searches of legal commands asked of it."""

    def __init__(self, rules):
        self.rules = rules
        self.legal_searches = 0

    def legal_commands(self, state, seat):
        self.legal_searches += 1
        return self.rules.legal_commands(state, seat)

    def __getattr__(self, name):
        return getattr(self.rules, name)


@pytest.mark.parametrize(("scenario_id", "options", "searches"), [
    # Panzer Grenadier's seat view carries the legal commands (its board offers them): taken
    # from there, the ruleset is not asked again.
    ("meeting-at-kessel", [], 0),
    ("meeting-at-kessel", ["double_blind"], 0),
    # Panzer Leader's view carries none: the ruleset is asked once.
    ("pl-hollenbach", [], 1),
])
def test_a_decision_holds_the_seats_legal_commands_searched_once(scenario_id, options, searches):
    rules = for_scenario(scenario_id)
    state = rules.arm(rules.opening_state(scenario_id, options, None), options, "harness-test")
    seat = rules.who_may_act(state)[0]
    counting = CountingRules(rules)
    d = harness.decision_for(counting, state, seat, "seed", with_previews=False)
    assert counting.legal_searches == searches
    assert d.legal and d.legal == rules.legal_commands(state, seat)
    assert "legal" not in d.view


class CountingMap:
    """A scenario's map, counting the labels parsed."""

    def __init__(self, game_map):
        self.game_map = game_map
        self.parsed: list[str] = []

    def parse_label(self, label):
        self.parsed.append(label)
        return self.game_map.parse_label(label)

    def __getattr__(self, name):
        return getattr(self.game_map, name)


@pytest.mark.parametrize("scenario_id", ["meeting-at-kessel", "pl-hollenbach"])
def test_the_public_facts_parse_each_hex_label_once(scenario_id):
    facts = public_facts(scenario_id)
    counting = CountingMap(facts.map)
    facts = replace(facts, map=counting)
    label = facts.objectives[0].label
    assert facts.hex(label) == facts.objectives[0].hex
    assert facts.hex(label) == facts.objectives[0].hex  # read again: not parsed again
    assert facts.hex("no such hex") is None and facts.hex("no such hex") is None
    assert facts.hex(None) is None and facts.hex("") is None
    assert counting.parsed == [label, "no such hex"]
