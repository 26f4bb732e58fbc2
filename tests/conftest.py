"""Share the service fixtures: the real Redis, PostgreSQL and Chromium that `make test` starts.

A missing service skips its tests loudly on a developer's machine and fails them under CI
(CI=true), where `make test` runs as root and must have installed and started everything.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import subprocess
import sys
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from pgweb.channel_hosts import channel_hosts

ROOT = Path(__file__).resolve().parent.parent
CI = os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def _one_redis_database_per_worker() -> None:
    """Under pytest-xdist (`make test` runs two workers or more) the workers share the one Redis server:
    give each its own database (the cache's rate-limit counts, which every test clears) and
    its own channel prefix (pub/sub channels ignore the database: the lobby's groups would
    reach the other worker's sockets), in this process's settings and in the environment
    of every server a test starts."""
    worker, url = os.environ.get("PYTEST_XDIST_WORKER", ""), os.environ.get("REDIS_URL", "")
    if not worker or not url:
        return
    from django.conf import settings  # noqa: PLC0415
    from django.test import override_settings  # noqa: PLC0415  (Django's settings are set up)

    number = int(worker.removeprefix("gw")) + 1  # database 0 stays the undivided run's
    url = f"{url.rsplit('/', 1)[0]}/{number}"
    prefix = f"pgweb-{worker}"
    os.environ.update(REDIS_URL=url, CHANNEL_PREFIX=prefix)
    layers = {name: {**layer, "CONFIG": {**layer.get("CONFIG", {}), "hosts": channel_hosts(url), "prefix": prefix}}
              for name, layer in settings.CHANNEL_LAYERS.items()}
    caches = {name: {**cache, "LOCATION": url} if "redis" in cache["BACKEND"].lower() else cache
              for name, cache in settings.CACHES.items()}
    # Enabled for the whole run: the setting_changed signal resets Django's cache handler and
    # Channels' layer manager, whichever touched its settings first.
    override_settings(REDIS_URL=url, CHANNEL_PREFIX=prefix, CHANNEL_LAYERS=layers, CACHES=caches).enable()


_one_redis_database_per_worker()


def pytest_configure(config: pytest.Config) -> None:
    """Hash the passwords of this process's test users with a fast hasher: the default one
    takes half a second of CPU a hash, by design, which only slows the tests (they check
    logins, lockouts and sign-ups, not the hasher). Servers a test starts in processes of
    their own keep the default. Not in a run without Django (tests/rules/cited_tests.py)."""
    if config.pluginmanager.hasplugin("django"):
        from django.test import override_settings  # noqa: PLC0415  (Django's settings are set up)

        override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]).enable()


# The layers (or single files) that take longest, in the order they are handed out: under
# xdist (`--dist loadfile`) the quick files then fill the workers' last minutes, instead of
# one worker finishing a long file while the other waits. The three rules files are the
# slowest outside the slow layers (random games played through), the benches' smoke runs
# seconds each.
SLOW_FIRST = (
    "browser", "faults", "clocks", "consumers", "bots", "tooling/test_bench_smoke.py",
    "rules/test_player_text.py", "rules/panzer_grenadier/test_preview_matches_resolution.py",
    "rules/panzer_grenadier/test_decisions.py",
    "lobby", "notifications",
)
# The fault tests share services started once per worker (tests/faults/conftest.py: a
# PostgreSQL cluster, a Redis and two daphne, seconds of CPU): one worker runs them all.
ONE_WORKER = ("tests/faults/",)
# Long files whose tests share nothing set up per file (no module fixture): each test is
# handed out on its own, so the workers share them instead of one running the whole file
# while the other waits at the end of the run.
TEST_BY_TEST = (
    "tests/tooling/test_bench_smoke.py",
    "tests/bots/test_fairness.py",
    "tests/bots/test_fairness_server.py",  # four bot games, a minute or more each when busy
)  # not rules/test_player_text.py: its tests share one node renderer (a module fixture)


def slowness_rank(nodeid: str) -> int:
    """The place of a test's layer (or file) in SLOW_FIRST; the rest come after."""
    path = nodeid.split("::", 1)[0].removeprefix("tests/")
    return next((i for i, slow in enumerate(SLOW_FIRST)
                 if path == slow or path.startswith(slow + "/")), len(SLOW_FIRST))


def work_unit(nodeid: str) -> str | None:
    """The unit of work a test is handed to a worker in, when it is not its file (or class):
    the fault tests all together, a test of TEST_BY_TEST alone."""
    if nodeid.split("::", 1)[0] in TEST_BY_TEST:
        return nodeid
    return next((unit for unit in ONE_WORKER if nodeid.startswith(unit)), None)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Order the run: the slow layers first, each file's tests still in their own order.
    Refuse two tests with one node id: pytest-xdist hands tests out by node id and would run
    only one of them, silently (a plug-in's parametrization did so once)."""
    shared = sorted(nodeid for nodeid, n in Counter(i.nodeid for i in items).items() if n > 1)
    if shared:
        raise pytest.UsageError(f"tests share a node id, so only one would run: {shared[:3]}")
    items.sort(key=lambda item: slowness_rank(item.nodeid))  # stable: else collection order


def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """Under `--dist loadfile`: hand the files out in the collection's order above (xdist
    would otherwise start with the files holding the most tests, leaving the long browser
    files for last and switching each worker in and out of tests/browser, which closes and
    relaunches its Chromium), the fault tests as one unit and the files of TEST_BY_TEST a test
    at a time."""
    if config.getoption("dist", None) != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling  # noqa: PLC0415  (only under xdist)

    class InOrderByFile(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid) or super()._split_scope(nodeid)

    config.option.loadscopereorder = False  # what `--no-loadscope-reorder` says
    return InOrderByFile(config, log)


def require_service(name: str, available: bool, how: str) -> None:
    """Skip (fail under CI) the calling test when a real service is missing."""
    if available:
        return
    if CI:
        pytest.fail(f"CI=true and {name} is missing: {how}", pytrace=False)
    pytest.skip(f"NO {name.upper()}: {how} (run `make test` as root to get it)")


@pytest.fixture(scope="session")
def redis_url() -> str:
    """Return the URL of the private redis-server that `make test` started."""
    url = os.environ.get("REDIS_URL", "")
    require_service("redis", bool(url), "REDIS_URL is not set")
    return url


@pytest.fixture(scope="session")
def postgres_url() -> str:
    """Return the URL of the private PostgreSQL cluster (superuser, trust auth)."""
    url = os.environ.get("PGWEB_TEST_POSTGRES_URL", "")
    require_service("postgresql", bool(url), "PGWEB_TEST_POSTGRES_URL is not set")
    return url


def manage(*args: str, env: dict[str, str], timeout: float = 270) -> subprocess.CompletedProcess:
    """Run `manage.py` in a separate process with `env` on top of the current environment.

    The bound is a guard against a hung process, not a speed check: a `migrate` beside other
    work at load 30 has taken more than 120 s; it stays below pytest's 300 s per test, so a
    stuck process fails with its own output rather than pytest's stack dump."""
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


# People acting at the same moment, each on a thread and database connection of their own (as
# from several daphne processes), released together by a barrier; any exception fails the run.
AT_ONCE = """
import threading
from django.contrib.auth import get_user_model
from django.db import connection
{setup}
users = [get_user_model().objects.create_user(username=f"{prefix}{{n}}") for n in range({people})]
gate = threading.Barrier(len(users))
errors = []
def act(user):
    try:
        gate.wait()
        {act}
    except Exception as exc:
        errors.append(repr(exc))
    finally:
        connection.close()
threads = [threading.Thread(target=act, args=(u,)) for u in users]
for t in threads: t.start()
for t in threads: t.join()
assert not errors, errors
"""


def at_once(people: int, act: str, env: dict[str, str], setup: str = "",
            prefix: str = "p") -> subprocess.CompletedProcess:
    """Have `people` new players (usernames `prefix`0, 1, ...) run the statement `act`, which
    names its player `user`, at the same moment in a `manage.py shell` on the database `env`
    names; `setup` (imports, shared values) runs first."""
    script = AT_ONCE.format(setup=setup, prefix=prefix, people=people, act=act)
    return manage("shell", "-c", script, env=env)


def migrated_in_a_process(env: dict[str, str]) -> None:
    """Migrate the database `env` names, in a process of its own as a deployment does."""
    migrated = manage("migrate", "--noinput", env={"REDIS_URL": "", "LOG_LEVEL": "WARNING", **env})
    assert migrated.returncode == 0, migrated.stdout + migrated.stderr


def once_per_run(factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """A folder `make(folder)` fills once for the whole run, whichever xdist worker asks first
    (the others wait on a lock, then read it). Only for what no test changes: each worker
    would otherwise spend the same seconds of CPU on the same files."""
    root = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the workers' folders sit side by side in the run's
    folder = root / name
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        done = folder / ".done"
        if not done.exists():
            folder.mkdir(exist_ok=True)
            make(folder)
            done.touch()
    return folder


@pytest.fixture(scope="session")
def collected_static(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The static files collected once for the run as a deployment collects them (hashed,
    compressed names): no test changes them."""

    def collect(folder: Path) -> None:
        env = {"DEBUG": "0", "SECRET_KEY": "collectstatic-only", "PGWEB_VAR_DIR": str(folder.parent),
               "DATABASE_URL": "", "STATIC_ROOT": str(folder)}  # fmt: skip
        collected = manage("collectstatic", "--noinput", env=env)
        assert collected.returncode == 0, f"manage.py collectstatic failed:\n{collected.stderr}"

    return once_per_run(tmp_path_factory, "static", collect)


# Migrating costs seconds of CPU, so the run migrates one SQLite file and each worker one
# PostgreSQL database, and a test whose processes need a fresh migrated database gets a copy.
# tests/infra/test_migrations.py migrates fresh databases of both kinds itself.


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated once for the run, to copy with `sqlite_copy` (never opened
    otherwise)."""
    home = once_per_run(tmp_path_factory, "migrated-sqlite", lambda folder: migrated_in_a_process(
        {"PGWEB_VAR_DIR": str(folder), "DATABASE_URL": ""}))
    return home / "pgweb.sqlite3"


def sqlite_copy(migrated: Path, var_dir: Path) -> Path:
    """Copy the migrated SQLite file to `var_dir`, where a process given PGWEB_VAR_DIR=var_dir
    and no DATABASE_URL keeps its database; its path."""
    target = var_dir / "pgweb.sqlite3"
    with closing(sqlite3.connect(migrated)) as source, closing(sqlite3.connect(target)) as copy:
        source.backup(copy)
    return target


@pytest.fixture
def migrated_var_dir(migrated_sqlite: Path, tmp_path: Path) -> Path:
    """A PGWEB_VAR_DIR (the test's tmp_path) holding a fresh migrated SQLite database."""
    sqlite_copy(migrated_sqlite, tmp_path)
    return tmp_path


def database_url(server_url: str, name: str) -> str:
    """The URL of database `name` on the PostgreSQL server of `server_url`."""
    return server_url.rsplit("/", 1)[0] + f"/{name}"


def create_database(server_url: str, name: str, template: str | None = None) -> None:
    with psycopg.connect(server_url, autocommit=True) as admin:
        query = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name))
        if template:
            query += sql.SQL(" TEMPLATE {}").format(sql.Identifier(template))
        admin.execute(query)


def drop_database(server_url: str, name: str) -> None:
    with psycopg.connect(server_url, autocommit=True) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


@pytest.fixture(scope="session")
def migrated_postgres(postgres_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The name of a PostgreSQL database migrated once for the session, the template of each
    `fresh_postgres` (nobody connects to it, as CREATE DATABASE ... TEMPLATE requires)."""
    name = f"pgweb_migrated_{uuid.uuid4().hex[:10]}"
    create_database(postgres_url, name)
    try:
        home = tmp_path_factory.mktemp("migrated-postgres")
        migrated_in_a_process({"DATABASE_URL": database_url(postgres_url, name),
                               "PGWEB_VAR_DIR": str(home)})
        yield name
    finally:
        drop_database(postgres_url, name)


@pytest.fixture
def fresh_postgres(postgres_url: str, migrated_postgres: str) -> Iterator[str]:
    """The URL of a migrated PostgreSQL database of the test's own, dropped after it."""
    name = f"pgweb_test_{uuid.uuid4().hex[:10]}"
    create_database(postgres_url, name, template=migrated_postgres)
    try:
        yield database_url(postgres_url, name)
    finally:
        drop_database(postgres_url, name)


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """Each test starts with no rate-limit hits counted (games/throttles.py keeps them in the
    cache, which outlives a test's database transaction)."""
    from django.core.cache import cache  # noqa: PLC0415  (settings are ready only inside a test)

    cache.clear()
    yield


@pytest.fixture
def immediate_tasks(settings):
    """Tasks (a publication's bot game, notifications) run as they are queued, in the test;
    the worker's database backend is tested on its own (tests/clocks)."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
