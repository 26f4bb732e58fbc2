"""The periodic sweep: one pass over what is due, run by the background worker.

Jobs register here (`register`), so an app adds its periodic work without this module
importing it. A job takes the sweep's `now` and does what is due; it must be idempotent
under concurrency (two workers may sweep at the same moment), which each job gets by
claiming its rows with a conditional UPDATE or a row lock.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from django.utils import timezone

logger = logging.getLogger(__name__)

Job = Callable[[datetime], object]
JOBS: dict[str, Job] = {}


def register(name: str, job: Job) -> Job:
    """Add a job to every sweep under a stable name (registering a name again replaces it)."""
    JOBS[name] = job
    return job


def run_sweep(now: datetime | None = None) -> dict[str, object]:
    """Run every registered job once; one failing job is logged and does not stop the others."""
    now = now or timezone.now()
    done: dict[str, object] = {}
    for name, job in list(JOBS.items()):
        try:
            done[name] = job(now)
        except Exception:  # a job's bug must not stop flagging clocks
            logger.exception("sweep job %s failed", name)
            done[name] = "failed"
    return done
