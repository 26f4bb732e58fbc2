"""`manage.py load_scenarios` (run by `make run`) validates the bundled scenarios."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games.management.commands.load_scenarios import SCENARIO_DIR


def run(*args: str) -> str:
    out = StringIO()
    call_command("load_scenarios", *args, stdout=out)
    return out.getvalue()


def test_every_bundled_scenario_loads() -> None:
    bundled = sorted(SCENARIO_DIR.glob("*.json"))
    assert bundled
    output = run()
    assert f"{len(bundled)} scenario(s) valid" in output
    for path in bundled:
        assert f"ok {path.name}" in output


def test_an_empty_folder_is_reported_not_an_error(tmp_path: Path) -> None:
    assert "no scenarios found" in run("--dir", str(tmp_path))


def test_a_broken_scenario_fails_the_command_and_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text('{"title": "Nothing else"}')
    with pytest.raises(CommandError, match="broken.json"):
        run("--dir", str(tmp_path))
