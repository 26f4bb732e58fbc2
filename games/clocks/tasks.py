"""The background tasks (django-tasks, database backend) that keep the sweep going.

`sweep` runs every registered sweep job, then schedules the next sweep. At most one sweep
waits in the queue at a time: scheduling takes the `SweepSchedule` row's lock (SQLite: the
write lock every transaction takes), so two workers finishing a sweep together schedule
one successor between them. `manage.py worker` calls `ensure_scheduled` at start, which
restarts the chain after a crash.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django_tasks import TaskResultStatus, task
from django_tasks_db.models import DBTaskResult

from games.clocks import sweep as sweeps
from games.clocks.models import SweepSchedule


def interval() -> timedelta:
    return timedelta(seconds=settings.PGWEB_SWEEP_SECONDS)


@task()
def sweep() -> dict:
    """One pass of every sweep job, then the next sweep is queued."""
    done = sweeps.run_sweep()
    ensure_scheduled()
    # Finished sweeps are of no further interest; keep an hour of them for the admin.
    DBTaskResult.objects.filter(
        task_path=sweep.module_path,
        status__in=[TaskResultStatus.SUCCESSFUL, TaskResultStatus.FAILED],
        finished_at__lt=timezone.now() - timedelta(hours=1),
    ).delete()
    return {name: value if isinstance(value, (int, str)) else str(value) for name, value in done.items()}


@transaction.atomic
def ensure_scheduled() -> bool:
    """Queue the next sweep unless one is already waiting; True when this call queued it."""
    SweepSchedule.objects.select_for_update().get_or_create(pk=1)
    waiting = DBTaskResult.objects.filter(
        task_path=sweep.module_path, status=TaskResultStatus.READY
    )
    if waiting.exists():
        return False
    sweep.using(run_after=timezone.now() + interval()).enqueue()
    SweepSchedule.objects.filter(pk=1).update(scheduled_at=timezone.now())
    return True
