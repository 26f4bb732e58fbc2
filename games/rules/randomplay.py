"""Random play through the ruleset interface: every situation of a ruleset to the end.

Each game: real SeededDice, a random.Random choosing a seat that may act, then a group of
its legal commands (combat favoured), then a command. After every step: the ruleset's own
invariants and every audience's view as JSON. At the end: the export replays through the
verifier. A ruleset without random play of its own (Panzer Leader) plays through `run`;
`Tally` is every ruleset's tally and result line. The command line is `games.rules.playtest`.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from .common.dice import SeededDice
from .replay import VerifyError

WEIGHTS = {"fire": 6.0, "assault": 6.0, "overrun": 4.0, "opportunity_fire": 3.0,
           "order_indirect": 3.0, "resolve_indirect": 8.0, "move": 4.0, "end_phase": 1.0}
RESIGN_EVERY = 5  # every fifth game a seat resigns part way, so replays check resigning


@dataclass
class Tally:
    """What random play of any ruleset found; `line()` is the playtest's result line."""
    games: int = 0
    steps: int = 0
    errors: int = 0
    invariant_failures: int = 0
    replay_mismatches: int = 0
    unfinished: int = 0  # games not over within the step cap (also counted as errors)
    messages: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (f"playtest: games={self.games} steps={self.steps} errors={self.errors} "
                f"invariant_failures={self.invariant_failures} "
                f"replay_mismatches={self.replay_mismatches}")


def audiences(state: Any) -> list[tuple]:
    out = [("side", s) for s in state.sides] + [("seat", s["id"]) for s in state.seats]
    return [*out, ("spectator", "public")]


def play_one(rs, scenario_id: str, game_seed: str, tally: Tally, max_steps: int,
             resign_at: int | None = None) -> None:
    rng = random.Random(game_seed)
    seed = hashlib.sha256(game_seed.encode()).hexdigest()
    dice = SeededDice(seed)
    state = rs.opening_state(scenario_id)
    initial = state
    steps = []
    where = f"{scenario_id} seed {game_seed}"
    tally.games += 1
    n = 0
    while rs.result(state) is None:
        if n >= max_steps:
            tally.errors += 1
            tally.messages.append(f"{where}: not over after {max_steps} steps")
            return
        choices = [(s, lg) for s in rs.who_may_act(state) if (lg := rs.legal_commands(state, s))]
        if not choices:
            tally.errors += 1
            tally.messages.append(f"{where}: step {n + 1}: no seat has a legal command")
            return
        seat, legal = rng.choice(choices)
        groups = sorted(legal)
        group = rng.choices(groups, weights=[WEIGHTS.get(g, 2.0) for g in groups])[0]
        command = rng.choice(legal[group])
        if resign_at is not None and n == resign_at:
            command = {"type": "resign"}
        before = len(dice.rolls)
        try:
            step = rs.apply(state, seat, command, dice)
        except Exception as exc:  # noqa: BLE001 - every failure is counted and reported
            tally.errors += 1
            tally.messages.append(f"{where}: step {n + 1}: {seat} {json.dumps(command)}: "
                                  f"{type(exc).__name__}: {exc}")
            tally.messages.append(traceback.format_exc(limit=8))
            return
        n += 1
        tally.steps += 1
        problems = list(rs.invariant_problems(step.state))
        for aud in audiences(step.state) if n % 10 == 0 or rs.result(step.state) else []:
            try:
                json.dumps(rs.view_for(step.state, aud), allow_nan=False)
            except Exception as exc:  # noqa: BLE001
                problems.append(f"view {aud}: {type(exc).__name__}: {exc}")
        if problems:
            tally.invariant_failures += 1
            tally.messages.append(f"{where}: step {n} {json.dumps(command)}: {problems[:3]}")
            return
        steps.append({"seat": seat, "command": command, "dice": list(dice.rolls[before:]),
                      "state_hash": rs.state_hash(step.state)})
        state = step.state
    doc = json.loads(json.dumps(rs.export(initial, seed, steps, state)))
    try:
        rs.verify(doc)
    except VerifyError as exc:
        tally.replay_mismatches += 1
        tally.messages.append(f"{where}: replay: {exc}")


def run(rs, games: int, seed: str, scenario_ids: list[str] | None = None,
        max_steps: int = 20000, out=None) -> Tally:
    """Play `games` random games of each scenario of ruleset `rs` (all when none named)."""
    out = out or sys.stdout
    ids = scenario_ids or sorted(rs.scenarios())
    tally = Tally()
    for sid in ids:
        t0 = time.perf_counter()
        steps0 = tally.steps
        for g in range(games):
            play_one(rs, sid, f"{seed}:{sid}:{g}", tally, max_steps,
                     resign_at=150 if g % RESIGN_EVERY == RESIGN_EVERY - 1 else None)
        print(f"{sid}: {games} games, {tally.steps - steps0} steps, "
              f"{time.perf_counter() - t0:.1f}s", file=out)
    for m in tally.messages[:20]:
        print(m, file=out)
    print(tally.line(), file=out)
    return tally
