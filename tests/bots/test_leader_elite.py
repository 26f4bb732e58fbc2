"""Panzer Leader's Elite weighs the Veteran's best plans and its bold one, playing each
forward on a world rebuilt from its side's view (units afloat it cannot see drawn from the
enemy's printed forces) that accepts what the real engine accepts; it plays the plan that
did better, within a bounded amount of work, and gives the same command for the same input
however busy the machine."""

from __future__ import annotations

import time
from collections import Counter
from functools import cache

from games.bots import harness, levels
from games.bots.common.sampling import gist
from games.bots.common.stance import BOLD, STEADY
from games.bots.facts import public_facts
from games.bots.panzer_leader import elite as leader_elite
from games.bots.panzer_leader import veteran as leader_veteran
from games.bots.panzer_leader.danger import Danger
from games.bots.panzer_leader.imagined import ME, imagine
from games.rules.common.dice import SeededDice
from games.rules.common.errors import RulesError
from games.rules.panzer_leader.core.victory import score
from games.rules.panzer_leader.engine import apply
from games.rules.registry import for_scenario

SEEUFER = "pl-seeufer-landing"


class _Game:
    """One Veteran game of a scenario, shared by the tests of this module and played only as
    far as they read (states and decisions are plain data nobody changes)."""

    def __init__(self, scenario_id: str):
        self.rules = rules = for_scenario(scenario_id)
        options = sorted(rules.scenarios()[scenario_id].default_options)
        self.facts = public_facts(scenario_id, options)
        self.state = rules.arm(rules.opening_state(scenario_id, options, None), options,
                               "secret")
        self.dice = SeededDice(scenario_id)
        self.seed = scenario_id
        self.positions: list[tuple] = []  # (state, decision) at each step so far

    def at(self, n: int):
        """The state and decision at step n, or None where the game ended before it."""
        while len(self.positions) <= n:
            s, rules = self.state, self.rules
            if s is None or rules.is_over(s):
                return None
            seat = rules.who_may_act(s)[0]
            d = harness.decision_for(rules, s, seat, f"{self.seed}:{len(self.positions)}")
            self.positions.append((s, d))
            self.state = rules.apply(s, seat, levels.decide("veteran", d, self.facts),
                                     self.dice).state
        return self.positions[n]


@cache
def _game(scenario_id: str) -> _Game:
    return _Game(scenario_id)


def _decisions(scenario_id: str, steps: int, keep, enough: int | None = None):
    """Decisions of the scenario's shared Veteran game that `keep(state, decision)` picks,
    with the states (the first `enough` of them: the game is read no further)."""
    game = _game(scenario_id)
    out = []
    for n in range(steps):
        position = game.at(n)
        if position is None:
            break
        if keep(*position):
            out.append(position)
            if len(out) == enough:
                break
    return out, game.facts


def test_units_afloat_the_defender_cannot_see_are_drawn_from_the_landing_force():
    """At Seeufer the German sees the Allied landing craft only as counters on sea hexes
    (19.3). His Elite imagines each as one of the Allied types not yet in view, under the
    handle his view knows it by; no real id, no secret, nothing the view lacks."""
    found, facts = _decisions(
        SEEUFER, 60,
        lambda s, d: d.side == "german" and any(u.get("hidden") for u in d.view["units"])
        and not d.view.get("pending") and d.view["active"] == "german", enough=1)
    assert found, "no German decision with Allied units afloat"
    state, d = found[0]
    world = imagine(d.view, d.side, facts, "s")
    assert world is not None
    hidden = [u for u in d.view["units"] if u.get("hidden")]
    assert set(world.units) <= {u["id"] for u in d.view["units"]}
    seen_types = Counter(u["type"] for u in d.view["units"] if u["side"] == "allied"
                         and u.get("type"))
    drawn = Counter(world.units[u["id"]].type_id for u in hidden)
    assert sum(drawn.values()) == len(hidden)
    for type_id, n in drawn.items():
        assert n <= facts.forces["allied"][type_id] - seen_types.get(type_id, 0)
    real = {u.id for u in state.units.values() if u.side == "allied" and u.afloat}
    assert not real & set(world.units)  # the world knows them by their handles only
    assert world.secret == "" and world.naval_orders == [] and world.tasks == []
    assert set(world.mines) == set(d.view["minefields"])


