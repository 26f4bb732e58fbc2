"""Services of the fault tests' own, which they stop, restart and kill mid-game: a Redis
server per test, a PostgreSQL cluster shared by the fault tests only (a fresh database per
test, copied from a migrated template), and daphne processes pointed at them with
production settings (DEBUG=0) on loopback.

The session's Redis and PostgreSQL (scripts/run_tests.py) are never touched here, so the
rest of the suite cannot notice a fault test.
"""

from __future__ import annotations

import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from tests.conftest import manage, require_service
from tests.servicekit import Daphne, PostgresCluster, RedisServer, postgres_bin, start_daphnes

TEMPLATE = "pgweb_fault_template"


@pytest.fixture(scope="session")
def fault_cluster() -> Iterator[PostgresCluster]:
    """A PostgreSQL cluster for the fault tests, with a migrated template database."""
    bindir = postgres_bin()
    require_service("postgresql", bindir is not None, "no initdb/pg_ctl found")
    require_service("redis", shutil.which("redis-server") is not None, "no redis-server found")
    workdir = Path(tempfile.mkdtemp(prefix="pgweb-faults-"))
    workdir.chmod(0o755)  # the postgres user must reach its folder inside
    cluster = PostgresCluster(workdir, bindir).init().start()
    try:
        with psycopg.connect(cluster.url, autocommit=True) as admin:
            admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(TEMPLATE)))
        migrated = manage(
            "migrate", "--noinput",
            env={"DATABASE_URL": cluster.database_url(TEMPLATE), "PGWEB_VAR_DIR": str(workdir)},
        )  # fmt: skip
        assert migrated.returncode == 0, migrated.stderr
        yield cluster
    finally:
        cluster.stop("immediate")
        shutil.rmtree(workdir, ignore_errors=True)


class OwnPostgres:
    """This test's database on the fault cluster, and the cluster to break."""

    def __init__(self, cluster: PostgresCluster, name: str):
        self.cluster, self.name = cluster, name

    @property
    def url(self) -> str:
        return self.cluster.database_url(self.name)

    def restart(self, mode: str = "fast") -> None:
        self.cluster.restart(mode)

    def stop(self, mode: str = "fast") -> None:
        self.cluster.stop(mode)

    def start(self) -> None:
        self.cluster.start()


@pytest.fixture
def own_postgres(fault_cluster: PostgresCluster) -> Iterator[OwnPostgres]:
    """A fresh migrated database for this test (a copy of the template: no migrate run)."""
    name = f"pgweb_fault_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(fault_cluster.url, autocommit=True) as admin:
        admin.execute(
            sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                sql.Identifier(name), sql.Identifier(TEMPLATE)
            )
        )
    try:
        yield OwnPostgres(fault_cluster, name)
    finally:
        if not fault_cluster.running:  # a test that failed while it was stopped
            fault_cluster.start()
        with psycopg.connect(fault_cluster.url, autocommit=True) as admin:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A redis-server for this test on a fixed port: `stop()`, `start()`, `restart()`."""
    require_service("redis", shutil.which("redis-server") is not None, "no redis-server found")
    server = RedisServer(tmp_path).start()
    try:
        yield server
    finally:
        server.stop()


def production_env(database_url: str, redis: RedisServer, var_dir: Path) -> dict[str, str]:
    """What a daphne process of a production deployment is given, on loopback without TLS."""
    return {
        "DEBUG": "0",
        "SECRET_KEY": "fault-tests-" + "k" * 40,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "HTTPS": "0",  # no TLS on loopback: no redirect to https, no HSTS
        "SECURE_COOKIES": "0",  # the cookies travel over plain http here
        "DATABASE_URL": database_url,
        "REDIS_URL": redis.url,
        "CACHE_URL": redis.db_url(1),
        "CHANNEL_LAYER_BACKEND": "pubsub",
        "PGWEB_VAR_DIR": str(var_dir),
        "STATIC_ROOT": str(var_dir / "static"),
        "LOG_LEVEL": "WARNING",
        "PGWEB_BOTS_RUN": "0",
        # Scripted clients, not people: the limits are tested in tests/abuse.
        "PGWEB_SOCKET_FRAMES_PER_SECOND": "10000",
        "PGWEB_SOCKET_FRAMES_BURST": "10000",
        "PGWEB_RATE_GUEST": "10000/hour",
        "PGWEB_RATE_WRITE": "10000/minute",
    }


@pytest.fixture
def serve(own_postgres: OwnPostgres, own_redis: RedisServer, tmp_path: Path):
    """Start daphne processes on this test's services: `serve(2, PGWEB_X="1")`."""
    started: list[Daphne] = []

    def start(count: int = 1, **env: str) -> list[Daphne]:
        (tmp_path / "static").mkdir(exist_ok=True)
        full = {**production_env(own_postgres.url, own_redis, tmp_path), **env}
        servers = start_daphnes(full, tmp_path, count, first=len(started))
        started.extend(servers)
        return servers

    yield start
    for server in started:
        server.kill()
