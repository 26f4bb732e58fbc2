"""`manage.py load_scenarios` (run by `make run`) validates the bundled scenarios and stores
them beside players' scenarios (games/designer)."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games.rules.registry import RULESETS


def run(*args: str) -> str:
    out = StringIO()
    call_command("load_scenarios", *args, stdout=out)
    return out.getvalue()


def test_every_bundled_scenario_of_every_game_loads(db) -> None:
    bundled = [p for rs in RULESETS.values() for p in rs.scenario_files()]
    assert any("pl-" in p.name for p in bundled) and any("kessel" in p.name for p in bundled)
    output = run()
    assert f"{len(bundled)} scenario(s) valid" in output
    for path in bundled:
        assert f"ok {path.name}" in output
    assert f"{len(bundled)} bundled revision(s) stored" in output
    assert "0 bundled revision(s) stored" in run()  # stored once: nothing changed since


def test_a_panzer_leader_situation_breaking_the_set_up_rule_fails_and_says_why(tmp_path: Path):
    """23.2: a side setting up last keeps out of the enemy's sight (panzer_leader/setup.py)."""
    import json

    (src,) = [p for p in RULESETS["panzer_leader"].scenario_files() if "hollenbach" in p.name]
    raw = json.loads(src.read_text())
    for group in raw["forces"]:  # every force onto one open hex in the middle of the board
        if group.get("at"):
            group["at"] = ["A-E-8"] * len(group["at"])
    (tmp_path / "crowded.json").write_text(json.dumps(raw))
    with pytest.raises(CommandError, match=r"crowded.json: .*in sight of .*\(23\.2\)"):
        run("--dir", str(tmp_path), "--ruleset", "panzer_leader")


def test_an_empty_folder_is_reported_not_an_error(tmp_path: Path) -> None:
    assert "no scenarios found" in run("--dir", str(tmp_path))


def test_a_broken_scenario_fails_the_command_and_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text('{"title": "Nothing else"}')
    with pytest.raises(CommandError, match="broken.json"):
        run("--dir", str(tmp_path))
