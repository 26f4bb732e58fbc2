"""A bench's new SQLite database starts from the migrated file the smoke runs share
(bench/apps/migrated.py), and only a new one: a database with data is never overwritten."""

from __future__ import annotations

import sqlite3
from contextlib import closing

from bench.apps.migrated import VARIABLE, start_from_migrated


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
