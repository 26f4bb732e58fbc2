"""Bots against bots: win rates with confidence intervals, and the balance of a scenario.

    python -m games.bots.arena --scenario ID --games N --levels A,B [--options a,b]
                               [--seed S] [--json]

Plays N games of the scenario between levels A and B, A taking each side in turn (sides
swapped every game). A game is scored 1 for a win, 1/2 for a draw, 0 for a loss; the rate of
A's score comes with a 95 % Wilson interval. Any bundled scenario of any ruleset plays,
with the scenario's optional rules or those `--options` names (`none` for none). It also prints how often each side won (the
scenario's balance under bot play). The last line reads
`arena: scenario=ID levels=A,B games=N a_score=0.NN ci=0.NN-0.NN side_wins=S1:n,S2:n,draw:n`.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from games.rules.common.dice import SeededDice
from games.rules.common.errors import RulesError
from games.rules.registry import all_scenarios, for_scenario

from .facts import public_facts
from .harness import decision_for
from .levels import LEVELS, NEEDS_PREVIEWS, decide

MAX_STEPS = 6000  # the least cap: a game not over by then is scored a draw (`capped`)
STEPS_PER_COUNTER_TURN = 3  # room for every counter to act each turn, with its commands


def step_cap(scenario_id: str) -> int:
    """How many commands a game of the scenario may take before it is called a draw. A big
    scenario needs room: Sosna Line's 301 counters over 15 turns, every unit acting each turn
    (as bots do under double-blind, where they see little worth passing for), take some
    9,000 commands, more than a fixed 6,000."""
    info = for_scenario(scenario_id).scenarios()[scenario_id]
    return max(MAX_STEPS, STEPS_PER_COUNTER_TURN * int(info.size.get("total", 0)) * info.turns)


def scenario_ids() -> list[str]:
    """Every bundled scenario, of every ruleset."""
    return [s.id for _, s in all_scenarios()]


def derive(seed: str, purpose: str) -> str:
    """A seed for one purpose (the dice, the bots' choices): knowing one tells nothing of
    another, so a bot handed its seed cannot foresee the dice."""
    return hmac.new(seed.encode(), purpose.encode(), hashlib.sha256).hexdigest()


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
    decision_ms: dict[str, list[float]] = field(default_factory=dict)  # level -> wall times
    # level -> the CPU time of the deciding thread: what a decision costs, whatever else the
    # machine is doing (a shared machine's neighbours inflate wall times, not these).
    decision_cpu_ms: dict[str, list[float]] = field(default_factory=dict)
    capped: bool = False  # stopped at the step cap without an end
    refused: list[str] = field(default_factory=list)  # legal commands the engine refused
    # The ruleset's result as the game ended (winner, points or level, why; None if capped):
    # how near a game came to going the other way, which a win or a loss does not say.
    result: dict | None = None


def play_game(
    scenario_id: str,
    levels: dict[str, str],
    seed: str,
    options: Iterable[str] | None = None,
    max_steps: int | None = None,
    watch: Callable[[Any], None] | None = None,
) -> GameRecord:
    """One game, each side played by its level; every command goes through the ruleset's
    `apply`. The dice and the bots' seeds are derived apart from `seed`. `watch`, if given,
    is shown the state before each command (a benchmark's look at how games unfold)."""
    rules = for_scenario(scenario_id)
    max_steps = max_steps or step_cap(scenario_id)
    opts = None if options is None else list(options)
    state = rules.opening_state(scenario_id, opts, None)
    played = sorted(rules.scenarios()[scenario_id].default_options if opts is None else opts)
    state = rules.arm(state, played, derive(seed, "secret"))
    facts = public_facts(scenario_id, played)
    dice = SeededDice(derive(seed, "dice"))
    bots = derive(seed, "bots")
    seat_side = rules.seat_sides(state)
    times: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    refused: list[str] = []
    t0 = time.perf_counter()
    n = 0
    while not rules.is_over(state) and n < max_steps:
        if watch is not None:
            watch(state)
        seat = rules.who_may_act(state)[0]
        level = levels[seat_side[seat]]
        start, start_cpu = time.perf_counter(), time.thread_time()
        problems: list[str] = []
        d = decision_for(rules, state, seat, f"{bots}:{n}",
                         with_previews=level in NEEDS_PREVIEWS, problems=problems)
        for p in problems:  # the engine refused its own legal command's preview: a bug
            note = f"{scenario_id} seed={seed!r} step={n} {p}"
            print(f"arena: {note}", file=sys.stderr)
            refused.append(note)
        cmd = decide(level, d, facts)
        times.setdefault(level, []).append((time.perf_counter() - start) * 1000)
        cpu.setdefault(level, []).append((time.thread_time() - start_cpu) * 1000)
        try:
            state = rules.apply(state, seat, cmd, dice).state
        except RulesError as exc:
            # The engine refused a command its own legal_commands offered: an engine bug.
            # Say so (with what reproduces it) and play on with another legal command.
            note = f"{scenario_id} seed={seed!r} step={n} seat={seat} {cmd} refused: {exc}"
            print(f"arena: {note}", file=sys.stderr)
            refused.append(note)
            others = [c for c in d.commands() if c != cmd]
            if not others:
                break
            state = rules.apply(state, seat, others[n % len(others)], dice).state
        n += 1
    over = rules.is_over(state)
    result = rules.result(state) if over else None
    winner = (result or {}).get("winner")
    if os.environ.get("PGWEB_ARENA_DEBUG"):
        print(result, file=sys.stderr)
    return GameRecord(scenario_id, dict(levels), winner, n, time.perf_counter() - t0, times,
                      cpu, capped=not over, refused=refused, result=result)


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
               out=None, options: Iterable[str] | None = None) -> Match:
    sides = [s.id for s in for_scenario(scenario_id).scenarios()[scenario_id].sides]
    m = Match(scenario_id, a, b)
    for g in range(games):
        first = sides[g % 2]
        levels = {s: (a if s == first else b) for s in sides}
        r = play_game(scenario_id, levels, f"{seed}:{scenario_id}:{a}-{b}:{g}", options)
        m.records.append(r)
        if out is not None:
            capped = " (capped)" if r.capped else ""
            print(f"game {g + 1}: {levels} winner={r.winner or 'draw'} steps={r.steps}{capped} "
                  f"{r.seconds:.1f}s", file=out, flush=True)
    return m


def parse_options(text: str | None, scenario_id: str) -> list[str] | None:
    """`--options a,b` as a list (None: the scenario's own; "none": no optional rule); an
    option the scenario's ruleset does not know is an error naming it."""
    if text is None:
        return None
    if text.strip() in ("", "none"):
        return []
    names = [x.strip() for x in text.split(",") if x.strip()]
    known = {o["id"] for o in for_scenario(scenario_id).option_choices()}
    unknown = [x for x in names if x not in known]
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(unknown)}; "
                         f"this game has {', '.join(sorted(known))}")
    return names


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
    p.add_argument("--scenario", required=True, choices=scenario_ids())
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--levels", default="veteran,recruit", help="two levels, A,B")
    p.add_argument("--seed", default="1")
    p.add_argument("--options", default=None,
                   help="optional rules, comma-separated (default: the scenario's; none: none)")
    p.add_argument("--json", action="store_true", help="also print the games as JSON")
    a = p.parse_args(argv)
    names = a.levels.split(",")
    if len(names) != 2 or any(x not in LEVELS for x in names):
        p.error(f"--levels takes two of {', '.join(LEVELS)}, e.g. veteran,recruit")
    try:
        options = parse_options(a.options, a.scenario)
    except ValueError as exc:
        p.error(str(exc))
    m = play_match(a.scenario, names[0], names[1], a.games, a.seed, out=sys.stdout,
                   options=options)
    if a.json:
        print(json.dumps([r.__dict__ | {"decision_ms": None} for r in m.records]))
    print(summary_line(m))
    return 0


if __name__ == "__main__":
    sys.exit(main())
