"""Random play through the ruleset interface: every scenario of a ruleset to the end, checked.

One loop for every ruleset. Each game: real SeededDice, a random.Random choosing a seat that
may act, then the ruleset's random player (`RandomPlayer.choose`) choosing one of that
seat's legal commands. The game is armed with a secret derived from its seed, as the server
arms a game, so a replay is exact. After every step: the ruleset's invariants
(`invariant_problems`), and the acting seat's and the public view as JSON (every audience's
every tenth step and at the end). At the end: the export replays through the verifier. Some
games have a seat resign part way, so replays check resigning too.

What differs between rulesets is only their player: how it weighs the legal commands (each
ruleset favours its own combat rules, so random games reach them), which optional rules
each game plays with, and which events the `exercised:` line counts. The command line is
`games.rules.playtest`; each ruleset's `playtest` builds its player and calls `run`.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .common.dice import SeededDice
from .replay import VerifyError

Choose = Callable[[random.Random, Any, dict[str, list[dict]]], dict]
OptionSets = Callable[[str, int], list[list[str] | None]]


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
    exercised: Counter[str] = field(default_factory=Counter)

    def line(self) -> str:
        return (f"playtest: games={self.games} steps={self.steps} errors={self.errors} "
                f"invariant_failures={self.invariant_failures} "
                f"replay_mismatches={self.replay_mismatches}")


def weighted(weights: dict[str, float], default: float = 2.0) -> Choose:
    """A player that picks a group of legal commands by weight, then a command in it."""
    def choose(rng: random.Random, state: Any, legal: dict[str, list[dict]]) -> dict:
        groups = sorted(legal)
        group = rng.choices(groups, weights=[weights.get(g, default) for g in groups])[0]
        return rng.choice(legal[group])
    return choose


def scenario_defaults(scenario_id: str, game: int) -> list[list[str] | None]:
    """Every game with the scenario's own optional rules (None: its defaults)."""
    return [None]


@dataclass(frozen=True)
class RandomPlayer:
    """A ruleset's random player: what the one loop asks of each ruleset."""
    choose: Choose
    option_sets: OptionSets = scenario_defaults  # per scenario and game number: games to play
    resign_every: int = 5  # the last game of every this many has a seat resign ...
    resign_at: int = 150  # ... after this many steps
    exercised: tuple[str, ...] = ()  # event types the `exercised:` line counts
    views_every: int = 10  # every audience's view is checked this often (and at the end)


def audiences(rs, state: Any) -> list[tuple]:
    """Every audience a game has: each side, each seat, the public."""
    return ([("side", s) for s in rs.side_ids(state)]
            + [("seat", s) for s in rs.seat_sides(state)] + [("spectator", "public")])


def play_one(rs, player: RandomPlayer, scenario_id: str, game_seed: str, tally: Tally,
             max_steps: int, options: list[str] | None = None,
             resign_at: int | None = None) -> None:
    """Play one game of a scenario to the end with the player's random legal commands."""
    rng = random.Random(game_seed)
    seed = hashlib.sha256(game_seed.encode()).hexdigest()
    dice = SeededDice(seed)
    state = rs.opening_state(scenario_id, options)
    in_force = list(rs.scenarios()[scenario_id].default_options if options is None else options)
    state = rs.arm(state, in_force, hashlib.sha256(f"secret:{game_seed}".encode()).hexdigest())
    initial, steps, n = state, [], 0
    where = f"{scenario_id} seed {game_seed}" + (f" options {','.join(options)}" if options else "")
    tally.games += 1
    while rs.result(state) is None:
        if n >= max_steps:
            tally.errors += 1
            tally.unfinished += 1
            tally.messages.append(f"{where}: not over after {max_steps} steps")
            return
        choices = [(s, lg) for s in rs.who_may_act(state) if (lg := rs.legal_commands(state, s))]
        if not choices:
            tally.errors += 1
            tally.messages.append(f"{where}: step {n + 1}: no seat has a legal command")
            return
        seat, legal = rng.choice(choices)
        command = player.choose(rng, state, legal)
        if n == resign_at:  # any seat, in or out of turn
            seat, command = rng.choice(sorted(rs.seat_sides(state))), {"type": "resign"}
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
        tally.exercised.update(e["type"] for e in step.events if e["type"] in player.exercised)
        problems = list(rs.invariant_problems(step.state))
        if n % player.views_every == 0 or rs.result(step.state) is not None:
            checked = audiences(rs, step.state)
        else:
            checked = [("seat", seat), ("spectator", "public")]
        for aud in checked:
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


def run(rs, player: RandomPlayer, games: int, seed: str, scenario_ids: list[str] | None = None,
        max_steps: int = 20000, out=None) -> Tally:
    """Play `games` random games of each scenario of ruleset `rs` (all when none named)."""
    out = out or sys.stdout
    ids = scenario_ids or sorted(rs.scenarios())
    tally = Tally()
    for sid in ids:
        t0 = time.perf_counter()
        games0, steps0 = tally.games, tally.steps
        for g in range(games):
            resign_at = player.resign_at if g % player.resign_every == player.resign_every - 1 \
                else None
            for options in player.option_sets(sid, g):
                play_one(rs, player, sid, f"{seed}:{sid}:{g}", tally, max_steps, options,
                         resign_at)
        print(f"{sid}: {tally.games - games0} games, {tally.steps - steps0} steps, "
              f"{time.perf_counter() - t0:.1f}s", file=out)
    for m in tally.messages[:20]:
        print(m, file=out)
    if player.exercised:
        print("exercised: " + " ".join(f"{k}={tally.exercised[k]}" for k in player.exercised),
              file=out)
    print(tally.line(), file=out)
    return tally