def test_in_its_own_phases_the_imagined_world_takes_the_commands_the_engine_offers():
    """Rebuilt wrong, the imagined engine would refuse moves and shots the real one allows
    (a unit part-way through its phase taken for a fresh one, a fort's occupant for one on
    top) and the search would score them as disasters."""
    tried = refused = 0
    kinds: set[str] = set()
    for scenario_id in ("pl-hollenbach", SEEUFER, "pl-steinfurt-guns"):
        found, facts = _decisions(scenario_id, 120,
                                  lambda s, d: not d.view.get("pending"))
        for _state, d in found[::3]:
            world = imagine(d.view, d.side, facts, "s")
            if world is None:
                continue
            for cmd in (c for group in d.legal.values() for c in group[:3]):
                tried += 1
                kinds.add(cmd["type"])
                try:
                    apply(world, ME, cmd, SeededDice("t"))
                except RulesError:
                    refused += 1
    assert tried > 200 and refused == 0
    assert {"move", "fire", "resolve_indirect", "end_phase"} <= kinds


def test_the_search_counts_what_the_scenario_counts():
    """A world is judged by the victory points of 23.4 from the searching side's chair: two
    an objective held, one a unit lost; the attacker's gain is the defender's loss."""
    found, facts = _decisions("pl-hollenbach", 40,
                              lambda s, d: not d.view.get("pending"))
    _state, d = found[-1]
    world = imagine(d.view, d.side, facts, "s")
    attacker = leader_elite.evaluate(world, "allied", facts)
    taken = world.copy()
    taken.control[facts.objectives[0].label] = "allied"
    assert score(taken) == score(world) + (0 if world.control.get(
        facts.objectives[0].label) == "allied" else 2)
    assert leader_elite.evaluate(taken, "allied", facts) >= attacker


def test_elite_gives_the_same_command_for_the_same_input_however_slow_the_machine(monkeypatch):
    found, facts = _decisions("pl-hollenbach", 40,
                              lambda s, d: d.view["phase"] == "move_vehicles"
                              and not d.view.get("pending") and len(d.commands()) > 5,
                              enough=1)
    assert found
    _state, d = found[0]
    first = leader_elite.choose(d, facts)

    def busy_clock():  # a machine so busy that every reading is a minute later
        busy_clock.now += 60.0
        return busy_clock.now
    busy_clock.now = 0.0
    monkeypatch.setattr(time, "monotonic", busy_clock)
    monkeypatch.setattr(time, "perf_counter", busy_clock)
    monkeypatch.setattr(time, "process_time", busy_clock)
    assert leader_elite.choose(d, facts) == first
    assert first in d.commands()


def _facts(scenario_id: str):
    return public_facts(scenario_id, sorted(
        for_scenario(scenario_id).scenarios()[scenario_id].default_options))


@cache  # the same game for several tests: decisions and facts are plain data nobody changes
def _where_bold_differs(scenario_id: str = "pl-hollenbach", enough: int | None = None):
    facts = _facts(scenario_id)
    found, _ = _decisions(scenario_id, 160,
                              lambda s, d: not d.view.get("pending")
                              and d.view["active"] == d.side
                              and BOLD in dict(leader_elite.plans(d, facts)), enough)
    assert found, "no decision where the bold Veteran plays none of the steady one's plans"
    return found, facts


