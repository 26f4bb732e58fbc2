"""`manage.py worker`: django-tasks-db's db_worker that first makes sure a sweep is queued.

Takes every option of `db_worker` (`--queue-name`, `--interval`, `--batch`, ...). Run one
or more beside the daphne processes; each task is claimed by exactly one worker.
"""

from __future__ import annotations

from typing import Any

from django_tasks_db.management.commands.db_worker import Command as DBWorker

from games.clocks.tasks import ensure_scheduled


class Command(DBWorker):
    help = "Run a background worker (django-tasks-db) with the periodic clock sweep queued"

    def handle(self, *args: Any, **options: Any) -> None:
        ensure_scheduled()
        super().handle(*args, **options)
