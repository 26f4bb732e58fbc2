"""Play Veteran against Veteran on every bundled scenario (or those named) and write the
aggregates into the library's balance file, games/data/arena_balance.json, which
`load_scenarios` stores for the scenario pages (games.botplay.balance_file says why).

Long: run it by hand, niced, never in the test suite. Each scenario's entry is written as
soon as its games are over, so a stopped run keeps what it finished; `--scenario` replays
only those scenarios and leaves the other entries as they are.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.botplay import balance_file
from games.bots.arena import play_match, scenario_ids, summary_line
from games.bots.levels import LEVELS
from games.bots.side_by_side import each_done
from games.rules.registry import for_scenario


def _play(sid: str, a: str, b: str, games: int, seed: str) -> tuple[dict[str, Any], str]:
    """One scenario's games (in a worker process when --jobs is above 1): its entry and its
    arena summary line."""
    revision = for_scenario(sid).scenarios()[sid].revision  # the forces these games play
    m = play_match(sid, a, b, games, seed)
    return balance_file.entry(m, revision, seed), summary_line(m)


class Command(BaseCommand):
    help = ("Veteran-vs-Veteran arena games of the bundled scenarios (sides swapped), written "
            "as aggregates into games/data/arena_balance.json.")

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--scenario", action="append", default=None,
                            help="only this scenario (repeatable; default every bundled one)")
        parser.add_argument("--games", type=int, default=balance_file.LEAST_GAMES)
        parser.add_argument("--levels", default=balance_file.LEVELS)
        parser.add_argument("--seed", default=balance_file.DEFAULT_SEED)
        parser.add_argument("--jobs", type=int, default=1,
                            help="scenarios played at once, each in its own process")
        parser.add_argument("--out", type=Path, default=balance_file.BALANCE_FILE,
                            help="the balance file to write (default the library's)")

    def handle(self, *args: Any, scenario: list[str] | None, games: int, levels: str,
               seed: str, jobs: int, out: Path, **options: Any) -> None:
        known = scenario_ids()
        chosen = scenario or known
        unknown = [s for s in chosen if s not in known]
        if unknown:
            raise CommandError(f"no bundled scenario {', '.join(unknown)}")
        pair = levels.split(",")
        if len(pair) != 2 or not set(pair) <= set(LEVELS):
            raise CommandError(f"--levels takes two of {', '.join(LEVELS)}, e.g. veteran,veteran")
        if games < 1:
            raise CommandError("--games must be at least 1")
        if jobs < 1:
            raise CommandError("--jobs must be at least 1")
        work = [(sid, pair[0], pair[1], games, seed) for sid in chosen]
        for _, (entry, line) in each_done(_play, work, jobs):
            balance_file.write([entry], out)
            self.stdout.write(line, ending="\n")
            self.stdout.flush()
        self.stdout.write(f"arena_library: {len(work)} scenario(s) written to {out.name}")