def test_the_search_weighs_the_veterans_best_plans_then_the_bold_one():
    found, facts = _where_bold_differs()
    for _state, d in found:
        weighed = leader_elite.plans(d, facts)
        steady = min(leader_elite.RIVALS, len({gist(c) for c in d.commands()}))
        assert [stance for stance, _ in weighed] == [STEADY] * steady + [BOLD]
        assert weighed[0][1] == levels.decide("veteran", d, facts)
        plans = list(dict.fromkeys(gist(c) for _, c in leader_veteran.ranked(d, facts)))
        assert [gist(c) for _, c in weighed[:-1]] == plans[:steady]  # the best, in order


def test_the_bold_stance_risks_more_of_a_unit_for_more_ground():
    """Bold weighs the chance of losing a unit at half the Veteran's care, and nothing else
    changes: where it moves otherwise, it goes where the unit is likelier lost, for more
    ground than the steady move gains."""
    found, facts = _where_bold_differs()
    moves = 0
    for _state, d in found:
        weighed = dict(leader_elite.plans(d, facts))
        steady, bold = weighed[STEADY], weighed[BOLD]
        if steady["type"] != "move" or bold["type"] != "move":
            continue
        moves += 1
        b = leader_veteran.board(d, facts)
        danger = Danger(b)
        value = {stance: {k: leader_veteran.move_value(b, danger, c, stance)
                          for k, c in (("steady", steady), ("bold", bold))}
                 for stance in (STEADY, BOLD)}
        # What each move risks, in points: the difference the stances' care makes.
        risk = {k: (value[BOLD][k] - value[STEADY][k])
                / (leader_veteran.care(b, STEADY)
                   - leader_veteran.care(b, BOLD)) for k in ("steady", "bold")}
        assert risk["bold"] > risk["steady"]
        gain = {k: value[STEADY][k] + leader_veteran.care(
            b, STEADY) * risk[k] for k in ("steady", "bold")}
        assert gain["bold"] > gain["steady"]
    assert moves


def test_where_there_is_one_plan_elite_plays_the_veterans_command_without_searching(
        monkeypatch):
    facts = _facts("pl-hollenbach")
    found, _ = _decisions("pl-hollenbach", 60,
                              lambda s, d: not d.view.get("pending")
                              and d.view["active"] == d.side
                              and len(leader_elite.plans(d, facts)) == 1, enough=10)
    assert found

    def no_search(*a, **k):
        raise AssertionError("played out where there is nothing to choose")
    monkeypatch.setattr(leader_elite, "play_out", no_search)
    for _state, d in found[:10]:
        assert leader_elite.choose(d, facts) == levels.decide("veteran", d, facts)


def test_elite_plays_the_plan_whose_samples_did_better(monkeypatch):
    """Each plan is played out on the same worlds and dice; the better average wins, and an
    even search leaves the Veteran's own command."""
    found, facts = _where_bold_differs()
    _state, d = found[0]
    weighed = leader_elite.plans(d, facts)
    played = leader_elite.play_out

    def tagged(world, side, dice, seed, facts, stance, share):
        # Each play-out is cut to its first decision (a share of one command): the judge
        # below reads only the tag, and a whole turn played out for each of the plans'
        # samples, with the budget lifted, was most of this test's time.
        after, cost = played(world, side, dice, seed, facts, stance, share=1)
        # The imagined world has no secret: a tag for the judge, the plan's place (the
        # seed of a play-out is the decision's, then the plan's, then the sample's).
        after.secret = seed.split(":")[-2]
        return after, cost
    monkeypatch.setattr(leader_elite, "play_out", tagged)
    monkeypatch.setattr(leader_elite, "BUDGET", 10**9)  # whatever the battle's size,
    monkeypatch.setattr(leader_elite, "MAX_SAMPLES", 2)  # an average of two samples
    for favoured in [*range(len(weighed)), None]:
        monkeypatch.setattr(leader_elite, "evaluate",
                            lambda w, side, f, fav=favoured: float(w.secret == str(fav)))
        expected = weighed[favoured or 0][1]
        assert gist(leader_elite.choose(d, facts)) == gist(expected)


