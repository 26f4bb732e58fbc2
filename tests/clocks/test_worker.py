"""The background worker: django-tasks-db runs the periodic sweep, one queued at a time."""

from __future__ import annotations

import sqlite3

import pytest
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from games.clocks import sweep as sweeps
from games.clocks import tasks
from tests.conftest import manage


def waiting_sweeps() -> int:
    return DBTaskResult.objects.filter(
        task_path=tasks.sweep.module_path, status=TaskResultStatus.READY
    ).count()


@pytest.fixture
def jobs(monkeypatch):
    """The sweep's job table, emptied for the test and restored after it."""
    monkeypatch.setattr(sweeps, "JOBS", {})
    return sweeps.JOBS


@pytest.mark.django_db(transaction=True)
def test_it_queues_one_sweep_however_often_it_is_asked(jobs):
    assert tasks.ensure_scheduled() is True
    assert tasks.ensure_scheduled() is False
    assert waiting_sweeps() == 1


@pytest.mark.django_db(transaction=True)
def test_a_sweep_runs_every_job_and_queues_its_successor(jobs):
    seen = []
    sweeps.register("first", lambda now: seen.append(("first", now)) or 1)
    sweeps.register("second", lambda now: seen.append(("second", now)) or 2)
    result = tasks.sweep.call()
    assert [name for name, _ in seen] == ["first", "second"]
    assert result == {"first": 1, "second": 2}
    assert waiting_sweeps() == 1


@pytest.mark.django_db(transaction=True)
def test_a_failing_job_does_not_stop_the_others(jobs):
    def broken(now):
        raise RuntimeError("boom")

    sweeps.register("broken", broken)
    sweeps.register("fine", lambda now: "ok")
    assert sweeps.run_sweep() == {"broken": "failed", "fine": "ok"}


def test_manage_worker_runs_due_sweeps_and_keeps_one_queued(migrated_var_dir):
    env = {"PGWEB_VAR_DIR": str(migrated_var_dir), "DATABASE_URL": "", "REDIS_URL": "",
           "LOG_LEVEL": "WARNING", "PGWEB_SWEEP_SECONDS": "0.001"}  # fmt: skip
    run = manage("worker", "--batch", "--no-startup-delay", "--max-tasks", "3", env=env)
    assert run.returncode == 0, run.stderr
    with sqlite3.connect(migrated_var_dir / "pgweb.sqlite3") as db:
        rows = db.execute(
            "SELECT status, count(*) FROM django_tasks_database_dbtaskresult GROUP BY status"
        ).fetchall()
    assert dict(rows) == {"SUCCESSFUL": 3, "READY": 1}
