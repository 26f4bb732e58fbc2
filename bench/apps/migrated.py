"""Start a bench's new SQLite database from a migrated copy.

Migrating an empty SQLite file costs seconds of CPU (every migration of every app), the same
for every bench that builds one: scripts/bench_smoke.py migrates one file for all the smoke
runs and names it in PGWEB_BENCH_MIGRATED. A bench whose database is a new SQLite file starts
from a copy of it, and its own `migrate` then finds nothing left to do; without the variable
(or with a database of another kind) the bench migrates from scratch, as it always did.

PostgreSQL likewise: PGWEB_BENCH_MIGRATED_POSTGRES names a migrated PostgreSQL database (the
test run's own, tests/conftest.py's `migrated_postgres`), and a bench that creates a new
PostgreSQL database (soak.py, in a cluster of its own) restores a dump of it instead of
running `manage.py migrate`: about half a second of CPU against seven.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
from contextlib import closing
from pathlib import Path

from django.conf import settings
from django.core.management import call_command

VARIABLE = "PGWEB_BENCH_MIGRATED"
POSTGRES_VARIABLE = "PGWEB_BENCH_MIGRATED_POSTGRES"


def start_from_migrated(database_url: str) -> bool:
    """Copy the migrated file named by PGWEB_BENCH_MIGRATED to `database_url`'s SQLite file
    when that file is new (absent or empty); whether it did."""
    template = os.environ.get(VARIABLE)
    if not template or not database_url.startswith("sqlite:///"):
        return False
    target = Path(database_url.removeprefix("sqlite:///"))
    if target.exists() and target.stat().st_size > 0:
        return False  # a database with data of its own is never overwritten
    target.parent.mkdir(parents=True, exist_ok=True)
    # SQLite's own copy: whatever the template's journal (WAL) holds comes along.
    with closing(sqlite3.connect(template)) as source, closing(sqlite3.connect(target)) as copy:
        source.backup(copy)
    return True


def migrate() -> None:
    """Migrate Django's database (set up already), from the migrated copy when there is one."""
    start_from_migrated(settings.DATABASE_URL)
    call_command("migrate", verbosity=0)


def restore_migrated_postgres(bindir: Path, database_url: str) -> bool:
    """Fill the new, empty PostgreSQL database at `database_url` with the migrated one that
    PGWEB_BENCH_MIGRATED_POSTGRES names (pg_dump piped to pg_restore, with the `bindir`
    folder's tools); whether it did. Without the variable the bench migrates as it always
    did."""
    source = os.environ.get(POSTGRES_VARIABLE)
    if not source:
        return False
    dump = subprocess.Popen(
        [str(bindir / "pg_dump"), "--format=custom", "--no-owner", "--dbname", source],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
    )  # fmt: skip
    restored = subprocess.run(
        [str(bindir / "pg_restore"), "--exit-on-error", "--no-owner", "--dbname", database_url],
        stdin=dump.stdout, check=False,
    )  # fmt: skip
    dump.stdout.close()
    if dump.wait() != 0 or restored.returncode != 0:
        raise RuntimeError(f"copying the migrated database {source} failed: pg_dump exited "
                           f"{dump.returncode}, pg_restore {restored.returncode}")
    return True
