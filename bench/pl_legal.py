"""Benchmark Panzer Leader's legal commands (reach, entry and the rest of legal.py).

Plays one seeded Veteran-against-Veteran game of each Panzer Leader situation with the real
engine (as the arena does), keeps every position a seat was asked to act in, then times
`legal_commands` over all of them in the thread's CPU time (the machine is shared; its
neighbours' load inflates wall times, not these). The games are the same on every run, so
two runs time the same positions.

Run: .venv/bin/python bench/pl_legal.py [--seed S] [--situation ID]... [--runs N] [--smoke]
Last line: pl_legal: states=N legal_p50_ms=A legal_p95_ms=B total_s=C
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.bots.arena import derive, scenario_ids, step_cap  # noqa: E402
from games.bots.facts import public_facts  # noqa: E402
from games.bots.harness import decision_for  # noqa: E402
from games.bots.levels import decide  # noqa: E402
from games.rules.common.dice import SeededDice  # noqa: E402
from games.rules.common.errors import RulesError  # noqa: E402
from games.rules.panzer_leader.legal import legal_commands  # noqa: E402
from games.rules.registry import for_scenario  # noqa: E402

LEVEL = "veteran"


def positions(situation: str, seed: str) -> list[tuple[object, str]]:
    """Every (state, seat) of one Veteran-against-Veteran game, in play order."""
    rules = for_scenario(situation)
    state = rules.opening_state(situation, None, None)
    played = sorted(rules.scenarios()[situation].default_options)
    state = rules.arm(state, played, derive(seed, "secret"))
    facts = public_facts(situation, played)
    dice = SeededDice(derive(seed, "dice"))
    bots = derive(seed, "bots")
    out = []
    n = 0
    while not rules.is_over(state) and n < step_cap(situation):
        seat = rules.who_may_act(state)[0]
        out.append((state.copy(), seat))
        d = decision_for(rules, state, seat, f"{bots}:{n}")
        cmd = decide(LEVEL, d, facts)
        try:
            state = rules.apply(state, seat, cmd, dice).state
        except RulesError:  # an engine bug the arena reports; here, play on as it does
            others = [c for c in d.commands() if c != cmd]
            if not others:
                break
            state = rules.apply(state, seat, others[n % len(others)], dice).state
        n += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--situation", action="append",
                        help="a Panzer Leader situation id (repeatable; default: all)")
    parser.add_argument("--runs", type=int, default=1, help="timed passes over the positions")
    parser.add_argument("--smoke", action="store_true",
                        help="seconds: the first situation only (make test checks the last line)")
    args = parser.parse_args()

    situations = args.situation or [s for s in scenario_ids() if s.startswith("pl-")]
    if args.smoke:
        situations = situations[:1]
    recorded = []
    for sid in situations:
        t0 = time.perf_counter()
        found = positions(sid, args.seed)
        recorded += found
        print(f"{sid}: {len(found)} positions played in {time.perf_counter() - t0:.1f} s")

    timings = []
    for _ in range(args.runs):
        for state, seat in recorded:
            t0 = time.thread_time()
            legal_commands(state, seat)
            timings.append((time.thread_time() - t0) * 1000)
    timings.sort()
    p50 = statistics.median(timings)
    p95 = timings[min(len(timings) - 1, int(len(timings) * 0.95))]
    print(f"pl_legal: states={len(recorded)} legal_p50_ms={p50:.2f} legal_p95_ms={p95:.2f} "
          f"total_s={sum(timings) / 1000 / args.runs:.2f}")


if __name__ == "__main__":
    main()
