"""The migrations apply on both databases pgweb supports, and no model change lacks one."""

from __future__ import annotations

import sqlite3
import uuid
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from tests.conftest import manage

EXPECTED_APPS = {"admin", "auth", "contenttypes", "sessions"}


def migrate_and_check(database_url: str, var_dir: Path) -> None:
    """Migrate a fresh database in a separate process, then ask Django whether any is left."""
    env = {"DATABASE_URL": database_url, "PGWEB_VAR_DIR": str(var_dir), "DEBUG": "1"}
    migrated = manage("migrate", "--noinput", env=env)
    assert migrated.returncode == 0, migrated.stdout + migrated.stderr
    left = manage("migrate", "--check", env=env)
    assert left.returncode == 0, "unapplied migrations remain:\n" + left.stdout + left.stderr


def test_migrations_apply_to_a_fresh_sqlite_file(tmp_path: Path) -> None:
    database = tmp_path / "pgweb.sqlite3"
    migrate_and_check(f"sqlite:///{database}", tmp_path)

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
        migrate_and_check(database_url, tmp_path)
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


def test_every_model_change_has_a_migration(tmp_path: Path) -> None:
    env = {"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "PGWEB_VAR_DIR": str(tmp_path)}
    result = manage("makemigrations", "--check", "--dry-run", env=env)
    assert result.returncode == 0, "missing migrations:\n" + result.stdout + result.stderr
