"""Two workers sweeping at the same moment on PostgreSQL, each on its own connection: every
clock is flagged once, every reminder goes out once, every game-log line is written once."""

from __future__ import annotations

import json

import psycopg
import pytest

from tests.conftest import manage

pytestmark = pytest.mark.postgres

GAMES = 12

SWEEPS = f"GAMES = {GAMES}\n" + """
import json, threading
from datetime import UTC, datetime, timedelta
import time_machine
from django.contrib.auth import get_user_model
from django.db import connection
from games import services
from games.clocks import jobs, signals
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
heard = {"flag": [], "remind": []}
lock = threading.Lock()
def on_flag(sender, **kw):
    with lock: heard["flag"].extend((str(f["game_id"]), f["side_id"]) for f in kw["flags"])
def on_remind(sender, **kw):
    with lock: heard["remind"].extend((str(r["game_id"]), r["side_id"]) for r in kw["reminders"])
signals.clock_flagged.connect(on_flag, weak=False)
signals.time_running_out.connect(on_remind, weak=False)
User = get_user_model()
with time_machine.travel(START, tick=False) as t:
    for n in range(GAMES):
        a, b = User.objects.create_user(f"a{n}"), User.objects.create_user(f"b{n}")
        base = 60 if n % 2 == 0 else 600  # even games run out, odd ones run short
        control = {"kind": "live", "base": base, "increment": 0, "window": 20}
        g = services.game_create(user=a, scenario="meeting-at-kessel", side="ge",
                                 options={"time_control": control})
        services.game_join(game=g, user=b, side="su")
    t.shift(545)
    gate = threading.Barrier(2)
    done, errors = [], []
    def sweep():
        try:
            gate.wait()
            now = START + timedelta(seconds=545)
            done.append((jobs.flag_due(now), jobs.remind(now)))
        except Exception as exc:
            errors.append(repr(exc))
        finally:
            connection.close()
    workers = [threading.Thread(target=sweep) for _ in range(2)]
    for w in workers: w.start()
    for w in workers: w.join()
print(json.dumps({"errors": errors, "done": done, "heard": heard}))
"""


@pytest.fixture
def database(fresh_postgres: str, tmp_path):
    env = {"DATABASE_URL": fresh_postgres, "PGWEB_VAR_DIR": str(tmp_path), "LOG_LEVEL": "WARNING",
           "REDIS_URL": ""}  # fmt: skip
    return fresh_postgres, env


def test_two_sweeps_at_once_flag_and_remind_each_clock_once(database):
    url, env = database
    run = manage("shell", "-c", SWEEPS, env=env)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["errors"] == []
    flags, reminders = ([tuple(x) for x in out["heard"][k]] for k in ("flag", "remind"))
    # Both sides of each game were deciding the initiative roll.
    assert len(flags) == len(set(flags)) == GAMES  # 6 games x 2 sides, once each
    assert len(reminders) == len(set(reminders)) == GAMES
    assert sum(f for f, _ in out["done"]) == GAMES and sum(r for _, r in out["done"]) == GAMES
    with psycopg.connect(url) as db:
        lines = db.execute(
            "SELECT game_id, side_id, count(*) FROM clocks_clockevent WHERE kind = 'flag' "
            "GROUP BY game_id, side_id"
        ).fetchall()
    assert len(lines) == GAMES and {n for *_, n in lines} == {1}
