"""A bench's new SQLite database starts from the migrated file the smoke runs share
(bench/apps/migrated.py), and only a new one: a database with data is never overwritten. A
new PostgreSQL database is restored from the test run's migrated one."""

from __future__ import annotations

import sqlite3
import uuid
from contextlib import closing

import psycopg

from bench.apps.migrated import (
    POSTGRES_VARIABLE,
    VARIABLE,
    restore_migrated_postgres,
    start_from_migrated,
)
from tests.conftest import create_database, database_url, drop_database
from tests.servicekit import postgres_bin


def database_with(path, table: str):
    with closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA journal_mode=WAL")  # as pgweb's settings open SQLite
        db.execute(f"CREATE TABLE {table} (id INTEGER)")
        db.commit()
    return path


def tables(path) -> list[str]:
    with closing(sqlite3.connect(path)) as db:
        return [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]


def test_a_new_sqlite_database_starts_as_a_copy_of_the_migrated_file(tmp_path, monkeypatch):
    monkeypatch.setenv(VARIABLE, str(database_with(tmp_path / "migrated.sqlite3", "migrated")))
    target = tmp_path / "run" / "bench.sqlite3"
    assert start_from_migrated(f"sqlite:///{target}")
    assert tables(target) == ["migrated"]


def test_a_database_with_data_or_of_another_kind_is_left_alone(tmp_path, monkeypatch):
    monkeypatch.setenv(VARIABLE, str(database_with(tmp_path / "migrated.sqlite3", "migrated")))
    kept = database_with(tmp_path / "kept.sqlite3", "game_in_progress")
    assert not start_from_migrated(f"sqlite:///{kept}")
    assert tables(kept) == ["game_in_progress"]
    assert not start_from_migrated("postgres://bench@127.0.0.1/pgweb")


def test_without_the_variable_the_bench_migrates_from_scratch(tmp_path, monkeypatch):
    monkeypatch.delenv(VARIABLE, raising=False)
    target = tmp_path / "bench.sqlite3"
    assert not start_from_migrated(f"sqlite:///{target}")
    assert not target.exists()


def postgres_tables(url: str) -> list[str]:
    with psycopg.connect(url) as db:
        return [row[0] for row in db.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]


def test_a_new_postgres_database_is_restored_from_the_migrated_one(postgres_url, monkeypatch):
    migrated, new = (f"pgweb_bench_{what}_{uuid.uuid4().hex[:8]}" for what in ("migrated", "new"))
    create_database(postgres_url, migrated)
    create_database(postgres_url, new)
    try:
        with psycopg.connect(database_url(postgres_url, migrated)) as db:
            db.execute("CREATE TABLE django_migrations (id integer)")
            db.execute("INSERT INTO django_migrations VALUES (1)")
        monkeypatch.delenv(POSTGRES_VARIABLE, raising=False)
        assert not restore_migrated_postgres(postgres_bin(), database_url(postgres_url, new))
        assert postgres_tables(database_url(postgres_url, new)) == []
        monkeypatch.setenv(POSTGRES_VARIABLE, database_url(postgres_url, migrated))
        assert restore_migrated_postgres(postgres_bin(), database_url(postgres_url, new))
        with psycopg.connect(database_url(postgres_url, new)) as db:
            assert db.execute("SELECT id FROM django_migrations").fetchall() == [(1,)]
    finally:
        drop_database(postgres_url, migrated)
        drop_database(postgres_url, new)
