"""New battles' ids on PostgreSQL under concurrency: designers saving battles of the same title
at the same moment, each on its own database connection (as from several daphne processes),
each get an id of their own made from the title, and none is refused."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import at_once

pytestmark = pytest.mark.postgres

def test_six_designers_saving_at_once_get_six_ids_made_from_the_title(fresh_postgres, tmp_path):
    env = {"DATABASE_URL": fresh_postgres, "PGWEB_VAR_DIR": str(tmp_path),
           "LOG_LEVEL": "WARNING", "REDIS_URL": ""}
    # Six designers save a battle titled "Race" at the same moment.
    run = at_once(6, 'services.draft_save(author=user, ruleset_id="panzer_grenadier", document=blank)',
                  env, prefix="d", setup=(
                      "from games.designer import services\nfrom games.rules import registry\n"
                      'blank = {**registry.ruleset("panzer_grenadier").blank_document(8, 6), "title": "Race"}'))
    assert run.returncode == 0, run.stderr
    with psycopg.connect(fresh_postgres) as db:
        rows = db.execute("SELECT s.slug, r.document->>'id', s.author_id FROM designer_scenario s"
                          " JOIN designer_revision r ON r.scenario_id = s.id").fetchall()
    assert sorted(slug for slug, _, _ in rows) == ["race", *(f"race-{n}" for n in range(2, 7))]
    assert all(slug == doc_id for slug, doc_id, _ in rows)  # each draft carries its id
    assert len({author for _, _, author in rows}) == 6
