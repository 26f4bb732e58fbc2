"""Two workers on PostgreSQL, each task queued twice (a retried task, the sweep finding it
due): every delivery reaches the webhook receiver exactly once."""

from __future__ import annotations

import os
import subprocess
import sys

import psycopg
import pytest

from tests.conftest import ROOT, manage
from tests.lobby.test_matchmaking_postgres import database  # noqa: F401 (a fresh database)
from tests.notifications.servers import HttpReceiver

pytestmark = pytest.mark.postgres

DELIVERIES = 20

SETUP = """
from django.contrib.auth import get_user_model
from games.notifications import tasks
from games.notifications.models import Delivery, NotificationSettings
url = "{url}"
ids = []
for n in range({n}):
    user = get_user_model().objects.create_user(username=f"p{{n}}")
    NotificationSettings.objects.create(user=user, webhook_url=url)
    row = Delivery.objects.create(
        user=user, channel="webhook", kind="your_move", key=f"k{{n}}", target=url,
        message={{"kind": "your_move", "title": "t", "text": f"move {{n}}", "lines": [], "url": url}},
    )
    ids.append(row.pk)
for _ in range(2):
    for pk in ids:
        tasks.send_delivery.enqueue(pk)
"""


def test_two_workers_send_each_delivery_once(database):  # noqa: F811
    url, env = database
    env = {**env, "NOTIFICATIONS_ALLOW_LOOPBACK": "1", "REDIS_URL": ""}
    receiver = HttpReceiver().start()
    try:
        hook = receiver.url("/hook")
        setup = manage("shell", "-c", SETUP.format(url=hook, n=DELIVERIES), env=env)
        assert setup.returncode == 0, setup.stderr
        workers = [
            subprocess.Popen(
                [
                    sys.executable,
                    str(ROOT / "manage.py"),
                    "db_worker",
                    "--batch",
                    "--no-startup-delay",
                    "--interval",
                    "0.05",
                    "--worker-id",
                    f"w{n}",
                ],
                cwd=ROOT,
                env={**os.environ, **env},
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                stdin=subprocess.DEVNULL,
            )  # fmt: skip
            for n in range(2)
        ]
        for worker in workers:
            _, err = worker.communicate(timeout=120)
            assert worker.returncode == 0, err.decode()[-2000:]
        bodies = sorted(r.body for r in receiver.requests)
        assert len(bodies) == DELIVERIES == len(set(bodies))
        with psycopg.connect(url) as db:
            rows = db.execute(
                "SELECT status, count(*) FROM notifications_delivery GROUP BY status"
            ).fetchall()
            assert dict(rows) == {"sent": DELIVERIES}
    finally:
        receiver.stop()
