"""Services of the fault tests' own, which they stop, restart and kill mid-game: a Redis
server on a fixed port, a PostgreSQL cluster (its database copied from a migrated template)
and two daphne processes pointed at them with production settings (DEBUG=0) on loopback.

They are started once for the fault tests (starting daphne costs seconds of CPU) and each
test opens games of its own on them; after each test whatever it broke is brought back
(`Fleet.heal`). The session's Redis and PostgreSQL (scripts/run_tests.py) are never touched
here, so the rest of the suite cannot notice a fault test.
"""

from __future__ import annotations

import shutil
import tempfile
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
    """The fault tests' database on their own cluster, and the cluster to break."""

    def __init__(self, cluster: PostgresCluster, name: str):
        self.cluster, self.name = cluster, name

    @property
    def url(self) -> str:
        return self.cluster.database_url(self.name)

    def restart(self, mode: str = "fast") -> None:
        """`fast` closes every connection politely; `immediate` is a crash."""
        self.cluster.restart(mode)

    def stop(self, mode: str = "fast") -> None:
        self.cluster.stop(mode)

    def start(self) -> None:
        self.cluster.start()


def production_env(database_url: str, redis: RedisServer, var_dir: Path) -> dict[str, str]:
    """What a daphne process of a production deployment is given, on loopback without TLS."""
    (var_dir / "static").mkdir(exist_ok=True)
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
        # A small allowance of unread bytes, so that a stalled socket passes it quickly.
        "PGWEB_SOCKET_SEND_BUFFER": str(64 * 1024),
        # Scripted clients, not people: the limits are tested in tests/abuse.
        "PGWEB_SOCKET_FRAMES_PER_SECOND": "10000",
        "PGWEB_SOCKET_FRAMES_BURST": "10000",
        "PGWEB_RATE_GUEST": "10000/hour",
        "PGWEB_RATE_WRITE": "10000/minute",
    }


class Fleet:
    """Redis, a PostgreSQL database and two daphne processes serving it."""

    def __init__(self, postgres: OwnPostgres, redis: RedisServer, servers: list[Daphne],
                 var_dir: Path):  # fmt: skip
        self.postgres, self.redis, self.servers, self.var_dir = postgres, redis, servers, var_dir

    def log_of(self, server: Daphne) -> str:
        return server.log.read_text(errors="replace")

    def heal(self) -> None:
        """Bring back whatever a test stopped or killed, on the same ports."""
        if not self.redis.running:
            self.redis.start()
        if not self.postgres.cluster.running:
            self.postgres.start()
        dead = [s for s in self.servers if s.process is None or s.process.poll() is not None]
        for server in dead:
            server.launch()
        for server in dead:
            server.ready()


@pytest.fixture(scope="session")
def fleet(fault_cluster: PostgresCluster) -> Iterator[Fleet]:
    """The fault tests' services, started once; see the module's docstring."""
    var_dir = Path(tempfile.mkdtemp(prefix="pgweb-fleet-"))
    name = "pgweb_faults"
    with psycopg.connect(fault_cluster.url, autocommit=True) as admin:
        admin.execute(
            sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                sql.Identifier(name), sql.Identifier(TEMPLATE)
            )
        )
    postgres = OwnPostgres(fault_cluster, name)
    redis = RedisServer(var_dir).start()
    servers: list[Daphne] = []
    try:
        servers = start_daphnes(production_env(postgres.url, redis, var_dir), var_dir, 2)
        yield Fleet(postgres, redis, servers, var_dir)
    finally:
        for server in servers:
            server.kill()
        redis.stop()
        shutil.rmtree(var_dir, ignore_errors=True)


@pytest.fixture
def services(fleet: Fleet) -> Iterator[Fleet]:
    """The fleet for one test, brought back afterwards whatever the test broke."""
    fleet.heal()
    yield fleet
    fleet.heal()


@pytest.fixture
def own_redis(services: Fleet) -> RedisServer:
    """The fault tests' redis-server on its fixed port: `stop()`, `start()`, `restart()`."""
    return services.redis


@pytest.fixture
def own_postgres(services: Fleet) -> OwnPostgres:
    """The fault tests' database and its cluster: `stop()`, `start()`, `restart(mode)`."""
    return services.postgres


@pytest.fixture
def daphnes(services: Fleet) -> list[Daphne]:
    """The two daphne processes serving the fault tests (a test may kill one)."""
    return services.servers


@pytest.fixture
def serve(services: Fleet, tmp_path: Path):
    """Start daphne processes of this test's own on the fleet's services, with settings of
    its own: `serve(2, CHANNEL_LAYER_BACKEND="core")`; they are killed after the test."""
    started: list[Daphne] = []

    def start(count: int = 1, **env: str) -> list[Daphne]:
        full = {**production_env(services.postgres.url, services.redis, tmp_path), **env}
        servers = start_daphnes(full, tmp_path, count, first=len(started))
        started.extend(servers)
        return servers

    yield start
    for server in started:
        server.kill()
