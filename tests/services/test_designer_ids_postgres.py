"""New battles' ids on PostgreSQL under concurrency: designers saving battles of the same title
at the same moment, each on its own database connection (as from several daphne processes),
each get an id of their own made from the title, and none is refused."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import manage

pytestmark = pytest.mark.postgres

# Six threads, each with its own connection and transactions, released together.
SAVERS = """
import threading
from django.contrib.auth import get_user_model
from django.db import connection
from games.designer import services
from games.rules import registry
users = [get_user_model().objects.create_user(username=f"d{n}") for n in range(6)]
blank = {**registry.ruleset("panzer_grenadier").blank_document(8, 6), "title": "Race"}
gate = threading.Barrier(len(users))
errors = []
def save(user):
    try:
        gate.wait()
        services.draft_save(author=user, ruleset_id="panzer_grenadier", document=blank)
    except Exception as exc:
        errors.append(repr(exc))
    finally:
        connection.close()
threads = [threading.Thread(target=save, args=(u,)) for u in users]
for t in threads: t.start()
for t in threads: t.join()
assert not errors, errors
"""


def test_six_designers_saving_at_once_get_six_ids_made_from_the_title(fresh_postgres, tmp_path):
    env = {"DATABASE_URL": fresh_postgres, "PGWEB_VAR_DIR": str(tmp_path),
           "LOG_LEVEL": "WARNING", "REDIS_URL": ""}
    run = manage("shell", "-c", SAVERS, env=env)
    assert run.returncode == 0, run.stderr
    with psycopg.connect(fresh_postgres) as db:
        rows = db.execute("SELECT s.slug, r.document->>'id', s.author_id FROM designer_scenario s"
                          " JOIN designer_revision r ON r.scenario_id = s.id").fetchall()
    assert sorted(slug for slug, _, _ in rows) == ["race", *(f"race-{n}" for n in range(2, 7))]
    assert all(slug == doc_id for slug, doc_id, _ in rows)  # each draft carries its id
    assert len({author for _, _, author in rows}) == 6
