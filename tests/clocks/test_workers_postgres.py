"""Two real `manage.py worker` processes on PostgreSQL, sweeping every 0.2 s side by side:
every due clock is flagged once, every side reminded once, every timed-out opportunity-fire
offer declined once, every vacation's end applied once, every daily digest mailed once, and
the self-rescheduling sweep never has more than one successor waiting."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter

import psycopg
import pytest

from tests.clocks.test_sweep_postgres import database  # noqa: F401 (a fresh database)
from tests.conftest import ROOT, manage
from tests.notifications.servers import SmtpServer

pytestmark = pytest.mark.postgres

FLAGGED, REMINDED, WINDOWS, VACATIONS, DIGESTS = 3, 3, 2, 3, 3

SETUP = f"FLAGGED, REMINDED, WINDOWS, VACATIONS, DIGESTS = {FLAGGED}, {REMINDED}, {WINDOWS}, {VACATIONS}, {DIGESTS}\n" + """
import json
from datetime import timedelta
from django.contrib.auth import get_user_model
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from games import engine_adapter as engine
from games import services
from games.clocks import vacation
from games.clocks.models import GameClock, SideClock, Vacation
from games.models import Game
from games.notifications.models import Delivery, NotificationSettings
from tests.clocks.kit import play_until

User = get_user_model()
made = {"windows": {}, "flagged": [], "reminded": [], "vacations": [], "digests": []}

def pair(name, control, email=False):
    a, b = User.objects.create_user(f"{name}-a"), User.objects.create_user(f"{name}-b")
    for u in (a, b):
        NotificationSettings.objects.create(user=u, email=f"{u.username}@example.test" if email else "",
                                            email_verified=email)
    g = services.game_create(user=a, scenario="meeting-at-kessel", side="ge",
                             options={"time_control": control})
    services.game_join(game=g, user=b, side="su")
    g.refresh_from_db()
    return g, a, b

now = timezone.now()
for n in range(FLAGGED):  # both sides ran out a second ago
    g, a, b = pair(f"flag{n}", "live-15+10", email=True)
    SideClock.objects.filter(game=g).update(
        remaining=1.0, running_since=now - timedelta(seconds=2), deadline=now - timedelta(seconds=1))
    made["flagged"].append(str(g.pk))
for n in range(REMINDED):  # both sides are inside their reminder window
    g, a, b = pair(f"remind{n}", "live-15+10", email=True)
    SideClock.objects.filter(game=g).update(
        remaining=600.0, running_since=now, deadline=now + timedelta(seconds=600),
        remind_at=now - timedelta(seconds=1))
    made["reminded"].append(str(g.pk))
for n in range(WINDOWS):  # an opportunity-fire offer whose own timer ran out
    g, a, b = pair(f"window{n}", {"kind": "live", "base": 3600, "increment": 0, "window": 20})
    play_until(g, {"ge": a, "su": b}, engine.window_open)
    g.refresh_from_db()
    GameClock.objects.filter(pk=g.pk).update(window_deadline=now - timedelta(seconds=1))
    made["windows"][str(g.pk)] = g.version
for n in range(VACATIONS):  # a vacation that ended a second ago, not yet applied
    g, a, b = pair(f"away{n}", "days-3")
    vacation.vacation_start(user=a, days=2)
    Vacation.objects.filter(user=a).update(ends_at=now - timedelta(seconds=1))
    made["vacations"].append(str(g.pk))
for n in range(DIGESTS):  # a digest due now, holding two games where it is their move
    player = User.objects.create_user(f"digest{n}")
    NotificationSettings.objects.create(
        user=player, email=f"digest{n}@example.test", email_verified=True, email_digest=True,
        next_digest_at=now - timedelta(seconds=1))
    for m in range(2):
        g = services.game_create(user=player, scenario="meeting-at-kessel", side="ge")
        services.game_join(game=g, user=User.objects.create_user(f"digest{n}-{m}"), side="su")
        Delivery.objects.create(
            user=player, game=g, channel="email", kind="your_move", key=f"held-{n}-{m}",
            target=player.email if player.email else f"digest{n}@example.test", status="digest",
            message={"kind": "your_move", "title": "t", "text": f"It is your move ({n}-{m}).",
                     "url": f"http://testserver/games/{g.pk}/", "game": str(g.pk), "lines": []})
    made["digests"].append(f"digest{n}@example.test")
