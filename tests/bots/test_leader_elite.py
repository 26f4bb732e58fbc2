"""Panzer Leader's Elite searches a world rebuilt from its side's view (units afloat it cannot
see drawn from the enemy's printed forces), accepts there what the real engine accepts, and
gives the same command for the same input however busy the machine."""

from __future__ import annotations

import time
from collections import Counter

from games.bots import harness, leader_elite, levels
from games.bots.facts import public_facts
from games.bots.leader_imagined import ME, imagine
from games.rules.common.dice import SeededDice
from games.rules.common.errors import RulesError
from games.rules.panzer_leader.engine import apply
from games.rules.panzer_leader.victory import score
from games.rules.registry import for_scenario

SEEUFER = "pl-seeufer-landing"


def _decisions(scenario_id: str, seed: str, steps: int, keep):
    """Decisions of a Veteran game that `keep(state, decision)` picks, with the states."""
    rules = for_scenario(scenario_id)
    options = sorted(rules.scenarios()[scenario_id].default_options)
    s = rules.arm(rules.opening_state(scenario_id, options, None), options, "secret")
    facts = public_facts(scenario_id, options)
    dice = SeededDice(seed)
    out = []
    for n in range(steps):
        if rules.is_over(s):
            break
        seat = rules.who_may_act(s)[0]
        d = harness.decision_for(rules, s, seat, f"{seed}:{n}")
        if keep(s, d):
            out.append((s, d))
        s = rules.apply(s, seat, levels.decide("veteran", d, facts), dice).state
    return out, facts


def test_units_afloat_the_defender_cannot_see_are_drawn_from_the_landing_force():
    """At Seeufer the German sees the Allied landing craft only as counters on sea hexes
    (19.3). His Elite imagines each as one of the Allied types not yet in view, under the
    handle his view knows it by; no real id, no secret, nothing the view lacks."""
    found, facts = _decisions(
        SEEUFER, "afloat", 60,
        lambda s, d: d.side == "german" and any(u.get("hidden") for u in d.view["units"])
        and not d.view.get("pending") and d.view["active"] == "german")
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
        found, facts = _decisions(scenario_id, "takes", 120,
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
    found, facts = _decisions("pl-hollenbach", "count", 40,
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
    found, facts = _decisions("pl-hollenbach", "same", 40,
                              lambda s, d: d.view["phase"] == "move_vehicles"
                              and not d.view.get("pending") and len(d.commands()) > 5)
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
