"""A scenario file's schema pass is remembered across starts (games/rules/common/passed_checks.py):
the same file is not checked against the schema again, a changed one is, and a document with
problems is refused with every problem at every start."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from games.rules.common import passed_checks
from games.rules.panzer_grenadier.core import scenario
from games.rules.panzer_grenadier.core.scenario import SCENARIO_DIR, ScenarioError, load_scenario

MEETING = json.loads((SCENARIO_DIR / "meeting-at-kessel.json").read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def remembering_nowhere():
    """Each test starts as a process naming no folder (a test that imported pgweb.asgi in
    this process named one) and leaves the process as it found it."""
    before = passed_checks.remembering()
    passed_checks.remember_in(None)
    yield
    passed_checks.remember_in(before)


@pytest.fixture
def remembered(tmp_path: Path) -> Path:
    """Passes remembered in a folder of the test's own, as the server does at start."""
    folder = tmp_path / "checks"
    passed_checks.remember_in(folder)
    return folder


@pytest.fixture
def schema_checks(monkeypatch) -> list[object]:
    """Every document the schema is asked about, in order."""
    asked: list[object] = []
    check = scenario.schema_problems

    def counted(raw):
        asked.append(raw)
        return check(raw)

    monkeypatch.setattr(scenario, "schema_problems", counted)
    return asked


def written(tmp_path: Path, raw: dict) -> Path:
    path = tmp_path / "meeting.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def test_a_file_that_passed_is_not_checked_against_the_schema_again(
    tmp_path, remembered, schema_checks
):
    path = written(tmp_path, MEETING)
    first = load_scenario(path)
    assert len(schema_checks) == 1
    assert len(list(remembered.glob("*.passed"))) == 1
    again = load_scenario(path)  # a second start with the same file
    assert len(schema_checks) == 1
    assert again.id == first.id and again.units == first.units


def test_a_changed_file_is_checked_again_and_refused_with_its_problem(
    tmp_path, remembered, schema_checks
):
    path = written(tmp_path, MEETING)
    load_scenario(path)
    broken = copy.deepcopy(MEETING)
    broken["turns"] = "twelve"
    written(tmp_path, broken)
    with pytest.raises(ScenarioError) as refused:
        load_scenario(path)
    assert len(schema_checks) == 2
    assert any(p.startswith("turns:") for p in refused.value.problems)
    with pytest.raises(ScenarioError):  # and at every start after: a failure is not remembered
        load_scenario(path)
    assert len(schema_checks) == 3
    assert len(list(remembered.glob("*.passed"))) == 1


def test_a_file_passing_the_schema_but_not_the_map_is_refused_at_every_start(
    tmp_path, remembered
):
    raw = copy.deepcopy(MEETING)
    raw["units"][0]["hex"] = "Z9999"  # schema-shaped, but on no board
    path = written(tmp_path, raw)
    for _start in range(2):
        with pytest.raises(ScenarioError, match="is not on the map"):
            load_scenario(path)


def test_a_designers_document_and_a_process_naming_no_folder_remember_nothing(
    tmp_path, schema_checks
):
    path = written(tmp_path, MEETING)
    load_scenario(path)
    load_scenario(path)
    assert len(schema_checks) == 2  # no folder named: every start checks
    passed_checks.remember_in(tmp_path / "checks")
    load_scenario(copy.deepcopy(MEETING))
    load_scenario(copy.deepcopy(MEETING))
    assert len(schema_checks) == 4
    assert not (tmp_path / "checks").exists()


def test_a_folder_nobody_may_write_to_costs_the_check_and_nothing_else(
    tmp_path, schema_checks
):
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")
    passed_checks.remember_in(blocked / "checks")  # its parent is a file: mkdir fails
    path = written(tmp_path, MEETING)
    assert load_scenario(path).id == MEETING["id"]
    assert load_scenario(path).id == MEETING["id"]
    assert len(schema_checks) == 2
