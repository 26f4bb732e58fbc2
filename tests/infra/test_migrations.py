"""The migrations apply on both databases pgweb supports, and no model change lacks one."""

from __future__ import annotations

import json
import sqlite3
import uuid
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from tests.conftest import manage

EXPECTED_APPS = {"admin", "auth", "contenttypes", "sessions"}

# The commands run one after another in a single process on the fresh database, as
# `manage.py shell -c` (each a process of its own would import Django again: seconds of CPU
# apiece); each prints its exit status on a line of its own after its output.
STEPS = """
import json
from django.core.management import call_command
for name, args in {steps!r}:
    try:
        call_command(*args)
        code = 0
    except SystemExit as exc:
        code = exc.code
    print("STEP " + json.dumps([name, code]), flush=True)
"""


def run_steps(database_url: str, var_dir: Path, **steps: list[str]) -> dict[str, object]:
    """Run each named manage.py command (`name=[command, *arguments]`) in one separate
    process on `database_url`; each step's exit status (0 when it passed), and the process's
    whole output under "output" (a step that raised ends the process: its traceback is
    there, its status missing)."""
    env = {"DATABASE_URL": database_url, "PGWEB_VAR_DIR": str(var_dir), "DEBUG": "1"}
    done = manage("shell", "-c", STEPS.format(steps=list(steps.items())), env=env)
    found: dict[str, object] = dict(
        json.loads(line.removeprefix("STEP ")) for line in done.stdout.splitlines()
        if line.startswith("STEP ")
    )  # fmt: skip
    found["output"] = done.stdout + done.stderr
    return found


# Migrate a fresh database, then ask Django whether any migration is left.
MIGRATE_AND_CHECK = {"migrate": ["migrate", "--noinput"], "left": ["migrate", "--check"]}


def assert_migrated(found: dict[str, object]) -> None:
    assert found.get("migrate") == 0, found["output"]
    assert found.get("left") == 0, "unapplied migrations remain:\n" + str(found["output"])


@pytest.fixture(scope="module")
def sqlite_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    """A fresh SQLite file migrated and checked once for this file's tests, the model check
    (makemigrations) run in the same process; the file and the steps' statuses."""
    folder = tmp_path_factory.mktemp("migrations")
    database = folder / "pgweb.sqlite3"
    found = run_steps(f"sqlite:///{database}", folder, **MIGRATE_AND_CHECK,
                      unmade=["makemigrations", "--check", "--dry-run"])  # fmt: skip
    return database, found


def test_migrations_apply_to_a_fresh_sqlite_file(sqlite_file) -> None:
    database, found = sqlite_file
    assert_migrated(found)

    with sqlite3.connect(database) as connection:
        apps = {row[0] for row in connection.execute("SELECT DISTINCT app FROM django_migrations")}
    assert EXPECTED_APPS <= apps


@pytest.mark.postgres
def test_migrations_apply_to_a_fresh_postgresql_database(postgres_url: str, tmp_path: Path) -> None:
    name = f"pgweb_migrate_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    database_url = postgres_url.rsplit("/", 1)[0] + f"/{name}"
    try:
        assert_migrated(run_steps(database_url, tmp_path, **MIGRATE_AND_CHECK))
        with psycopg.connect(database_url) as connection:
            rows = connection.execute("SELECT DISTINCT app FROM django_migrations").fetchall()
            server = connection.info.server_version
        assert EXPECTED_APPS <= {row[0] for row in rows}
        assert server >= 130000, f"PostgreSQL {server} is older than Django 5.2 supports"
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


def test_every_model_change_has_a_migration(sqlite_file) -> None:
    _, found = sqlite_file
    assert found.get("unmade") == 0, "missing migrations:\n" + str(found["output"])
