"""Real services for the test runner, the fault tests and the soak bench: Redis, PostgreSQL
and daphne processes on loopback ports, each of which can be stopped, started again,
restarted or killed.

`scripts/run_tests.py` starts one Redis and one PostgreSQL for the whole session through
`private_redis` and `private_postgres`; the fault tests (tests/faults/) need services of
their own that they may break, so the same classes back their fixtures; bench/soak.py uses
them for its production-like setup. Nothing here sleeps a fixed time: every wait polls a
condition with a deadline.
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IS_ROOT = os.geteuid() == 0
Say = Callable[[str], None]


def _quiet(_message: str) -> None:
    pass


def free_port() -> int:
    """Return a loopback port nobody is listening on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(check: Callable[[], object], what: str, timeout: float = 30.0) -> None:
    """Poll `check` until it returns true, or fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except OSError:
            pass
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not happen within {timeout:.0f}s")


def listening(port: int) -> bool:
    """Tell whether something accepts TCP connections on a loopback port."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def rss_mb(pid: int) -> float:
    """A process's resident memory in MB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _stop_process(process: subprocess.Popen, sig: int = signal.SIGTERM, grace: float = 10) -> None:
    if process.poll() is not None:
        return
    process.send_signal(sig)
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


# -- Redis ------------------------------------------------------------------------------------


def redis_pings(port: int) -> bool:
    """Tell whether a redis-server on `port` answers PING."""
    with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
        sock.sendall(b"PING\r\n")
        return sock.recv(16).startswith(b"+PONG")


class RedisServer:
    """A redis-server on a fixed loopback port: stopped and started again, it comes back on
    the same port, so clients configured with its URL reconnect to it."""

    def __init__(self, workdir: Path, port: int | None = None, say: Say = _quiet):
        self.workdir, self.port, self.say = workdir, port or free_port(), say
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def db_url(self, db: int) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self) -> RedisServer:
        command = [
            "redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
            "--appendonly", "no", "--dir", str(self.workdir),
            "--logfile", str(self.workdir / f"redis-{self.port}.log"),
        ]  # fmt: skip
        # Its own log file: it must not hold its parent's stdout (a pipe) open after a crash.
        self.process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, start_new_session=True
        )
        wait_for(lambda: self.running and redis_pings(self.port), "redis-server answering", 15)
        self.say(f"redis-server pid {self.process.pid} on 127.0.0.1:{self.port}")
        return self

    def stop(self) -> None:
        """Stop the server (its data goes with it: nothing is saved) and wait until the port
        refuses connections."""
        if self.process is not None:
            _stop_process(self.process)
            wait_for(lambda: not listening(self.port), "redis-server port closing", 10)

    def kill(self) -> None:
        if self.process is not None:
            _stop_process(self.process, signal.SIGKILL)

    def restart(self) -> None:
        self.stop()
        self.start()


@contextmanager
def private_redis(workdir: Path, say: Say = _quiet) -> Iterator[str]:
    """Run a throwaway redis-server on a free loopback port; yield its URL."""
    server = RedisServer(workdir, say=say)
    try:
        yield server.start().url
    finally:
        server.stop()
        say("redis-server stopped")


# -- PostgreSQL -------------------------------------------------------------------------------


def postgres_bin() -> Path | None:
    """Find the folder holding initdb and pg_ctl: on PATH, else Debian's versioned folder."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    versions = [Path(p).parent.parent for p in glob.glob("/usr/lib/postgresql/*/bin/initdb")]
    versions = sorted((v for v in versions if v.name.isdigit()), key=lambda v: int(v.name))
    return versions[-1] / "bin" if versions else None


