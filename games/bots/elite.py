"""Elite: a small search. At each activation it takes the Veteran's best few candidates, plays
each forward with the real engine on the state its side knows (imagined.py), several times
with different dice, both sides playing as the Veteran, and keeps the one whose outcomes are
best on average. Inside an activation, and where the view cannot be rebuilt (hidden
information), it plays as the Veteran.

The search is a fixed number of samples (deterministic for a seed); TIME_BUDGET only cuts it
short on a machine too busy to finish, so that no decision takes much over three seconds.
"""

from __future__ import annotations

import time

from games.rules.common.dice import SeededDice
from games.rules.common.errors import RulesError
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.engine import apply, who_may_act
from games.rules.panzer_grenadier.legal import legal_commands
from games.rules.panzer_grenadier.views import view_for

from . import veteran
from .board import Board
from .harness import seat_previews
from .imagined import ME, imagine
from .judge import Judge
from .seat import Decision

NAME = "elite"
CANDIDATES = 4
SAMPLES = 3
MAX_STEPS = 40  # commands played out in one sample (an activation and its opportunity fire)
TIME_BUDGET = 2.5  # seconds


def evaluate(state: st.GameState, side: str) -> float:
    """How good the state is for `side`: material, objectives and position, as the Judge sees."""
    view = view_for(state, ("side", side))
    b = Board.from_view(view, side)
    judge = Judge(b)
    value = 0.0
    for c in b.counters:
        if c.hex is None:
            continue
        if c.side == side:
            value += b.strength(c) + 0.4 * judge.hex_value(c, c.hex)
        else:
            value -= b.strength(c)
    for o in b.scen.objectives:
        if b.held.get(o.hex) == side and b.scores_for_me(o):
            value += o.points
    return value


def _play_out(state: st.GameState, side: str, dice: SeededDice, seed: str) -> st.GameState:
    """Play the open activation to its end, every seat choosing as the Veteran."""
    for n in range(MAX_STEPS):
        if state.phase != st.ACTION or (state.activation is None and state.opfire is None):
            return state
        seat = who_may_act(state)[0]
        d = Decision(
            view=view_for(state, ("seat", seat)),
            legal=legal_commands(state, seat),
            previews=None,
            seed=f"{seed}:{n}",
        )
        d.view.pop("legal", None)
        d = Decision(d.view, d.legal, seat_previews(state, seat, d.legal), d.seed)
        try:
            state = apply(state, seat, veteran.choose(d), dice).state
        except RulesError:
            return state
    return state


def choose(d: Decision) -> dict:
    side = d.side
    judge = Judge(Board.from_view(d.view, side), d.previews)
    ranked = veteran.ranked(d, judge)
    if "activate" not in d.legal or len(ranked) == 1:
        return ranked[0][1]
    world = imagine(d.view, side)
    if world is None:
        return ranked[0][1]
    candidates = [c for _, c in ranked[:CANDIDATES]]
    totals = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    deadline = time.monotonic() + TIME_BUDGET
    for s in range(SAMPLES):
        for i, cmd in enumerate(candidates):
            if s and time.monotonic() > deadline:
                break
            dice = SeededDice(f"{d.seed}:elite:{d.view.get('segment')}:{i}:{s}")
            try:
                after = apply(world, ME, cmd, dice).state
            except RulesError:
                totals[i] -= 99.0
                counts[i] += 1
                continue
            after = _play_out(after, side, dice, f"{d.seed}:{i}:{s}")
            totals[i] += evaluate(after, side)
            counts[i] += 1
    means = [t / max(1, n) for t, n in zip(totals, counts, strict=True)]
    best = max(range(len(candidates)), key=lambda i: (means[i], -i))
    return candidates[best]
