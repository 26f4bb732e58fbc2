"""Clocks are server truth: a new process (a restarted server) reads back exactly the clocks
the old one left, mid-game, and acts on them at the same moment: a live clock and a
correspondence clock flag at their deadlines, a clock a vacation paused restarts when the
vacation ends, an open opportunity-fire offer is declined when its own timer runs out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import manage, sqlite_copy

PRELUDE = """
import json
from datetime import UTC, datetime, timedelta
import time_machine
from django.contrib.auth import get_user_model
from games import services
from games.clocks import jobs, vacation
from games.clocks.models import ClockEvent, GameClock, SideClock
from games.clocks.readings import readings_of
from games.models import Game
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DAY = 86400
def at(seconds):
    return START + timedelta(seconds=seconds)
def reading(seconds):
    return readings_of(GameClock.objects.get(), at(seconds))
def opened(control):
    User = get_user_model()
    a, b = User.objects.create_user("a"), User.objects.create_user("b")
    g = services.game_create(user=a, scenario="meeting-at-kessel", side="ge",
                             options={"time_control": control})
    services.game_join(game=g, user=b, side="su")
    g.refresh_from_db()
    return g, a, b
def roll(g, user):
    g.refresh_from_db()
    outcome = services.command_submit(game=g, seat=g.seats.get(user=user),
                                      command={"type": "roll_initiative"}, base_version=g.version)
    assert outcome.ok, outcome
def flags():
    return {c.side_id: c.flagged_at and c.flagged_at.isoformat() for c in SideClock.objects.all()}
"""

LIVE_BEFORE = PRELUDE + """
with time_machine.travel(START, tick=False) as t:
    g, a, b = opened({"kind": "live", "base": 300, "increment": 5, "window": 20})
    t.shift(30)
    roll(g, a)
    print(json.dumps({"at30": reading(30), "at100": reading(100)}))
"""

LIVE_AFTER = PRELUDE + """
out = {"at30": reading(30), "at100": reading(100)}
with time_machine.travel(at(400), tick=False):
    out["flagged"] = jobs.flag_due(at(400))
out["flagged_at"] = flags()
print(json.dumps(out))
"""

MAIL_BEFORE = PRELUDE + """
with time_machine.travel(START, tick=False) as t:
    g, a, b = opened("days-2")
    t.shift(3600)
    roll(g, a)
    print(json.dumps({"at1h": reading(3600), "at1d": reading(DAY)}))
"""

MAIL_AFTER = PRELUDE + """
out = {"at1h": reading(3600), "at1d": reading(DAY)}
running = [s for s, r in out["at1d"]["sides"].items() if r["running"]]
deadline = datetime.fromisoformat(out["at1d"]["sides"][running[0]]["deadline"])
with time_machine.travel(deadline - timedelta(seconds=1), tick=False):
    out["early"] = jobs.flag_due(deadline - timedelta(seconds=1))
with time_machine.travel(deadline + timedelta(hours=5), tick=False):
    out["flagged"] = jobs.flag_due(deadline + timedelta(hours=5))
out["flagged_at"] = flags()
out["running"] = running
print(json.dumps(out))
"""

VACATION_BEFORE = PRELUDE + """
with time_machine.travel(START, tick=False) as t:
    g, a, b = opened("days-3")
    t.shift(DAY)
    vacation.vacation_start(user=a, days=2)  # the Germans' clock stops, 2 days left on it
    print(json.dumps({"at1d": reading(DAY), "at2d": reading(2 * DAY)}))
"""

VACATION_AFTER = PRELUDE + """
out = {"at1d": reading(DAY), "at2d": reading(2 * DAY)}
back = at(3 * DAY + 10)  # the vacation ended at 3 days; the sweep sees it 10 s later
with time_machine.travel(back, tick=False):
    out["ended"] = jobs.end_vacations(back)
    out["again"] = jobs.end_vacations(back)
    out["flagged"] = jobs.flag_due(back)
out["after"] = readings_of(GameClock.objects.get(), back)
out["flagged_at"] = flags()
out["log"] = list(ClockEvent.objects.order_by("at", "id").values_list("kind", "text"))
print(json.dumps(out))
"""

WINDOW_BEFORE = PRELUDE + """
from games import engine_adapter as engine
from tests.clocks.kit import play_until
with time_machine.travel(START, tick=False) as t:
    g, a, b = opened({"kind": "live", "base": 3600, "increment": 0, "window": 20})
    state = play_until(g, {"ge": a, "su": b}, engine.window_open)
    g.refresh_from_db()
    clock = GameClock.objects.get()
    print(json.dumps({"version": g.version, "window": reading(0)["window"],
                      "window_version": clock.window_version}))
"""

WINDOW_AFTER = PRELUDE + """
g = Game.objects.get()
clock = GameClock.objects.get()
out = {"window": reading(0)["window"], "window_version": clock.window_version}
deadline = clock.window_deadline
with time_machine.travel(deadline - timedelta(seconds=1), tick=False):
    out["early"] = jobs.decline_windows(deadline - timedelta(seconds=1))
with time_machine.travel(deadline + timedelta(seconds=1), tick=False):
    out["declined"] = jobs.decline_windows(deadline + timedelta(seconds=1))
