"""Bots play fair: what a bot is given, and so what it sends, depends on nothing its side may
not know (issue 18).

Canaries: the scenario ids of enemy counters the bot's side has no contact with, and the
game's secret. Bot games in double-blind run through the engine; at every decision the bot's
whole input (view, legal commands, previews) and its command are searched byte for byte for
a canary. Non-interference: moving an unseen enemy counter to another hex where it stays
unseen gives the bot byte-identical input and the same command, at every level.
"""

from __future__ import annotations

import dataclasses
import hashlib
import inspect
import random
from dataclasses import replace

import pytest

from games.bots import harness, levels
from games.bots.seat import Decision
from games.rules.common.dice import SeededDice
from games.rules.panzer_grenadier import leakcheck
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.core.registry import game_map
from games.rules.panzer_grenadier.core.scenario import bundled_scenarios, initial_state
from games.rules.panzer_grenadier.core.serialize import canonical_json
from games.rules.panzer_grenadier.double_blind import knowledge
from games.rules.panzer_grenadier.engine import apply, who_may_act

SECRET = "bots-fairness-secret-canary"


def _game(options, seed: str, steps: int):
    """States of a double-blind Kessel game played by Veterans, each with the seat to act."""
    scen = bundled_scenarios()["meeting-at-kessel"]
    s = knowledge.start(initial_state(scen, options=options), SECRET)
    dice = SeededDice(hashlib.sha256(seed.encode()).hexdigest())
    out = []
    for n in range(steps):
        if s.phase == st.ENDED:
            break
        seat = who_may_act(s)[0]
        out.append((s, seat))
        d = harness.decision_for(s, seat, f"{seed}:{n}")
        s = apply(s, seat, levels.decide("veteran", d), dice).state
    return out


def _input_bytes(d: Decision) -> str:
    return canonical_json({"view": d.view, "legal": d.legal, "previews": d.previews,
                           "seed": d.seed})


def _unseen(state: st.GameState, side: str) -> frozenset[str]:
    seen = knowledge.contact(state)[side]
    return frozenset(u for u in state.units if state.units[u].side != side and u not in seen)


def _moved_unseen(state: st.GameState, side: str, rng: random.Random):
    """The state with one unseen enemy counter moved elsewhere, still unseen by anyone new."""
    now = knowledge.contact(state)
    busy = set(state.activation.units) if state.activation else set()
    movable = sorted(
        u.id for u in state.units_on_map()
        if u.side != side and u.id not in now[side] and u.id not in busy and u.carried_by is None
        and not any(x.carried_by == u.id for x in state.units.values())
    )
    empty = sorted((h for h in game_map(state).hexes if not state.units_at(h)),
                   key=lambda h: (h.q, h.r))
    rng.shuffle(movable)
    for uid in movable[:3]:
        for h in rng.sample(empty, min(25, len(empty))):
            other = replace(state, units={**state.units, uid: replace(state.units[uid], hex=h)})
            if all(set(knowledge.contact(other)[v]) == set(now[v]) for v in now):
                return uid, other
    return None


def test_a_bot_is_given_only_a_view_legal_commands_previews_and_a_seed():
    assert [f.name for f in dataclasses.fields(Decision)] == ["view", "legal", "previews", "seed"]
    for name, strategy in levels.LEVELS.items():
        params = list(inspect.signature(strategy).parameters)
        assert params == ["d"], name


@pytest.mark.parametrize("options", [("double_blind",), ("double_blind", "hidden_units")])
def test_no_canary_reaches_a_bot_or_leaves_it(options):
    checked = 0
    for state, seat in _game(options, f"fair:{options}", 120)[::3]:
        side = next(x.side for x in state.seats if x.id == seat)
        canaries = _unseen(state, side)
        d = harness.decision_for(state, seat, "canary")
        text = _input_bytes(d)
        assert leakcheck.leaks_in(text, canaries, SECRET) == []
        for level in levels.LEVELS:
            cmd = levels.decide(level, d)
            assert leakcheck.leaks_in(canonical_json(cmd), canaries, SECRET) == [], level
        checked += 1
    assert checked >= 20


def test_moving_an_unseen_enemy_changes_no_byte_of_a_bots_input_nor_its_command():
    rng = random.Random(18)
    compared = 0
    for state, seat in _game(("double_blind",), "noninterference", 150)[5::7]:
        side = next(x.side for x in state.seats if x.id == seat)
        moved = _moved_unseen(state, side, rng)
        if moved is None:
            continue
        _uid, other = moved
        a = harness.decision_for(state, seat, "same-seed")
        b = harness.decision_for(other, seat, "same-seed")
        assert _input_bytes(a) == _input_bytes(b)
        for level in levels.LEVELS:
            assert levels.decide(level, a) == levels.decide(level, b), level
        compared += 1
    assert compared >= 5


def test_elite_rebuilds_its_world_only_from_the_view():
    """In an open game Elite searches on a state made from its view: enemy counters the view
    does not show are not in it."""
    from games.bots.imagined import imagine

    scen = bundled_scenarios()["meeting-at-kessel"]
    s = initial_state(scen)
    dice = SeededDice("imagine")
    while s.phase != st.ACTION:
        s = apply(s, who_may_act(s)[0], {"type": "roll_initiative"}, dice).state
    seat = who_may_act(s)[0]
    d = harness.decision_for(s, seat)
    world = imagine(d.view, d.side)
    assert world is not None
    assert set(world.units) == {u["id"] for u in d.view["units"]}
    assert not world.secret and not world.intel
