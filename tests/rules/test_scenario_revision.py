"""A scenario's revision (games/rules/common/revision.py): the same for an unchanged scenario
in any process, changed by what changes play (a unit, its hex, reinforcements, turns, victory,
options, special rules, the board), unchanged by words that only present it."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from games.rules import registry
from games.rules.common.revision import DIGITS, playable_content, revision
from games.rules.panzer_grenadier.core.scenario import SCENARIO_DIR, load_scenario
from games.rules.panzer_grenadier.presentation import scenario_info as pg_info
from games.rules.panzer_leader.core.scenario import scenario_from_dict
from games.rules.panzer_leader.core.units import DATA as PL_DATA
from games.rules.panzer_leader.presentation import scenario_info as pl_info

ROOT = Path(__file__).resolve().parents[2]
KESSEL = json.loads((SCENARIO_DIR / "meeting-at-kessel.json").read_text(encoding="utf-8"))
HOLLENBACH = json.loads((PL_DATA / "situations" / "pl-hollenbach.json").read_text(encoding="utf-8"))


def pg_revision(change: Callable[[dict], None] | None = None) -> str:
    raw = copy.deepcopy(KESSEL)
    if change:
        change(raw)
    return pg_info(load_scenario(raw)).revision


def pl_revision(change: Callable[[dict], None] | None = None) -> str:
    raw = copy.deepcopy(HOLLENBACH)
    if change:
        change(raw)
    return pl_info(scenario_from_dict(raw)).revision


# The bundled battles, by their files: the registry of this process may also hold designer
# battles other tests registered, a copy of a bundled one among them (the same revision).
BUNDLED = {p.stem for p in SCENARIO_DIR.glob("*.json")} | {
    p.stem for p in (PL_DATA / "situations").glob("*.json")}


def all_revisions() -> dict[str, str]:
    return {s.id: s.revision for _, s in registry.all_scenarios()}


def test_every_bundled_scenario_has_a_short_hex_revision_of_its_own():
    revisions = {sid: rev for sid, rev in all_revisions().items() if sid in BUNDLED}
    assert set(revisions) == BUNDLED
    assert len(revisions) >= 8
    for sid, rev in revisions.items():
        assert len(rev) == DIGITS and int(rev, 16) >= 0, sid
    assert len(set(revisions.values())) == len(revisions)


def test_an_unchanged_scenario_keeps_its_revision_when_loaded_again():
    assert pg_revision() == all_revisions()["meeting-at-kessel"]
    assert pl_revision() == all_revisions()["pl-hollenbach"]
    # Key order in the file is not content.
    reordered = dict(reversed(list(HOLLENBACH.items())))
    assert pl_info(scenario_from_dict(reordered)).revision == pl_revision()


def test_the_revision_is_the_same_in_another_process_with_another_hash_seed():
    """Never Python's salted hash(): a second interpreter with a different PYTHONHASHSEED
    computes the same revisions (as another server or worker would)."""
    code = ("import json; from games.rules import registry; "
            "print(json.dumps({s.id: s.revision for _, s in registry.all_scenarios()}))")
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True).stdout
    theirs = json.loads(out.strip().splitlines()[-1])
    ours = all_revisions()  # may hold scenarios other tests of this process registered
    assert len(theirs) >= 8 and {sid: ours[sid] for sid in theirs} == theirs


def _pl_move_first_unit(raw):
    group = next(g for g in raw["forces"] if g.get("at"))
    group["at"][0] = group["at"][-1] if group["at"][0] != group["at"][-1] else "A-A-1"


def _pl_drop_a_unit(raw):
    raw["forces"].pop()


def _pl_victory(raw):
    raw["victory"]["levels"]["decisive"] += 1


def _pl_turns(raw):
    raw["turns"] -= 1


def _pl_options(raw):
    raw["options"] = []


@pytest.mark.parametrize("change", [_pl_move_first_unit, _pl_drop_a_unit, _pl_victory,
                                    _pl_turns, _pl_options])
def test_a_panzer_leader_change_to_play_changes_the_revision(change):
    assert pl_revision(change) != pl_revision()


def _pl_words(raw):
    raw["title"] = "Another title"
    raw["description"] = "Other words."
    raw["note"] = "A designer's afterthought."
    raw["date"], raw["front"] = "1945-04-01", "mediterranean"
    raw["sides"][0]["name"] = "Amis"
    raw["sides"][0]["briefing"] = "Take the village."


def test_words_that_only_present_a_situation_leave_its_revision():
    assert pl_revision(_pl_words) == pl_revision()


def _pg_unit_type(raw):
    unit = next(u for u in raw["units"] if u["type"] == "ge_rifle")
    unit["type"] = "ge_smg"


def _pg_unit_hex(raw):
    a, b = [u for u in raw["units"] if u.get("hex") and u["side"] == "ge"][:2]
    a["hex"] = b["hex"]


def _pg_victory(raw):
    raw["victory"]["hexes"][0]["points"] += 1


def _pg_special_rule(raw):
    raw["special_rules"] = raw.get("special_rules", [])[1:] if raw.get("special_rules") else [
        {"rule": "dig_in_at_start", "side": raw["sides"][0]["id"], "text": "Dug in."}]


def _pg_option(raw):
    raw["optional_rules"] = {**raw.get("optional_rules", {}), "mire": True}


@pytest.mark.parametrize("change", [_pg_unit_type, _pg_unit_hex, _pg_victory, _pg_special_rule,
                                    _pg_option])
def test_a_panzer_grenadier_change_to_play_changes_the_revision(change):
    assert pg_revision(change) != pg_revision()


def test_words_that_only_present_a_panzer_grenadier_scenario_leave_its_revision():
    def words(raw):
        raw["title"] = "Kesselbach again"
        raw["description"] = "Other words."
        raw["date"] = "1944-01-01"
        raw["front"] = "west"
        raw["sides"][0]["name"] = "Reds"

    assert pg_revision(words) == pg_revision()


def test_a_board_changed_under_the_scenario_changes_the_revision():
    raw = {"id": "x", "turns": 3, "map": [{"board": "A"}]}
    assert revision(raw, {"A": "1" * 64}) != revision(raw, {"A": "2" * 64})
    drawn = {"id": "x", "turns": 3, "map": [{"board": "T", "drawing": {"terrain": ["cc"]}}]}
    redrawn = {"id": "x", "turns": 3, "map": [{"board": "T", "drawing": {"terrain": ["cw"]}}]}
    assert revision(drawn, {}) != revision(redrawn, {})


def test_a_scenario_that_is_no_json_object_is_refused():
    with pytest.raises(TypeError, match="JSON object"):
        playable_content(["not", "a", "scenario"], {})
