"""Quick match on PostgreSQL under concurrency: seekers arriving at the same moment, each on
its own database connection (as from several daphne processes), are each paired exactly once,
and nobody is left waiting while a partner waits too."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import manage

pytestmark = pytest.mark.postgres

# Eight threads, each with its own connection and transactions, released together.
SEEKERS = """
import threading
from django.contrib.auth import get_user_model
from django.db import connection
from games import services
users = [get_user_model().objects.create_user(username=f"p{n}") for n in range(8)]
gate = threading.Barrier(len(users))
errors = []
def seek(user):
    try:
        gate.wait()
        services.seek_create(user=user)
    except Exception as exc:
        errors.append(repr(exc))
    finally:
        connection.close()
threads = [threading.Thread(target=seek, args=(u,)) for u in users]
for t in threads: t.start()
for t in threads: t.join()
assert not errors, errors
"""


@pytest.fixture
def database(fresh_postgres: str, tmp_path):
    env = {"DATABASE_URL": fresh_postgres, "PGWEB_VAR_DIR": str(tmp_path), "LOG_LEVEL": "WARNING"}
    return fresh_postgres, env


def test_eight_seekers_at_once_on_eight_connections_make_four_games(database):
    url, env = database
    run = manage("shell", "-c", SEEKERS, env={**env, "REDIS_URL": ""})
    assert run.returncode == 0, run.stderr
    with psycopg.connect(url) as db:
        statuses = db.execute("SELECT status, count(*) FROM games_seek GROUP BY status").fetchall()
        assert dict(statuses) == {"matched": 8}
        per_game = db.execute(
            "SELECT game_id, count(*) FROM games_seat WHERE user_id IS NOT NULL GROUP BY game_id"
        ).fetchall()
        assert sorted(n for _, n in per_game) == [2, 2, 2, 2]
        seated = db.execute("SELECT count(DISTINCT user_id) FROM games_seat").fetchone()[0]
        assert seated == 8  # everyone in exactly one game
        linked = db.execute(
            "SELECT count(*) FROM games_seek s JOIN games_seat t "
            "ON t.game_id = s.game_id AND t.user_id = s.user_id"
        ).fetchone()[0]
        assert linked == 8  # each seek names the game its seeker sits in
