"""Check that every bundled scenario loads (validates) with the rules engine.

Nothing is written to the database: games read their scenario from the JSON files through
the engine (`games.rules.panzer_grenadier.core.scenario.bundled_scenarios`), so this command only validates them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.rules.panzer_grenadier.core.scenario import load_scenario

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "data" / "scenarios"


class Command(BaseCommand):
    help = "Validate games/data/scenarios/*.json with the rules engine (nothing is stored)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--dir", type=Path, default=SCENARIO_DIR, help="folder holding scenario JSON files"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        folder: Path = options["dir"]
        paths = sorted(folder.glob("*.json")) if folder.is_dir() else []
        if not paths:
            self.stdout.write(f"load_scenarios: no scenarios found in {folder}")
            return
        failures: list[str] = []
        for path in paths:
            try:
                scenario = load_scenario(path)
            except Exception as exc:  # report every broken file, not just the first
                failures.append(f"{path.name}: {exc}")
                continue
            title = getattr(scenario, "title", None) or getattr(scenario, "name", None)
            self.stdout.write(f"  ok {path.name}" + (f" ({title})" if title else ""))
        if failures:
            raise CommandError("invalid scenario(s):\n  " + "\n  ".join(failures))
        self.stdout.write(self.style.SUCCESS(f"load_scenarios: {len(paths)} scenario(s) valid"))
