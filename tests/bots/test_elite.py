"""Elite weighs the Veteran's best plans and its bold one on a world rebuilt with the game's
own optional rules, the same way for the same input on any machine (a bounded amount of
work, no clock)."""

from __future__ import annotations

import time
from functools import cache

from games.bots import harness, levels
from games.bots.common import sampling
from games.bots.common.stance import BOLD, STEADY
from games.bots.facts import public_facts
from games.bots.panzer_grenadier import elite, veteran
from games.bots.panzer_grenadier.board import Board
from games.bots.panzer_grenadier.imagined import ME, imagine
from games.bots.panzer_grenadier.judge import Judge
from games.rules.common.dice import SeededDice
from games.rules.panzer_grenadier.engine import apply
from games.rules.registry import for_scenario

SCENARIO = "meeting-at-kessel"


@cache  # one game for the tests below: states, decisions and facts are plain data nobody changes
def _veteran_game(steps: int = 300):
    """Every position of a Veteran game of Kessel (no optional rules): (state, decision)
    pairs, and the facts."""
    rules = for_scenario(SCENARIO)
    s = rules.arm(rules.opening_state(SCENARIO, [], None), [], "secret")
    facts = public_facts(SCENARIO, [])
    dice = SeededDice("stances")
    out = []
    for n in range(steps):
        if rules.is_over(s):
            break
        seat = rules.who_may_act(s)[0]
        d = harness.decision_for(rules, s, seat, f"stances:{n}")
        out.append((s, d))
        s = rules.apply(s, seat, levels.decide("veteran", d, facts), dice).state
    return out, facts


def _activation_decision(options: list[str], seed: str = "elite"):
    """A decision between activations, a few segments into a Veteran game."""
    if not options:  # the shared game has none
        game, facts = _veteran_game()
        return [d for n, (_s, d) in enumerate(game) if "activate" in d.legal and n > 20][1], facts
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
    game, facts = _veteran_game()
    kinds, partway, tried = set(), 0, 0
    for n, (s, d) in enumerate(game[:260]):
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
    assert {"unit", "stack"} <= kinds and partway and tried > 300


def test_the_search_plays_the_better_average_within_its_budget():
    """Candidates meet the same samples; the better average wins, the first (the Veteran's
    own) where they are even; rounds stop before the budget would be passed; where two
    rounds would pass it, only the first candidates that fit in it twice are weighed, as
    soon as that shows, and the first is played where fewer than two fit: one sample is
    never enough to leave the Veteran's plan."""
    outcomes = {0: [5.0, 3.0, 8.0, 4.0], 1: [12.0, 0.0, 14.0, 1.0], 2: [5.0, 3.0, 8.0, 4.0]}
    played: list[tuple[int, int]] = []

    def play(world, i, s, cost=100):
        played.append((i, s))
        return outcomes[i][s], cost
    assert sampling.weigh(3, lambda s: "world", play, budget=10_000, most=4) == 1
    assert len(played) == 12  # four rounds of three
    assert sampling.weigh(2, lambda s: "world", lambda w, i, s: (outcomes[2 * i][s], 1),
                          budget=10_000, most=4) == 0  # even: the first
    played.clear()
    assert sampling.weigh(3, lambda s: "world", play, budget=700, most=4) == 1
    assert len(played) == 6  # a third round of 300 would pass 700
    played.clear()
    assert sampling.weigh(3, lambda s: "world", lambda w, i, s: play(w, i, s, cost=200),
                          budget=1_000, most=4) == 1
    assert played == [(0, 0), (1, 0), (0, 1), (1, 1)]  # two of 200 fit twice, not three
    played.clear()
    assert sampling.weigh(3, lambda s: "world", lambda w, i, s: play(w, i, s, cost=400),
                          budget=1_000, most=4) == 0
    assert played == [(0, 0)]  # too big a battle to sample twice: nothing more is played
    played.clear()
    costs = {0: 100, 1: 900, 2: 100}  # cheap first, then a dear one: 3 x 500 > 1,000
    assert sampling.weigh(3, lambda s: "world", lambda w, i, s: play(w, i, s, cost=costs[i]),
                          budget=1_000, most=4) == 0
    assert played == [(0, 0), (1, 0)]  # plan 1 won its one sample, but one is not enough
    assert sampling.weigh(3, lambda s: None, play, budget=10_000, most=4) == 0


