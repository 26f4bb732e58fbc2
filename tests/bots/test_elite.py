"""Elite searches a world rebuilt with the game's own optional rules, the same way for the
same input on any machine (a fixed number of samples, no clock)."""

from __future__ import annotations

import time

from games.bots import elite, harness, levels, sampling
from games.bots.facts import public_facts
from games.bots.imagined import ME, imagine
from games.rules.common.dice import SeededDice
from games.rules.panzer_grenadier.engine import apply
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


def test_inside_its_own_activation_the_imagined_world_takes_every_command_the_engine_offers():
    """Elite searches the commands of its own activation too, on the activation as its seat's
    view tells it: whether it is led, who is done, how far each mover has gone. Rebuilt
    wrong, the imagined engine would refuse commands the real one allows (a unit half-way
    through its move taken for one that fired, an AFV group whose tank leader stayed behind
    taken for a leaderless one), and the search would score them as disasters."""
    rules = for_scenario(SCENARIO)
    s = rules.arm(rules.opening_state(SCENARIO, [], None), [], "secret")
    facts = public_facts(SCENARIO, [])
    dice = SeededDice("inside")
    kinds, partway, tried = set(), 0, 0
    for n in range(260):
        seat = rules.who_may_act(s)[0]
        d = harness.decision_for(rules, s, seat, f"inside:{n}")
        a = s.activation
        if a is not None and s.opfire is None and n % 2 == 0:
            world = imagine(d.view, d.side, facts, "s")
            assert world is not None
            assert (world.activation.leaderless, world.activation.done,
                    world.activation.mp_spent) == (a.leaderless, a.done, a.mp_spent)
            kinds.add(a.kind)
            partway += any(u not in a.done for u in a.mp_spent)
            for cmd in d.commands()[:10]:
                apply(world, ME, cmd, SeededDice("t"))  # raises if the world refuses it
                tried += 1
        s = rules.apply(s, seat, levels.decide("veteran", d, facts), dice).state
    assert {"unit", "stack"} <= kinds and partway and tried > 300


def test_elite_overrules_the_veterans_choice_only_on_a_clear_edge_over_the_dice():
    """Outcomes of each candidate over the same samples (candidate 0 is the Veteran's)."""
    veterans = [5.0, 3.0, 8.0, 4.0, 6.0, 5.0]
    lucky = [12.0, 0.0, 14.0, 1.0, 6.0, 5.0]  # better on average, but only on two rolls
    steady = [x + 0.6 for x in veterans]  # better on every roll
    trifle = [x + 0.01 for x in veterans]  # better on every roll, by nothing worth having

    def surest(outcomes):
        return sampling.surest(outcomes, elite.CONFIDENCE, elite.MIN_GAIN)
    assert surest([veterans, lucky]) == 0
    assert surest([veterans, lucky, steady]) == 2
    assert surest([veterans, trifle]) == 0
