"""Check that every bundled scenario of every game loads and passes its ruleset's checks,
then store them in the designer's tables beside players' scenarios, marked bundled.

Games read a bundled scenario from its JSON file through its ruleset (games.rules.registry);
the stored copy is what the catalogue, the scenario pages and export read. With `--dir`, the
files are only validated. `make run` runs it before serving.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.designer.library import load_bundled
from games.rules.registry import DEFAULT, RULESETS, ruleset


class Command(BaseCommand):
    help = "Validate every game's bundled scenarios and store them beside players' scenarios."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--dir", type=Path, default=None,
                            help="check the JSON files of this folder instead of the bundled ones")
        parser.add_argument("--ruleset", default=None, choices=sorted(RULESETS),
                            help=f"only this game (with --dir: whose files they are; {DEFAULT} "
                                 "by default)")

    def handle(self, *args: Any, **options: Any) -> None:
        folder: Path | None = options["dir"]
        chosen = options["ruleset"] or (DEFAULT if folder is not None else None)
        games = [ruleset(chosen)] if chosen else list(RULESETS.values())
        checked, failures = 0, []
        for rs in games:
            paths = sorted(folder.glob("*.json")) if folder is not None else rs.scenario_files()
            if folder is not None and not paths:
                self.stdout.write(f"load_scenarios: no scenarios found in {folder}")
            for path in paths:
                try:
                    title = rs.check_scenario_file(path)
                except Exception as exc:  # report every broken file, not just the first
                    failures.append(f"{rs.title}: {path.name}: {exc}")
                    continue
                checked += 1
                self.stdout.write(f"  ok {path.name} ({title})")
        if failures:
            raise CommandError("invalid scenario(s):\n  " + "\n  ".join(failures))
        if checked:
            self.stdout.write(self.style.SUCCESS(f"load_scenarios: {checked} scenario(s) valid"))
        if folder is None and not options["ruleset"]:
            added = load_bundled()
            self.stdout.write(f"load_scenarios: {added} bundled revision(s) stored")