def test_the_search_weighs_a_bounded_number_of_commands(monkeypatch):
    """The work is counted in legal commands weighed, not seconds: a round of samples is
    begun only while the budget allows it, and in a battle too big to play once for each
    plan only the plans whose samples fit are weighed."""
    found, facts = _where_bold_differs("pl-1940-semois-ford", enough=2)
    played = leader_elite.play_out
    spent: list[int] = []

    def counted(*a, **k):
        after, cost = played(*a, **k)
        spent.append(cost)
        return after, cost
    monkeypatch.setattr(leader_elite, "play_out", counted)
    for _state, d in found[:2]:
        spent.clear()
        leader_elite.choose(d, facts)
        rounds = len(spent) / len(leader_elite.plans(d, facts))
        assert sum(spent) <= 2 * leader_elite.budget(facts) or rounds <= 1
        assert rounds <= leader_elite.MAX_SAMPLES


def test_a_sample_stops_before_it_would_pass_its_share_of_the_budget(monkeypatch):
    """In a turn so big that one sample would weigh more than a quarter of the budget (River
    Assault's first turns: 6,500 commands), the sample stops before the decision that would
    take it past its share (as big as the last one): two samples of two plans then fit, so
    the search is not thrown away after its first sample, and each plan is judged as far
    into the battle."""
    found, facts = _where_bold_differs("pl-1940-semois-ford", enough=2)
    _state, d = found[0]
    steps: list[int] = []
    real = leader_elite.seat_decision

    def counted(world, seat, seed):
        decision = real(world, seat, seed)
        steps.append(len(decision.commands()))
        return decision
    monkeypatch.setattr(leader_elite, "seat_decision", counted)
    world = imagine(d.view, d.side, facts, "cap")
    _after, whole = leader_elite.play_out(world, d.side, SeededDice("cap"), "cap", facts)
    share = 3 * steps[0]  # room for a few of this turn's decisions, not the whole sample
    assert whole == sum(steps) > share
    steps.clear()
    world = imagine(d.view, d.side, facts, "cap")
    _after, cut = leader_elite.play_out(world, d.side, SeededDice("cap"), "cap", facts,
                                        share=share)
    assert cut == sum(steps) < whole and len(steps) >= 2
    # It played a decision while one as big as the last still fitted, and stopped where the
    # next would have passed the share.
    assert cut - steps[-1] + steps[-2] <= share < cut + steps[-1]


def test_a_big_battle_gets_a_smaller_budget_and_plays_the_veteran_where_no_search_fits(
        monkeypatch):
    """Each command weighed costs more in a big battle, and a big battle has more
    decisions: Bastogne's 109 printed counters get about 30/109 of the budget the learning
    situations get. A decision too big for two samples of two plans in it is the Veteran's,
    with no plan played out and no bold plan ranked (a search thrown away after its first
    sample cost more than the Veteran's whole decision, for the same command)."""
    small, big = _facts("pl-hollenbach"), _facts("pl-18-bastogne-siege")
    assert leader_elite.budget(small) == leader_elite.BUDGET
    counters = sum(n for side in big.forces.values() for n in side.values())
    assert counters == 109
    assert leader_elite.budget(big) == leader_elite.BUDGET * 30 // 109
    found, _ = _decisions("pl-18-bastogne-siege", 6,
                          lambda s, d: not leader_elite.affordable(
                              d, leader_elite.budget(big)), enough=1)
    assert found, "no Bastogne decision too big to search"
    _state, d = found[0]

    def no_search(*a, **k):
        raise AssertionError("searched a decision no two samples of two plans fit")
    monkeypatch.setattr(leader_elite, "play_out", no_search)
    monkeypatch.setattr(leader_elite, "plans", no_search)
    assert leader_elite.choose(d, big) == levels.decide("veteran", d, big)
