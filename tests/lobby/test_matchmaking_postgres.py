"""Quick match on PostgreSQL under concurrency: seekers arriving at the same moment, each on
its own database connection (as from several daphne processes), are each paired exactly once,
and nobody is left waiting while a partner waits too."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import at_once

pytestmark = pytest.mark.postgres

@pytest.fixture
def database(fresh_postgres: str, tmp_path):
    env = {"DATABASE_URL": fresh_postgres, "PGWEB_VAR_DIR": str(tmp_path), "LOG_LEVEL": "WARNING"}
    return fresh_postgres, env


def test_eight_seekers_at_once_on_eight_connections_make_four_games(database):
    url, env = database
    # Eight players ask for a quick match at the same moment.
    run = at_once(8, "services.seek_create(user=user)", {**env, "REDIS_URL": ""},
                  setup="from games import services")
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
