"""Bots against bots: win rates with confidence intervals, and the balance of a scenario.

    python -m games.bots.arena --scenario ID --games N --levels A,B [--seed S] [--json]

Plays N games of the scenario between levels A and B, A taking each side in turn (sides
swapped every game). A game is scored 1 for a win, 1/2 for a draw, 0 for a loss; the rate of
A's score comes with a 95 % Wilson interval. It also prints how often each side won (the
scenario's balance under bot play). The last line reads
`arena: scenario=ID levels=A,B games=N a_score=0.NN ci=0.NN-0.NN side_wins=S1:n,S2:n,draw:n`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from games.rules.common.dice import SeededDice
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.core.scenario import bundled_scenarios, initial_state
from games.rules.panzer_grenadier.double_blind import knowledge
from games.rules.panzer_grenadier.engine import apply, who_may_act

from .harness import decision_for
from .levels import LEVELS, NEEDS_PREVIEWS, decide

MAX_STEPS = 6000  # a game not over by then is scored a draw (never seen in the bundled ones)


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate measured over n games."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class GameRecord:
    scenario: str
    levels: dict[str, str]  # side -> level
    winner: str | None
    steps: int
    seconds: float
    decision_ms: dict[str, list[float]] = field(default_factory=dict)  # level -> times


def play_game(
    scenario_id: str,
    levels: dict[str, str],
    seed: str,
    options: Iterable[str] | None = None,
) -> GameRecord:
    """One game, each side played by its level; every command goes through `apply`."""
    scen = bundled_scenarios()[scenario_id]
    state = initial_state(scen, options=options)
    digest = hashlib.sha256(seed.encode()).hexdigest()
    state = knowledge.start(state, hashlib.sha256(f"secret:{digest}".encode()).hexdigest())
    dice = SeededDice(digest)
    seat_side = {s.id: s.side for s in state.seats}
    times: dict[str, list[float]] = {}
    t0 = time.perf_counter()
    n = 0
    while state.phase != st.ENDED and n < MAX_STEPS:
        seat = who_may_act(state)[0]
        level = levels[seat_side[seat]]
        start = time.perf_counter()
        d = decision_for(state, seat, f"{seed}:{n}", with_previews=level in NEEDS_PREVIEWS)
        cmd = decide(level, d)
        times.setdefault(level, []).append((time.perf_counter() - start) * 1000)
        state = apply(state, seat, cmd, dice).state
        n += 1
    winner = (state.result or {}).get("winner") if state.phase == st.ENDED else None
    if os.environ.get("PGWEB_ARENA_DEBUG"):
        print(state.result, file=sys.stderr)
    return GameRecord(scenario_id, dict(levels), winner, n, time.perf_counter() - t0, times)


@dataclass
class Match:
    """A series between two levels on one scenario, sides swapped every game."""

    scenario: str
    a: str
    b: str
    records: list[GameRecord] = field(default_factory=list)

    def a_score(self) -> float:
        total = 0.0
        for r in self.records:
            if r.winner is None:
                total += 0.5
            elif r.levels[r.winner] == self.a:
                total += 1.0
        return total

    def side_wins(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for r in self.records:
            key = r.winner or "draw"
            out[key] = out.get(key, 0) + 1
        return out


def play_match(scenario_id: str, a: str, b: str, games: int, seed: str = "1",
               out=None) -> Match:
    scen = bundled_scenarios()[scenario_id]
    sides = [s.id for s in scen.sides]
    m = Match(scenario_id, a, b)
    for g in range(games):
        first = sides[g % 2]
        levels = {s: (a if s == first else b) for s in sides}
        r = play_game(scenario_id, levels, f"{seed}:{scenario_id}:{a}-{b}:{g}")
        m.records.append(r)
        if out is not None:
            print(f"game {g + 1}: {levels} winner={r.winner or 'draw'} steps={r.steps} "
                  f"{r.seconds:.1f}s", file=out, flush=True)
    return m


def summary_line(m: Match) -> str:
    n = len(m.records)
    score = m.a_score()
    lo, hi = wilson(score, n)
    wins = m.side_wins()
    side_part = ",".join(f"{k}:{v}" for k, v in sorted(wins.items()))
    return (f"arena: scenario={m.scenario} levels={m.a},{m.b} games={n} "
            f"a_score={score / max(1, n):.2f} ci={lo:.2f}-{hi:.2f} side_wins={side_part}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m games.bots.arena")
    p.add_argument("--scenario", required=True, choices=sorted(bundled_scenarios()))
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--levels", default="veteran,recruit", help="two levels, A,B")
    p.add_argument("--seed", default="1")
    p.add_argument("--json", action="store_true", help="also print the games as JSON")
    a = p.parse_args(argv)
    names = a.levels.split(",")
    if len(names) != 2 or any(x not in LEVELS for x in names):
        p.error(f"--levels takes two of {', '.join(LEVELS)}, e.g. veteran,recruit")
    m = play_match(a.scenario, names[0], names[1], a.games, a.seed, out=sys.stdout)
    if a.json:
        print(json.dumps([r.__dict__ | {"decision_ms": None} for r in m.records]))
    print(summary_line(m))
    return 0


if __name__ == "__main__":
    sys.exit(main())
