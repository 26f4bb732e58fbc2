"""The bundled scenarios' balance as the arena measured it, shipped with the library.

A fresh install has no arena runs in its database, so its scenario pages would show no
balance. `manage.py arena_library` plays Veteran against Veteran (sides swapped every game,
`games.bots.arena.play_match`) on every bundled scenario and writes the aggregates here, in
one committed file: per scenario its revision, the levels, the games, each side's wins, the
seed, and the command that plays the same games again. No game records: the dice come from
the seed, so the command is the record. `manage.py load_scenarios` stores the file's rows
beside the operator's own arena runs (games.botplay.balance.load_library).

Pure: no Django, no database; the management command and the tests both read it here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.bots.arena import Match

BALANCE_FILE = Path(__file__).resolve().parent.parent / "data" / "arena_balance.json"
LEVELS = "veteran,veteran"
LEAST_GAMES = 10  # issue 48: a bundled scenario's page shows at least 10 arena games
DEFAULT_SEED = "library"
ABOUT = ("Veteran-vs-Veteran arena games of every bundled scenario, sides swapped every game "
         "(aggregates only; each entry's command plays the same games again).")


def rerun_command(scenario_ids: list[str], games: int, seed: str, levels: str = LEVELS) -> str:
    """The command that plays these games again (and rewrites their entries)."""
    named = "".join(f" --scenario {sid}" for sid in scenario_ids)
    paired = "" if levels == LEVELS else f" --levels {levels}"
    return f"python manage.py arena_library{named} --games {games}{paired} --seed {seed}"


def entry(match: Match, revision: str, seed: str) -> dict[str, Any]:
    """One scenario's aggregate: what the page shows and what reproduces it."""
    n, levels = len(match.records), f"{match.a},{match.b}"
    return {"scenario": match.scenario, "revision": revision, "levels": levels, "games": n,
            "side_wins": dict(sorted(match.side_wins().items())), "seed": seed,
            "command": rerun_command([match.scenario], n, seed, levels)}


def read(path: Path = BALANCE_FILE) -> list[dict[str, Any]]:
    """The file's entries (none when there is no file yet)."""
    if not path.exists():
        return []
    return list(json.loads(path.read_text(encoding="utf-8"))["scenarios"])


def write(entries: list[dict[str, Any]], path: Path = BALANCE_FILE) -> None:
    """Merge `entries` into the file: each replaces the scenario's entry of the same levels;
    the others stay. Sorted by scenario, so a rerun's diff is only its rows."""
    kept = {(e["scenario"], e["levels"]): e for e in read(path)}
    kept.update({(e["scenario"], e["levels"]): e for e in entries})
    rows = "".join(f"{',' if i else ''}\n  {json.dumps(kept[k])}"  # a line per scenario
                   for i, k in enumerate(sorted(kept)))
    path.write_text(f'{{"about": {json.dumps(ABOUT)},\n "scenarios": [{rows}\n]}}\n',
                    encoding="utf-8")