g.refresh_from_db()
out["version"] = g.version
out["log"] = list(ClockEvent.objects.values_list("kind", flat=True))
print(json.dumps(out))
"""


# Each scenario lives twice: its first life in one process and its second in a new one, over
# a migrated SQLite database of its own. The four first lives share a process, one after
# another, and so do the four second lives (a process importing Django costs seconds of CPU,
# and eight would repeat that eight times): before each scenario the process closes its
# database connection and points it at that scenario's file, and the process of the second
# lives never ran any first life, so nothing of it can be in memory.
LIVES = """
import contextlib, io, json, traceback
from django.db import connections
for name, path, script in SCENARIOS:
    connections["default"].close()
    connections["default"].settings_dict["NAME"] = path
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            exec(script, {"__name__": "__life__"})
        said = json.loads(out.getvalue().strip().splitlines()[-1])
    except Exception:
        said = {"failed": traceback.format_exc()}
    print("LIFE " + json.dumps([name, said]), flush=True)
"""

SCENARIOS = {
    "live": (LIVE_BEFORE, LIVE_AFTER),
    "mail": (MAIL_BEFORE, MAIL_AFTER),
    "vacation": (VACATION_BEFORE, VACATION_AFTER),
    "window": (WINDOW_BEFORE, WINDOW_AFTER),
}


def one_process(databases: dict[str, Path], life: int) -> dict[str, dict]:
    """Run life `life` (0: the first, 1: the second) of every scenario in one new process;
    what each printed (its last line), or {"failed": its traceback}."""
    scenarios = [(name, str(databases[name]), SCENARIOS[name][life]) for name in SCENARIOS]
    env = {"PGWEB_VAR_DIR": str(databases["live"].parent), "DATABASE_URL": "", "REDIS_URL": "",
           "LOG_LEVEL": "WARNING"}  # fmt: skip
    run = manage("shell", "-c", f"SCENARIOS = {scenarios!r}\n" + LIVES, env=env)
    assert run.returncode == 0, run.stderr
    said = dict(json.loads(line.removeprefix("LIFE ")) for line in run.stdout.splitlines()
                if line.startswith("LIFE "))  # fmt: skip
    assert set(said) == set(SCENARIOS), run.stdout + run.stderr
    return said


@pytest.fixture(scope="module")
def lives(migrated_sqlite: Path, tmp_path_factory: pytest.TempPathFactory) -> dict:
    """Both lives of every scenario: {name: (what the first printed, what the second did)}."""
    databases = {name: sqlite_copy(migrated_sqlite, tmp_path_factory.mktemp(f"life-{name}"))
                 for name in SCENARIOS}  # fmt: skip
    first, second = one_process(databases, 0), one_process(databases, 1)
    return {name: (first[name], second[name]) for name in SCENARIOS}


def two_lives(lives: dict, name: str) -> tuple[dict, dict]:
    """Scenario `name`'s first and second life; a life that raised fails the test here."""
    before, after = lives[name]
    assert "failed" not in before, before["failed"]
    assert "failed" not in after, after["failed"]
    return before, after


def test_a_restarted_server_reads_back_a_live_clock_and_flags_it_on_time(lives):
    before, after = two_lives(lives, "live")
    assert after["at30"] == before["at30"] and after["at100"] == before["at100"]
    running = [s for s, r in before["at100"]["sides"].items() if r["running"]]
    assert len(running) == 1
    left30 = before["at30"]["sides"][running[0]]["left"]
    assert before["at100"]["sides"][running[0]]["left"] == left30 - 70
    assert after["flagged"] == 1
    assert after["flagged_at"][running[0]] == before["at30"]["sides"][running[0]]["deadline"]


def test_a_restarted_server_reads_back_a_correspondence_clock_and_flags_it_on_time(lives):
    before, after = two_lives(lives, "mail")
    assert after["at1h"] == before["at1h"] and after["at1d"] == before["at1d"]
    (running,) = after["running"]
    side = before["at1d"]["sides"][running]
    # Two days a decision. The Germans rolled the initiative after an hour: if they must
    # decide again, their bank refilled at the roll; the Soviets' has run since the start.
    expected = {"ge": 2 * 86400 - (86400 - 3600), "su": 86400}[running]
    assert side["left"] == expected
    assert (after["early"], after["flagged"]) == (0, 1)
    # Flagged at the deadline, not when the sweep (five hours late) noticed.
    assert after["flagged_at"][running] == side["deadline"]


def test_a_restarted_server_keeps_a_clock_paused_by_vacation_and_restarts_it_when_it_ends(
    lives,
):
    before, after = two_lives(lives, "vacation")
    assert after["at1d"] == before["at1d"] and after["at2d"] == before["at2d"]
    paused = before["at2d"]["sides"]["ge"]
    assert (paused["paused"], paused["running"], paused["left"]) == (True, False, 2 * 86400)
    # Settling the game when the vacation ended also found the Soviets (not away) out of
    # their 3 days, at their deadline: the sweep's flag job has nothing left to do.
    assert (after["ended"], after["again"], after["flagged"]) == (1, 0, 0)
    ge = after["after"]["sides"]["ge"]
    assert (ge["paused"], ge["running"], ge["left"]) == (False, True, 2 * 86400)
    assert after["flagged_at"]["su"] is not None and after["flagged_at"]["ge"] is None
    assert sorted(kind for kind, _ in after["log"]) == ["flag", "vacation", "vacation"]
    assert ["vacation", "a's vacation is over"] in after["log"]


def test_a_restarted_server_declines_an_open_opportunity_fire_offer_when_its_timer_runs_out(
    lives,
):
    before, after = two_lives(lives, "window")
    assert before["window"] is not None and after["window"] == before["window"]
    assert after["window_version"] == before["window_version"] == before["version"]
    assert (after["early"], after["declined"]) == (0, 1)
    assert after["version"] == before["version"] + 1
    assert after["log"] == ["window"]
