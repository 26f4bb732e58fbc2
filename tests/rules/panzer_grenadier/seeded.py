"""Seeded random games of the bundled scenarios through the ruleset's interface, for tests
that compare an answer the engine hands on or remembers with one worked out afresh, state by
state."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator

from games.rules import registry
from games.rules.common.dice import SeededDice
from games.rules.panzer_grenadier.playtest import player

RS = registry.ruleset("panzer_grenadier")
CHOOSE = player().choose


def seeded_game(scenario: str, options: list[str] | None, seed: str, steps: int) -> Iterator[tuple]:
    """(state, seat, its legal commands, the command chosen, the dice's position) at each step
    of a seeded game played by the random player (at most `steps` steps)."""
    rng = random.Random(seed)
    dice = SeededDice(hashlib.sha256(seed.encode()).hexdigest())
    state = RS.opening_state(scenario, options)
    in_force = RS.scenarios()[scenario].default_options if options is None else options
    state = RS.arm(state, list(in_force), f"secret:{seed}")
    for _ in range(steps):
        if RS.result(state) is not None:
            return
        choices = [(s, lg) for s in RS.who_may_act(state) if (lg := RS.legal_commands(state, s))]
        seat, legal = rng.choice(choices)
        command = CHOOSE(rng, state, legal)
        yield state, seat, legal, command, dice.position
        state = RS.apply(state, seat, command, dice).state
