"""Soak pgweb the way production runs it, on this machine, and measure what it holds.

Starts PostgreSQL, Redis and several daphne processes on loopback ports with the production
settings (DEBUG=0; docs/operations.md, "Running in production"), then plays many games at once through
the REST API and the game sockets: per game two players (each a guest) sending random legal
commands taken from their own socket's view, and spectators (each a guest of their own)
following it, every socket pinging every 10 s as the browser does. Sockets are spread over
the processes as a round-robin proxy would. A game that ends is checked and replaced by a
new one between the same people, so as many games run at every moment. Loopback only;
every loop is bounded by the deadline and every wait by a timeout.

Settings lifted for the load (documented in docs/operations.md, "Capacity"): PGWEB_RATE_GUEST (the
bench signs a thousand guests in from one address); everything else, the socket frame limit
included, is the production default.

With `--idle-sockets N`, N more sockets watch games nobody moves (IDLE_PER_GAME spectators
a game, guests from a pool of IDLE_PEOPLE, each socket pinging as the browser does): what
idle sockets cost the moving games shows in the latency, and they are checked at the end
like the others (their frames, closes and errors count).

It prints the machine, each process's resident memory when the load starts, a third and two
thirds of the way in and when it ends, the growth in the last third on its own line (caches
fill in the first third; growth that goes on to the end is a leak), what went wrong if
anything did, and last

  soak: games=N sockets=N processes=N commands_per_s=N p50_ms=N p99_ms=N lost_frames=N
        errors=N rss_growth_mb=N   (one line)

where a command's latency runs from sending it to the last socket of its game applying that
version, lost_frames counts versions some socket never applied (each socket's versions must
run contiguously from its first snapshot to the game's version, after one last ping), errors
counts rejected commands, error frames, unexpected closes, timeouts and final views that
differ from a fresh snapshot, and rss_growth_mb sums the processes' growth; sockets counts
the idle ones too.

Run: .venv/bin/python bench/soak.py [--minutes 3] [--games 100] [--spectators 8]
     [--idle-sockets 0] [--processes 2] [--think 1.0] [--seed 1] [--diagnose] [--smoke]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import resource
import secrets
import statistics
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from apps import soakdiag  # noqa: E402

from bench.apps.migrated import restore_migrated_postgres  # noqa: E402
from tests.conftest import manage  # noqa: E402
from tests.faults.clients import GameClient, Person, missing_versions, open_game  # noqa: E402
from tests.servicekit import (  # noqa: E402
    Daphne,
    PostgresCluster,
    RedisServer,
    postgres_bin,
    start_daphnes,
)  # fmt: skip

CLK_TCK = os.sysconf("SC_CLK_TCK")
PING_EVERY = 10.0  # seconds, as static/games/js/socket.js
WAIT = 60.0  # seconds any one wait may take before it counts as an error
IDLE_PER_GAME = 40  # spectators of each game nobody moves (--idle-sockets)
IDLE_PEOPLE = 200  # guests the idle spectators are (each opens several sockets)


def say(message: str) -> None:
    print(message, flush=True)


def machine() -> str:
    """Cores, memory and CPU model of this machine."""
    memory_kb = next(
        int(line.split()[1]) for line in Path("/proc/meminfo").read_text().splitlines()
        if line.startswith("MemTotal:")
    )  # fmt: skip
    model = next(
        (line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
         if line.startswith("model name")), platform.processor() or "unknown",
    )  # fmt: skip
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    return f"cores={os.cpu_count()} ram_gb={memory_kb / 1024 / 1024:.1f} cpu={model!r} load={load}"


def cpu_seconds(pid: int, reaped: bool = False) -> float:
    """User and system CPU time a process has used (and its children it waited for)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    if reaped:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / CLK_TCK


def postgres_cpu(postgres: PostgresCluster) -> float:
    """CPU time of the PostgreSQL server: the postmaster, the backends it reaped (a request's
    connection lasts one request) and those alive."""
    leader = int((postgres.data / "postmaster.pid").read_text().split()[0])
    total = cpu_seconds(leader, reaped=True)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == leader:
                total += (int(fields[11]) + int(fields[12])) / CLK_TCK
        except (OSError, ValueError, IndexError):
            continue
    return total


def cpu_now(servers: list[Daphne], postgres: PostgresCluster, redis: RedisServer) -> dict:
    """CPU seconds used so far by each part of the setup, this bench's clients included."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    out = {f"daphne:{s.port}": cpu_seconds(s.pid) for s in servers}
    out["postgres"] = postgres_cpu(postgres)
    out["redis"] = cpu_seconds(redis.process.pid)
    out["clients"] = own.ru_utime + own.ru_stime
    return out


def raise_open_files(wanted: int) -> None:
    """Every socket is a file descriptor, here and in each daphne (which inherit this)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))


