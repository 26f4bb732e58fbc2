"""Elite searches a world rebuilt with the game's own optional rules, the same way for the
same input on any machine (a fixed number of samples, no clock)."""

from __future__ import annotations

import time

from games.bots import elite, harness, levels
from games.bots.facts import public_facts
from games.bots.imagined import imagine
from games.rules.common.dice import SeededDice
from games.rules.registry import for_scenario

SCENARIO = "meeting-at-kessel"


def _activation_decision(options: list[str], seed: str = "elite"):
    """A decision between activations, a few segments into a Veteran game."""
    rules = for_scenario(SCENARIO)
    s = rules.arm(rules.opening_state(SCENARIO, options, None), options, "secret")
    facts = public_facts(SCENARIO, options)
    dice = SeededDice(seed)
    found = []
    for n in range(200):
        seat = rules.who_may_act(s)[0]
        d = harness.decision_for(rules, s, seat, f"{seed}:{n}")
        if "activate" in d.legal and n > 20:
            found.append(d)
            if len(found) == 2:
                return d, facts
        s = rules.apply(s, seat, levels.decide("veteran", d, facts), dice).state
    raise AssertionError("no activation decision found")


def test_the_imagined_world_plays_the_games_optional_rules_not_the_scenarios_defaults():
    d, facts = _activation_decision(["mire", "drumfire"])
    world = imagine(d.view, d.side, facts, "s")
    assert world is not None
    assert world.options == frozenset({"mire", "drumfire"})
    assert public_facts(SCENARIO).options == frozenset()  # the scenario's own: none


def test_elite_gives_the_same_command_for_the_same_input_however_slow_the_machine(monkeypatch):
    d, facts = _activation_decision([])
    first = elite.choose(d, facts)

    def busy_clock():  # a machine so busy that every reading is a minute later
        busy_clock.now += 60.0
        return busy_clock.now
    busy_clock.now = 0.0
    monkeypatch.setattr(time, "monotonic", busy_clock)
    monkeypatch.setattr(time, "perf_counter", busy_clock)
    assert elite.choose(d, facts) == first