@cache
def _plans_found(enough: int = 5):
    """The first `enough` decisions of the shared game where the bold stance adds a plan to
    the Veteran's, and the first `enough` where there is one plan only."""
    game, facts = _veteran_game()
    bold, alone = [], []
    for _s, d in game:
        weighed = elite.plans(d, facts)
        if BOLD in dict(weighed) and len(bold) < enough:
            bold.append(d)
        if len(weighed) == 1 and len(alone) < enough:
            alone.append(d)
        if len(bold) == len(alone) == enough:
            break
    return bold, alone, facts


def test_the_bold_stance_takes_the_command_that_minds_the_enemy_fire_less():
    """A bold Judge minds the enemy's fields of fire half as much as the Veteran's, and
    nothing else changes: where the two pick differently, the bold pick is the one whose
    score gains more from minding the danger less (the riskier one)."""
    found, _alone, facts = _plans_found()
    assert len(found) >= 3
    for d in found:
        weighed = elite.plans(d, facts)
        steady, bold = weighed[0][1], dict(weighed)[BOLD]
        b = Board.from_view(d.view, d.side, facts)
        judges = [Judge(b, d.previews, stance) for stance in (STEADY, BOLD)]
        risk = {k: judges[1].score(c) - judges[0].score(c)
                for k, c in (("steady", steady), ("bold", bold))}
        assert risk["bold"] >= risk["steady"] - 1e-9
        assert judges[0].score(steady) >= judges[0].score(bold) - 1e-5


def test_the_search_weighs_the_veterans_best_plans_then_the_bold_one():
    found, _alone, facts = _plans_found()
    assert found
    for d in found[:3]:
        weighed = elite.plans(d, facts)
        steady = min(elite.RIVALS, len({sampling.gist(c) for c in d.commands()}))
        assert [stance for stance, _ in weighed] == [STEADY] * steady + [BOLD]
        assert weighed[0][1] == levels.decide("veteran", d, facts)
        plans = list(dict.fromkeys(sampling.gist(c) for _, c in veteran.ranked(d, facts)))
        assert [sampling.gist(c) for _, c in weighed[:-1]] == plans[:steady]


def test_a_big_battle_weighs_the_veterans_first_plan_only():
    """Kessel (42 counters) and Melnitsa (83) weigh the Veteran's three best plans; the Sosna
    Line (301), where each plan played out costs far more, its first and the bold one."""
    assert elite.rivals(public_facts("meeting-at-kessel")) == elite.RIVALS == 3
    assert elite.rivals(public_facts("melnitsa-bridgehead")) == elite.RIVALS
    facts = public_facts("sosna-line")
    assert elite.rivals(facts) == 1
    rules = for_scenario("sosna-line")
    s = rules.arm(rules.opening_state("sosna-line", [], None), [], "secret")
    dice = SeededDice("big")
    weighed_many = 0
    for n in range(12):
        seat = rules.who_may_act(s)[0]
        d = harness.decision_for(rules, s, seat, f"big:{n}")
        stances = [stance for stance, _ in elite.plans(d, facts)]
        assert stances in ([STEADY], [STEADY, BOLD])
        weighed_many += len({sampling.gist(c) for c in d.commands()}) > 1
        s = rules.apply(s, seat, levels.decide("veteran", d, facts), dice).state
    assert weighed_many  # there were other plans to weigh, and they were left


def test_where_there_is_one_plan_elite_plays_the_veterans_command_without_searching(
        monkeypatch):
    _bold, found, facts = _plans_found()
    assert len(found) == 5

    def no_search(*a, **k):
        raise AssertionError("played out where there is nothing to choose")
    monkeypatch.setattr(elite, "play_out", no_search)
    for d in found:
        assert elite.choose(d, facts) == levels.decide("veteran", d, facts)