def production_env(postgres: PostgresCluster, redis: RedisServer, var: Path) -> dict[str, str]:
    """docs/operations.md, "Running in production", on loopback without TLS."""
    (var / "static").mkdir(exist_ok=True)
    return {
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "HTTPS": "0",  # no TLS on loopback
        "SECURE_COOKIES": "0",
        "DATABASE_URL": postgres.database_url("pgweb"),
        "REDIS_URL": redis.url,
        "CACHE_URL": redis.db_url(1),
        "PGWEB_VAR_DIR": str(var),
        "STATIC_ROOT": str(var / "static"),
        "LOG_LEVEL": "WARNING",
        "PGWEB_RATE_GUEST": "1000000/hour",  # a thousand guests from one address
    }


class Tally:
    """What the soak measured."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.commands = 0
        self.lost = 0
        self.errors: Counter[str] = Counter()
        self.finished = 0
        self.timeline: list[tuple[float, float, float]] = []  # sent, answered, last (wall)

    def error(self, kind: str) -> None:
        self.errors[kind] += 1


class Table:
    """One game being played: two players' sockets and the spectators'."""

    def __init__(self, n: int, axis: Person, allied: Person, watchers: list[Person],
                 servers: list[Daphne], rng: random.Random, tally: Tally):  # fmt: skip
        self.n, self.axis, self.allied, self.people = n, axis, allied, watchers
        self.servers, self.rng, self.tally = servers, rng, tally
        self.players: dict[str, GameClient] = {}
        self.clients: list[GameClient] = []
        self.game_id = ""

    def _client(self, person: Person, k: int, seat: str | None = None) -> GameClient:
        # A round-robin proxy: each socket to the next process, the others as fallbacks.
        servers = self.servers[k % len(self.servers):] + self.servers[: k % len(self.servers)]
        return GameClient(person, self.game_id, servers, heal=False, seat=seat,
                          heartbeat=PING_EVERY, first_server=0)  # fmt: skip

    async def open(self, connecting: asyncio.Semaphore) -> None:
        self.game_id = await asyncio.to_thread(open_game, self.axis, self.allied)
        k = self.n * (2 + len(self.people))
        self.players = {"ge-1": self._client(self.axis, k, "ge-1"),
                        "su-1": self._client(self.allied, k + 1, "su-1")}  # fmt: skip
        watchers = [self._client(p, k + 2 + i) for i, p in enumerate(self.people)]
        self.clients = [*self.players.values(), *watchers]
        for client in self.clients:
            async with connecting:
                await client.start(timeout=WAIT)

    async def play(self, deadline: float, think: float, connecting: asyncio.Semaphore) -> None:
        """Random legal commands until the deadline; a finished game is checked and replaced.

        Each game's first command waits a random share of one think: a hundred games
        sending their first command in the same instant measured a queue nobody meets (50
        commands on one process's command thread, the last answered after a second)."""
        await asyncio.sleep(think * self.rng.random())
        while time.monotonic() < deadline:
            choices = sorted(s for s, c in self.players.items() if c.legal())
            if not choices:  # the game is over
                self.tally.finished += 1
                await self.check()
                await self.close()
                await self.open(connecting)
                continue
            player = self.players[self.rng.choice(choices)]
            groups = player.legal()
            command = self.rng.choice(groups[self.rng.choice(sorted(groups))])
            sent, sent_wall = time.monotonic(), time.time()
            try:
                answer = await player.command(command, timeout=WAIT)
            except AssertionError:
                self.tally.error("command unanswered")
                return
            if answer["t"] != "ack":
                self.tally.error(f"reject {answer.get('code')}")
                await self.follow(max(c.version or 0 for c in self.clients))
                continue
            self.tally.commands += 1
            answered = time.time()
            if not await self.follow(answer["v"]):
                return
            latency = max(c.arrivals[answer["v"]] for c in self.clients) - sent
            self.tally.latencies.append(latency)
            self.tally.timeline.append((sent_wall, answered, sent_wall + latency))
            await asyncio.sleep(think * self.rng.uniform(0.5, 1.5))

    async def follow(self, version: int) -> bool:
        """Wait until every socket of the game holds `version`; False (an error) if one
        does not within WAIT seconds."""
        try:
            await asyncio.gather(*(c.at(version, timeout=WAIT) for c in self.clients))
            return True
        except AssertionError:
            self.tally.error("version not delivered")
            return False

    async def check(self) -> None:
        """After one last ping, every socket applied every version since its first view, and
        holds the view a fresh snapshot gives."""
        status, game = await asyncio.to_thread(
            self.axis.call, "GET", f"/api/v1/games/{self.game_id}"
        )
        if status != 200:
            self.tally.error(f"GET game {status}")
            return
        version = game["version"]
        for client in self.clients:
            try:
                await client.ping(timeout=WAIT)
                await client.at(version, timeout=5)
            except AssertionError:
                pass  # counted below as lost frames
            self.tally.lost += len(missing_versions(client, version))
            if client.gaps:
                self.tally.error("gap reached a socket")
            status, frame = await asyncio.to_thread(
                client.person.call, "GET", f"/api/v1/games/{self.game_id}/view"
            )
            if status != 200 or frame["v"] != version or frame["d"] != client.view:
                self.tally.error("final view differs from a fresh snapshot")
            for code in client.closes:
                self.tally.error(f"socket closed {code}")
            for frame in client.errors:
                self.tally.error(f"error frame {frame.get('code')}")

    async def close(self) -> None:
        for client in self.clients:
            await client.stop()


class IdleTable(Table):
    """A game nobody moves, watched by spectators whose sockets only ping."""

    async def open(self, connecting: asyncio.Semaphore) -> None:
        self.game_id = await asyncio.to_thread(open_game, self.axis, self.allied)
        k = self.n * IDLE_PER_GAME
        self.clients = [self._client(p, k + i) for i, p in enumerate(self.people)]
        for client in self.clients:
            async with connecting:
                await client.start(timeout=WAIT)


async def open_idle(args: argparse.Namespace, servers: list[Daphne], tally: Tally,
                    connecting: asyncio.Semaphore) -> list[IdleTable]:  # fmt: skip
    """The --idle-sockets: games nobody moves, each with up to IDLE_PER_GAME spectators."""
    if args.idle_sockets <= 0:
        return []
    games = -(-args.idle_sockets // IDLE_PER_GAME)
    people = await asyncio.gather(*(
        asyncio.to_thread(Person, servers[i % len(servers)].base, 30)
        for i in range(2 * games + min(IDLE_PEOPLE, args.idle_sockets))
    ))  # fmt: skip
    players, watchers = people[: 2 * games], people[2 * games :]
    tables = []
    for n in range(games):
        count = min(IDLE_PER_GAME, args.idle_sockets - n * IDLE_PER_GAME)
        chosen = [watchers[(n * IDLE_PER_GAME + i) % len(watchers)] for i in range(count)]
        tables.append(IdleTable(n, players[2 * n], players[2 * n + 1], chosen, servers,
                                random.Random(n), tally))  # fmt: skip
    await asyncio.gather(*(t.open(connecting) for t in tables))
    return tables


async def soak(args: argparse.Namespace, servers: list[Daphne], postgres: PostgresCluster,
               redis: RedisServer) -> str:  # fmt: skip
    """Set the games up, play them until the deadline, check them; the summary line."""
    loop = asyncio.get_running_loop()
    loop.set_default_executor(ThreadPoolExecutor(max_workers=16))
    rng = random.Random(args.seed)
    tally = Tally()
    per_game = 2 + args.spectators
    started = time.monotonic()
    people = await asyncio.gather(*(
        asyncio.to_thread(Person, servers[i % len(servers)].base, 30)
        for i in range(args.games * per_game)
    ))  # fmt: skip
    say(f"setup: {len(people)} guests signed in in {time.monotonic() - started:.0f}s")
    tables = [
        Table(n, people[n * per_game], people[n * per_game + 1],
              people[n * per_game + 2:(n + 1) * per_game], servers,
              random.Random(rng.random()), tally)
        for n in range(args.games)
    ]  # fmt: skip
    connecting = asyncio.Semaphore(32)
    await asyncio.gather(*(t.open(connecting) for t in tables))
    idle = await open_idle(args, servers, tally, connecting)
    idle_sockets = sum(len(t.clients) for t in idle)
    sockets = sum(len(t.clients) for t in tables) + idle_sockets
    say(f"setup: {len(tables)} games and {sockets} sockets open ({len(idle)} idle games with "
        f"{idle_sockets} spectators) after {time.monotonic() - started:.0f}s")  # fmt: skip
    rss_start = {s.port: s.rss_mb() for s in servers}
    cpu_start = cpu_now(servers, postgres, redis)

    begun = time.monotonic()
    deadline = begun + args.minutes * 60
    rss_mid: dict[int, float] = {}
    rss_late: dict[int, float] = {}

    async def sample_midway() -> None:
        """Memory a third of the way in (the processes' caches, 512 states and views each in
        games.engine_adapter, are full by then) and two thirds: what grows in the last third
        is what keeps growing."""
        await asyncio.sleep(args.minutes * 20)
        rss_mid.update({s.port: s.rss_mb() for s in servers})
        await asyncio.sleep(args.minutes * 20)
        rss_late.update({s.port: s.rss_mb() for s in servers})

    midway = asyncio.create_task(sample_midway())
    await asyncio.gather(*(t.play(deadline, args.think, connecting) for t in tables))
    await midway
    elapsed = time.monotonic() - begun
    cpu_end = cpu_now(servers, postgres, redis)
    say("cpu: " + " ".join(
        f"{part}={(cpu_end[part] - cpu_start[part]) / elapsed:.2f}" for part in cpu_start
    ) + " (cores busy on average while playing)")  # fmt: skip
    say(f"played: {tally.commands} commands in {elapsed:.0f}s, {tally.finished} games finished "
        f"and replaced; load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    rss_end = {s.port: s.rss_mb() for s in servers}  # before the checks' own requests
    await asyncio.gather(*(t.check() for t in [*tables, *idle]))
    for server in servers:
        say(f"process: port={server.port} rss_start_mb={rss_start[server.port]:.0f} "
            f"rss_third_mb={rss_mid[server.port]:.0f} "
            f"rss_two_thirds_mb={rss_late[server.port]:.0f} "
            f"rss_end_mb={rss_end[server.port]:.0f}")  # fmt: skip
    last_third = {port: rss_end[port] - rss_late[port] for port in rss_end}
    say("memory: last_third_growth_mb=" + ",".join(f"{g:.1f}" for g in last_third.values())
        + f" (per process; most {max(last_third.values()):.1f})")  # fmt: skip
    for kind, count in tally.errors.most_common():
        say(f"error: {count} x {kind}")
    if args.diagnose:
        names = {s.pid: f"daphne:{s.port}" for s in servers} | {os.getpid(): "clients"}
        lines, stalls = soakdiag.read(args.diagnose, names)
        for line in lines + soakdiag.blame(tally.timeline, stalls):
            say(line)
    await asyncio.gather(*(t.close() for t in [*tables, *idle]))
    latencies = sorted(tally.latencies) or [0.0]
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    growth = sum(rss_end.values()) - sum(rss_start.values())
    return (
        f"soak: games={len(tables)} sockets={sockets} processes={len(servers)} "
        f"commands_per_s={tally.commands / elapsed:.1f} "
        f"p50_ms={statistics.median(latencies) * 1000:.0f} p99_ms={p99 * 1000:.0f} "
        f"lost_frames={tally.lost} errors={sum(tally.errors.values())} "
        f"rss_growth_mb={growth:.0f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--spectators", type=int, default=8, help="per game")
    parser.add_argument("--idle-sockets", type=int, default=0,
                        help="spectators' sockets on games nobody moves, in all")  # fmt: skip
    parser.add_argument("--processes", type=int, default=2, help="daphne processes")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds between a version reaching a game's sockets "
                             "and that game's next command")  # fmt: skip
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--diagnose", action="store_true",
                        help="record every process's garbage collections and event-loop "
                             "lags and match them with the slowest commands (bench/apps/soakdiag.py)")
    parser.add_argument("--smoke", action="store_true",
                        help="seconds, tiny sizes: 2 games, one spectator each, one daphne, "
                             "6 s of play (make test checks the last line)")
    args = parser.parse_args(argv)
    if args.smoke:  # its CPU is mostly the play: a few dozen commands show the bench runs
        args.minutes, args.games, args.spectators, args.processes = 0.1, 2, 1, 1
        args.think = 0.2
    bindir = postgres_bin()
    if bindir is None:
        say("soak: PostgreSQL (initdb, pg_ctl) is not installed")
        return 2
    sockets = args.games * (2 + args.spectators) + args.idle_sockets
    raise_open_files(4 * sockets + 1024)
    say(f"machine: {machine()}")
    with tempfile.TemporaryDirectory(prefix="pgweb-soak-") as tmp, ExitStack() as stack:
        work = Path(tmp)
        work.chmod(0o755)  # the postgres user must reach its folder inside
        postgres = PostgresCluster(work, bindir, say=say, max_connections=300).init().start()
        stack.callback(postgres.stop)
        redis = RedisServer(work, say=say).start()
        stack.callback(redis.stop)
        env = production_env(postgres, redis, work)
        with psycopg.connect(postgres.url, autocommit=True) as admin:
            admin.execute("CREATE DATABASE pgweb")
        if not restore_migrated_postgres(bindir, env["DATABASE_URL"]):
            migrated = manage("migrate", "--noinput", env=env, timeout=600)
            assert migrated.returncode == 0, migrated.stderr
        if args.diagnose:
            args.diagnose = work / "diagnose"
            args.diagnose.mkdir()
            env = env | soakdiag.server_env(args.diagnose)
            soakdiag.record_here(args.diagnose)
        servers = start_daphnes(env, work, args.processes)
        for server in servers:
            stack.callback(server.kill)
        say(f"services: PostgreSQL, Redis, {len(servers)} daphne processes "
            f"({', '.join(str(s.port) for s in servers)})")  # fmt: skip
        summary = asyncio.run(soak(args, servers, postgres, redis))
    say(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
