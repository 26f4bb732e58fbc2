"""Find the bundled scenarios and check that each one loads."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "data" / "scenarios"


def scenario_loader() -> Any | None:
    """Return the rules engine's `load_scenario`, or None while the engine has none yet."""
    try:
        module = importlib.import_module("games.rules.scenario")
    except ModuleNotFoundError as exc:
        if exc.name != "games.rules.scenario":
            raise  # the module exists but something it imports is missing: a real error
        return None
    return getattr(module, "load_scenario", None)


class Command(BaseCommand):
    help = "Find games/data/scenarios/*.json and validate each with the rules engine."

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
        load = scenario_loader()
        if load is None:
            self.stdout.write(
                f"load_scenarios: found {len(paths)} scenario file(s) in {folder}; "
                "games.rules.scenario.load_scenario does not exist yet, so they are not validated"
            )
            return
        failures: list[str] = []
        for path in paths:
            try:
                scenario = load(path)
            except Exception as exc:  # report every broken file, not just the first
                failures.append(f"{path.name}: {exc}")
                continue
            title = getattr(scenario, "title", None) or getattr(scenario, "name", None)
            self.stdout.write(f"  ok {path.name}" + (f" ({title})" if title else ""))
        if failures:
            raise CommandError("invalid scenario(s):\n  " + "\n  ".join(failures))
        self.stdout.write(self.style.SUCCESS(f"load_scenarios: {len(paths)} scenario(s) valid"))
