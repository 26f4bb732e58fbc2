"""Random play of any ruleset from the command line: every situation to the end, checked.

    python -m games.rules.playtest [--ruleset panzer_grenadier|panzer_leader] --games N
        [--seed S] [--scenario ID ...] [--max-steps K] [--thorough]

Every ruleset plays through the one loop in `games.rules.randomplay` with its own random
player (its `playtest` module: how it weighs commands, which optional rules each game plays
with). The last line reads
`playtest: games=N steps=T errors=0 invariant_failures=0 replay_mismatches=0`; the exit
status is 1 when any count but games and steps is not 0.
"""

from __future__ import annotations

import argparse
import sys

from .registry import DEFAULT, RULESETS, ruleset


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m games.rules.playtest")
    p.add_argument("--ruleset", default=DEFAULT, choices=sorted(RULESETS),
                   help=f"which game (default {DEFAULT})")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--seed", default="1")
    p.add_argument("--scenario", action="append")
    p.add_argument("--max-steps", type=int, default=20000)
    p.add_argument("--thorough", action="store_true",
                   help="pass less often: longer games with more contact and combat")
    a = p.parse_args(argv)
    tally = ruleset(a.ruleset).playtest(
        games=a.games, seed=a.seed, scenario_ids=a.scenario, max_steps=a.max_steps,
        thorough=a.thorough, out=sys.stdout)
    bad = tally.errors or tally.invariant_failures or tally.replay_mismatches
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