DBTaskResult.objects.all().delete()  # the games' own "your move" tasks: not this test's
print(json.dumps(made))
"""


def worker(env: dict, n: int, log) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), "worker", "--no-startup-delay",
         "--interval", "0.05", "--worker-id", f"w{n}"],
        cwd=ROOT, env={**os.environ, **env}, stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL, stderr=log,
    )  # fmt: skip


def test_two_workers_do_every_clock_job_and_digest_once(database, tmp_path):  # noqa: F811
    url, env = database
    smtp = SmtpServer().start()
    env = {**env, "PGWEB_SWEEP_SECONDS": "0.2", "EMAIL_HOST": "127.0.0.1",
           "EMAIL_PORT": str(smtp.port), "SITE_URL": "http://testserver"}  # fmt: skip
    logs = [open(tmp_path / f"worker{n}.log", "wb") for n in range(2)]  # noqa: SIM115
    workers: list[subprocess.Popen] = []
    try:
        setup = manage("shell", "-c", SETUP, env=env, timeout=300)
        assert setup.returncode == 0, setup.stderr
        made = json.loads(setup.stdout.strip().splitlines()[-1])
        workers = [worker(env, n, logs[n]) for n in range(2)]
        waiting_most, sweeps = 0, 0
        expected_mails = DIGESTS + 2 * REMINDED + 4 * FLAGGED  # out of time + your move, each side
        with psycopg.connect(url, autocommit=True) as db:

            def count(query: str, *args) -> int:
                return db.execute(query, args).fetchone()[0]

            def watched(done) -> None:
                """Read the sweeps (and the most ever waiting) at each of the workers' sweeps
                until `done()`."""
                nonlocal waiting_most, sweeps
                deadline = time.monotonic() + 120
                while time.monotonic() < deadline:
                    waiting_most = max(waiting_most, count(
                        "SELECT count(*) FROM django_tasks_database_dbtaskresult "
                        "WHERE task_path = 'games.clocks.tasks.sweep' AND status = 'READY'"
                    ))  # fmt: skip
                    sweeps = count(
                        "SELECT count(*) FROM django_tasks_database_dbtaskresult "
                        "WHERE task_path = 'games.clocks.tasks.sweep' AND status = 'SUCCESSFUL'"
                    )
                    if done():
                        return
                    assert all(w.poll() is None for w in workers), "a worker died"
                    time.sleep(0.2)  # a sweep's period: each reading may see a new one
                raise AssertionError(f"not done: {sweeps} sweeps, {len(smtp.messages)} mails")

            watched(lambda: (
                count("SELECT count(*) FROM clocks_clockevent WHERE kind = 'window'") >= WINDOWS
                and count("SELECT count(*) FROM clocks_vacation WHERE NOT settled") == 0
                and len(smtp.messages) >= expected_mails
                and sweeps >= 20
            ))
            # Five sweeps more, after everything was done: anything done twice would show.
            more = sweeps + 5
            watched(lambda: sweeps >= more)
            for w in workers:
                w.send_signal(signal.SIGTERM)
            for w in workers:
                assert w.wait(timeout=30) == 0, (tmp_path / "worker0.log").read_text()[-2000:]

            lines = Counter(
                (kind, str(game), side, text) for kind, game, side, text in db.execute(
                    "SELECT kind, game_id, side_id, text FROM clocks_clockevent"
                ).fetchall()
            )  # fmt: skip
            versions = dict(
                (str(g), v) for g, v in db.execute("SELECT id, version FROM games_game").fetchall()
            )
            statuses = dict(db.execute(
                "SELECT status, count(*) FROM notifications_delivery GROUP BY status"
            ).fetchall())  # fmt: skip
        # Each clock job, once: no log line twice, and the lines each job should write.
        assert all(n == 1 for n in lines.values()), [k for k, n in lines.items() if n > 1]
        of = Counter((kind, game) for kind, game, _, _ in lines)
        for game in made["flagged"]:
            assert of[("flag", game)] == 2  # each side
        for game, version in made["windows"].items():
            assert of[("window", game)] == 1
            assert versions[game] == version + 1  # declined once: one step
        for game in made["vacations"]:
            assert of[("vacation", game)] == 2  # went away, came back
        # Each mail, once: the digests, the reminders, the flags.
        mails = Counter((m["To"], m["Subject"]) for m in smtp.messages)
        assert all(n == 1 for n in mails.values()), [k for k, n in mails.items() if n > 1]
        digests = [to for to, subject in mails if subject == "Your move in 2 games"]
        assert sorted(digests) == sorted(made["digests"])
        reminders = [k for k in mails if k[1].startswith("Your time is running out")]
        assert len(reminders) == 2 * REMINDED
        assert len([k for k in mails if k[1].startswith("Out of time")]) == 2 * FLAGGED
        assert statuses.get("failed", 0) == 0 and statuses.get("pending", 0) == 0
        # The sweep re-queued itself all along, never more than one waiting.
        assert sweeps >= 20 and waiting_most <= 1
    finally:
        for w in workers:
            if w.poll() is None:
                w.kill()
                w.wait()
        for log in logs:
            log.close()
        smtp.stop()
