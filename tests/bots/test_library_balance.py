"""The bundled library ships its balance: games/data/arena_balance.json holds at least 10
Veteran-vs-Veteran arena games of every bundled scenario on the revision it has now
(`manage.py arena_library` writes it), `load_scenarios` stores it as arena runs, and a
fresh install's scenario pages show it."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from games.botplay import balance_file
from games.botplay.balance import load_library
from games.botplay.models import ArenaRun
from games.rules.registry import all_scenarios, for_scenario

SMALL = "pl-seeufer-landing"  # the smallest bundled situation: random play ends it quickly


def current(sid: str) -> str:
    return for_scenario(sid).scenarios()[sid].revision


def test_every_bundled_scenario_has_ten_veteran_games_on_its_current_revision():
    entries = {e["scenario"]: e for e in balance_file.read()
               if e["levels"] == balance_file.LEVELS}
    stale = []
    for _, info in all_scenarios():
        e = entries.get(info.id)
        if e is None or e["revision"] != info.revision or e["games"] < balance_file.LEAST_GAMES:
            stale.append(info.id)
            continue
        assert sum(e["side_wins"].values()) == e["games"], info.id
        assert set(e["side_wins"]) <= {s.id for s in info.sides} | {"draw"}, info.id
        assert e["command"] == balance_file.rerun_command([info.id], e["games"], e["seed"])
    assert stale == [], (
        f"{len(stale)} bundled scenario(s) have no {balance_file.LEAST_GAMES} "
        "Veteran-vs-Veteran arena games on their current revision in "
        "games/data/arena_balance.json (a new or changed scenario starts afresh); run: nice -n "
        f"10 {balance_file.rerun_command(stale, balance_file.LEAST_GAMES, 'library')}")


def test_the_command_writes_each_scenarios_aggregates_and_keeps_the_others(tmp_path):
    out = tmp_path / "balance.json"
    out.write_text(json.dumps({"about": "", "scenarios": [
        {"scenario": "meeting-at-kessel", "revision": "0123456789ab", "levels": "random,random",
         "games": 1, "side_wins": {"ge": 1}, "seed": "x", "command": "..."}]}))
    text = io.StringIO()
    call_command("arena_library", "--scenario", SMALL, "--games", "2", "--levels",
                 "random,random", "--seed", "t", "--out", str(out), stdout=text)
    entries = {e["scenario"]: e for e in json.loads(out.read_text())["scenarios"]}
    assert set(entries) == {"meeting-at-kessel", SMALL}  # the other scenario's entry stays
    mine = entries[SMALL]
    assert mine["revision"] == current(SMALL) and mine["levels"] == "random,random"
    assert mine["games"] == 2 and sum(mine["side_wins"].values()) == 2
    assert mine["command"] == (f"python manage.py arena_library --scenario {SMALL} "
                               "--games 2 --levels random,random --seed t")
    assert f"arena: scenario={SMALL} levels=random,random games=2" in text.getvalue()
    assert "game" not in json.dumps(mine["side_wins"])  # aggregates, no game records


@pytest.mark.parametrize("args, message", [
    (["--scenario", "no-such-battle"], "no bundled scenario no-such-battle"),
    (["--levels", "veteran"], "--levels takes two of"),
    (["--games", "0"], "--games must be at least 1"),
])
def test_the_command_refuses_bad_arguments_and_writes_nothing(tmp_path, args, message):
    out = tmp_path / "balance.json"
    with pytest.raises(CommandError, match=message):
        call_command("arena_library", *args, "--out", str(out), stdout=io.StringIO())
    assert not out.exists()


@pytest.mark.django_db
def test_loading_the_file_twice_gives_the_same_rows_and_leaves_operators_runs_alone():
    ArenaRun.objects.create(scenario=SMALL, scenario_revision=current(SMALL),
                            levels="veteran,veteran", games=3, side_wins={"german": 3})
    first = load_library()
    rows = sorted(ArenaRun.objects.values_list("scenario", "scenario_revision", "levels",
                                               "games", "side_wins", "bundled"))
    assert first == len(balance_file.read()) > 0
    assert load_library() == 0
    assert sorted(ArenaRun.objects.values_list("scenario", "scenario_revision", "levels",
                                               "games", "side_wins", "bundled")) == rows
    assert ArenaRun.objects.filter(bundled=False).count() == 1  # the operator's run


@pytest.mark.django_db
def test_an_entry_played_on_an_earlier_revision_is_stored_under_it_and_left_out(tmp_path):
    out = tmp_path / "balance.json"
    out.write_text(json.dumps({"about": "", "scenarios": [
        {"scenario": SMALL, "revision": "0123456789ab", "levels": "veteran,veteran",
         "games": 10, "side_wins": {"german": 10}, "seed": "s", "command": "..."},
        {"scenario": "a-battle-no-longer-bundled", "revision": "0123456789ab",
         "levels": "veteran,veteran", "games": 10, "side_wins": {"a": 10}, "seed": "s",
         "command": "..."}]}))
    assert load_library(out) == 1
    html = Client().get(f"/scenarios/{SMALL}/").content.decode()
    assert 'data-levels="veteran,veteran"' not in html
    assert 'id="balance-left-out-bots">10<' in html


@pytest.mark.django_db
def test_a_fresh_database_shows_the_library_balance_on_each_scenario_page_after_load():
    assert not ArenaRun.objects.exists()
    call_command("load_scenarios", stdout=io.StringIO())
    shown = 0
    for e in balance_file.read():
        if e["revision"] != current(e["scenario"]):
            continue
        html = Client().get(f"/scenarios/{e['scenario']}/").content.decode()
        assert f'data-levels="{e["levels"]}">{e["games"]}<' in html, e["scenario"]
        shown += 1
    assert shown > 0