class PostgresCluster:
    """A throwaway PostgreSQL cluster (trust auth, loopback only, no fsync) on a fixed port.

    PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres`
    system user and its commands run through runuser.
    """

    def __init__(
        self, workdir: Path, bindir: Path, port: int | None = None, say: Say = _quiet,
        max_connections: int = 100,
    ):  # fmt: skip
        self.bindir, self.port, self.say = bindir, port or free_port(), say
        self.home = workdir / f"postgres-{self.port}"
        self.data = self.home / "data"
        self.log = self.home / "server.log"
        self.max_connections = max_connections
        self.prefix: list[str] = ["runuser", "-u", "postgres", "--"] if IS_ROOT else []
        self.running = False

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def database_url(self, name: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}"

    def _pg(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run(
            [*self.prefix, str(self.bindir / args[0]), *args[1:]], cwd=self.home, check=check,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip

    def init(self) -> PostgresCluster:
        self.home.mkdir(parents=True)
        if IS_ROOT:
            shutil.chown(self.home, user="postgres", group="postgres")
            self.home.chmod(0o700)
        self._pg("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                 "--no-locale", "--no-sync")  # fmt: skip
        return self

    def _options(self) -> str:
        return (
            f"-h 127.0.0.1 -p {self.port} -k {self.home} -F -c fsync=off "
            f"-c full_page_writes=off -c max_connections={self.max_connections}"
        )

    def start(self) -> PostgresCluster:
        try:
            self._pg("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "30",
                     "-o", self._options(), "start")  # fmt: skip
        except subprocess.CalledProcessError:
            if self.log.exists():
                print(self.log.read_text(errors="replace"), file=sys.stderr)
            raise
        self.running = True
        self.say(f"PostgreSQL ({self.bindir.parent.name}) on 127.0.0.1:{self.port}")
        return self

    def stop(self, mode: str = "fast") -> None:
        """Stop the server: `fast` rolls back open transactions and closes every connection;
        `immediate` is a crash (recovery replays the WAL on the next start)."""
        if not self.running:
            return
        # After Ctrl-C the server may have had the SIGINT too and be gone already.
        for m in (mode, "immediate"):
            if self._pg("pg_ctl", "-D", str(self.data), "-m", m, "-w", "stop",
                        check=False).returncode == 0:  # fmt: skip
                break
        self.running = False

    def restart(self, mode: str = "fast") -> None:
        self.stop(mode)
        self.start()


@contextmanager
def private_postgres(workdir: Path, bindir: Path, say: Say = _quiet) -> Iterator[str]:
    """Run a throwaway PostgreSQL cluster (trust auth, loopback only); yield its URL."""
    cluster = PostgresCluster(workdir, bindir, say=say).init()
    try:
        cluster.start()
        yield cluster.url
    finally:
        if cluster.running:
            cluster.stop()
            say("PostgreSQL stopped")


# -- daphne -----------------------------------------------------------------------------------


class Daphne:
    """One daphne process serving pgweb on a loopback port; it can be killed (a crash, not a
    polite shutdown) and started again on the same port."""

    def __init__(self, env: dict[str, str], log: Path, port: int | None = None):
        self.env, self.log, self.port = env, log, port or free_port()
        self.process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def launch(self) -> Daphne:
        """Start the process without waiting for it to listen (see `ready`)."""
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "pgweb.serve", "-b", "127.0.0.1", "-p", str(self.port),
                 "pgweb.asgi:application"],
                cwd=ROOT, env={**os.environ, **self.env}, stdin=subprocess.DEVNULL,
                stdout=out, stderr=subprocess.STDOUT,
            )  # fmt: skip
        return self

    def ready(self, timeout: float = 60) -> Daphne:
        """Wait until the process listens; fail with its log if it exited first."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process is None or self.process.poll() is not None:
                raise RuntimeError(f"daphne exited:\n{self.log.read_text(errors='replace')}")
            if listening(self.port):
                return self
            time.sleep(0.05)
        raise RuntimeError(f"daphne did not listen:\n{self.log.read_text(errors='replace')}")

    def start(self) -> Daphne:
        return self.launch().ready()

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None:
            _stop_process(self.process)

    def pause(self) -> None:
        """Freeze the process (SIGSTOP): its sockets stay open and nothing is read."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def rss_mb(self) -> float:
        return rss_mb(self.pid)


def start_daphnes(env: dict[str, str], logdir: Path, count: int, first: int = 0) -> list[Daphne]:
    """Start `count` daphne processes at once (each takes seconds to import Django); their
    logs are daphne-<first>.log, daphne-<first+1>.log, ... in `logdir`."""
    servers = [Daphne(env, logdir / f"daphne-{first + i}.log").launch() for i in range(count)]
    try:
        return [server.ready() for server in servers]
    except BaseException:
        for server in servers:
            server.kill()
        raise
