"""Benchmark the bots: win rates of each level against the one below, and decision times.

Pairings, sides swapped every game: veteran against recruit, recruit against uniform random
legal play, elite against veteran. A game counts 1 for a win, 1/2 for a draw. Each rate is
printed with its 95 % Wilson interval and the games behind it; decision time is measured
per command (view, legal commands and previews built, then the bot's choice), p95 over all
Recruit and Veteran commands, and over Elite's.

The default run plays 8 games per pairing (4 on Meeting at Kessel, 4 on Melnitsa
Bridgehead) and took 28 minutes on the shared 2-core machine at load average 11-17 (Elite's
games are most of it); `--games N` plays N
per scenario per pairing, `--scenario ID` (repeatable) picks scenarios, Sosna Line included.

Run: .venv/bin/python bench/bots.py [--games N] [--seed S]
Last line: bots: veteran_vs_recruit=0.NN recruit_vs_random=0.NN elite_vs_veteran=0.NN
decision_p95_ms=N elite_p95_ms=N games=N
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.bots.arena import play_match, wilson  # noqa: E402

PAIRINGS = (("veteran", "recruit"), ("recruit", "random"), ("elite", "veteran"))
# Games per scenario per pairing in the default run (Sosna Line is slow; Elite skips it).
DEFAULT = {
    "meeting-at-kessel": {"veteran": 4, "recruit": 4, "elite": 4},
    "melnitsa-bridgehead": {"veteran": 4, "recruit": 4, "elite": 4},
}
# Sosna Line (six boards, 90 counters) takes 4-5 minutes a game here: `--scenario
# sosna-line --games N` plays it.
ALL = ("meeting-at-kessel", "melnitsa-bridgehead", "sosna-line")


def p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="bench/bots.py")
    p.add_argument("--games", type=int, default=None, help="games per scenario per pairing")
    p.add_argument("--seed", default="bench")
    p.add_argument("--scenario", action="append", choices=ALL, help="only these scenarios")
    a = p.parse_args(argv)
    scenarios = a.scenario or list(DEFAULT)
    rates: dict[str, float] = {}
    fast_ms: list[float] = []
    elite_ms: list[float] = []
    total = 0
    t0 = time.perf_counter()
    for strong, weak in PAIRINGS:
        score, n = 0.0, 0
        for sid in scenarios:
            games = a.games if a.games is not None else DEFAULT.get(sid, {}).get(strong, 0)
            if not games:
                continue
            m = play_match(sid, strong, weak, games, a.seed)
            score += m.a_score()
            n += len(m.records)
            for r in m.records:
                for level, ms in r.decision_ms.items():
                    (elite_ms if level == "elite" else fast_ms).extend(
                        ms if level != "random" else [])
            wins = ",".join(f"{k}:{v}" for k, v in sorted(m.side_wins().items()))
            print(f"{strong}_vs_{weak} {sid}: games={len(m.records)} "
                  f"score={m.a_score() / len(m.records):.2f} side_wins={wins} "
                  f"({time.perf_counter() - t0:.0f}s)", flush=True)
        lo, hi = wilson(score, n)
        rates[f"{strong}_vs_{weak}"] = score / max(1, n)
        total += n
        print(f"{strong}_vs_{weak}: {score / max(1, n):.2f} over {n} games "
              f"(95% CI {lo:.2f}-{hi:.2f})", flush=True)
    print(f"decision p95: recruit/veteran {p95(fast_ms):.0f} ms over {len(fast_ms)} commands, "
          f"elite {p95(elite_ms):.0f} ms over {len(elite_ms)}; {time.perf_counter() - t0:.0f}s")
    print(
        f"bots: veteran_vs_recruit={rates['veteran_vs_recruit']:.2f} "
        f"recruit_vs_random={rates['recruit_vs_random']:.2f} "
        f"elite_vs_veteran={rates['elite_vs_veteran']:.2f} "
        f"decision_p95_ms={p95(fast_ms):.0f} elite_p95_ms={p95(elite_ms):.0f} games={total}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
