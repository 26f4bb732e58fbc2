"""Clocks are server truth: a new process (a restarted server) reads back exactly the clocks
the old one left, mid-game, and flags them at the same moment."""

from __future__ import annotations

import json

from tests.conftest import manage

PRELUDE = """
import json
from datetime import UTC, datetime, timedelta
import time_machine
from django.contrib.auth import get_user_model
from games import services
from games.clocks import jobs
from games.clocks.models import GameClock, SideClock
from games.clocks.service import readings_of
from games.models import Game
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
def reading(seconds):
    now = START + timedelta(seconds=seconds)
    return readings_of(GameClock.objects.get(), now)
"""

BEFORE = PRELUDE + """
with time_machine.travel(START, tick=False) as t:
    User = get_user_model()
    a, b = User.objects.create_user("a"), User.objects.create_user("b")
    control = {"kind": "live", "base": 300, "increment": 5, "window": 20}
    g = services.game_create(user=a, scenario="meeting-at-kessel", side="ge",
                             options={"time_control": control})
    services.game_join(game=g, user=b, side="su")
    t.shift(30)
    g.refresh_from_db()
    outcome = services.command_submit(game=g, seat=g.seats.get(user=a),
                                      command={"type": "roll_initiative"}, base_version=g.version)
    assert outcome.ok, outcome
    print(json.dumps({"at30": reading(30), "at100": reading(100)}))
"""

AFTER = PRELUDE + """
out = {"at30": reading(30), "at100": reading(100)}
with time_machine.travel(START + timedelta(seconds=400), tick=False):
    out["flagged"] = jobs.flag_due(START + timedelta(seconds=400))
out["flagged_at"] = {c.side_id: c.flagged_at and c.flagged_at.isoformat()
                     for c in SideClock.objects.all()}
print(json.dumps(out))
"""


def test_a_restarted_server_reads_back_the_same_clocks_and_flags_on_time(tmp_path):
    env = {"PGWEB_VAR_DIR": str(tmp_path), "DATABASE_URL": "", "REDIS_URL": "",
           "LOG_LEVEL": "WARNING"}  # fmt: skip
    assert manage("migrate", "--noinput", env=env).returncode == 0
    first = manage("shell", "-c", BEFORE, env=env)
    assert first.returncode == 0, first.stderr
    second = manage("shell", "-c", AFTER, env=env)  # a new process: nothing in memory
    assert second.returncode == 0, second.stderr
    # The last line: `shell` may print a banner first.
    before, after = (json.loads(run.stdout.strip().splitlines()[-1]) for run in (first, second))
    assert after["at30"] == before["at30"] and after["at100"] == before["at100"]
    running = [s for s, r in before["at100"]["sides"].items() if r["running"]]
    assert len(running) == 1
    left30 = before["at30"]["sides"][running[0]]["left"]
    assert before["at100"]["sides"][running[0]]["left"] == left30 - 70
    assert after["flagged"] == 1
    assert after["flagged_at"][running[0]] == before["at30"]["sides"][running[0]]["deadline"]
