"""Benchmark the game's broadcast: from sending a command to the last socket's frame.

Starts daphne on a fresh SQLite file (WAL), first with the in-memory channel layer, then with
Redis (a private redis-server on a free port, or REDIS_URL), opens one game of the learning
scenario with two players and 20, then 200, spectators, and plays random legal commands
taken from the players' own views. Per run it prints

  broadcast: layer=L clients=N commands=C p50_ms=X p99_ms=Y cpu_ms_per_command=Z backend=B
  baseline: layer=L clients=N messages=C p50_ms=X p99_ms=Y cpu_ms_per_message=Z backend=B

where the latency runs from sending a command to the last client receiving that version's
frame, cpu_ms_per_command is daphne's CPU time (user + system) per command, and the baseline
is a bare Channels group echo (bench/apps/echo_asgi.py) with as many sockets. B is the channel
layer class: for `redis`, channels_redis's pub/sub layer unless CHANNEL_LAYER_BACKEND says
otherwise; `redis-core` and `redis-pubsub` choose one. A last line

  service: commands=C p50_ms=X p99_ms=Y cpu_p50_ms=A cpu_p99_ms=B

times `command_submit` in this process: rules, database, every audience's view, patch and
encoding; everything but the channel layer and the sockets. cpu_ is this process's CPU time
per command, which other work on a shared machine stretches far less than the wall time.
`--parts` prints a `parts:` line before it: the same commands' mean CPU milliseconds split
by part, the first five left out (bench/apps/command_parts.py).

Run: .venv/bin/python bench/broadcast.py [--commands N] [--clients 22,202]
     [--layers memory,redis,redis-core] [--parts] [--smoke]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from http.cookiejar import CookieJar
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.apps.command_parts import CommandParts  # noqa: E402
from bench.apps.migrated import start_from_migrated  # noqa: E402

BIN = Path(sys.executable).parent
SCENARIO = "meeting-at-kessel"
CLK_TCK = os.sysconf("SC_CLK_TCK")
# `--parts` leaves out the first commands: the seeded game's third loads the move tables
# (about 200 ms of CPU once per process), which would add 1 ms to every part's mean.
PARTS_WARM = 5
BACKENDS = {"pubsub": "RedisPubSubChannelLayer", "core": "RedisChannelLayer"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_port(port: int, process: subprocess.Popen, what: str) -> None:
    deadline = time.monotonic() + 120  # a daphne starting beside a busy test suite is slow
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{what} did not listen on {port}")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK  # utime + stime


@contextmanager
def redis_server(workdir: Path):
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    if not shutil.which("redis-server"):
        yield None
        return
    port = free_port()
    process = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--dir", str(workdir)],
        stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        wait_port(port, process, "redis-server")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(timeout=10)


@contextmanager
def daphne(env: dict[str, str], app: str, log: Path, extra_path: str = ""):
    port = free_port()
    full_env = {**os.environ, **env}
    if extra_path:
        full_env["PYTHONPATH"] = extra_path + os.pathsep + full_env.get("PYTHONPATH", "")
    with open(log, "ab") as out:
        process = subprocess.Popen(
            [str(BIN / "daphne"), "-b", "127.0.0.1", "-p", str(port), app],
            cwd=ROOT, env=full_env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        wait_port(port, process, "daphne")
        yield port, process.pid
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


class Browser:
    """A person's cookies for the REST API and the sockets."""

    def __init__(self, base: str):
        self.base, self.jar = base, CookieJar()
        self.http = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.call("GET", "/api/v1/auth/session")
        self.call("POST", "/api/v1/auth/guest")

    def cookie(self, name: str) -> str:
        return next(c.value for c in self.jar if c.name == name)

    def call(self, method: str, path: str, body: dict | None = None) -> dict:
        data = json.dumps(body or {}).encode() if method != "GET" else None
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if method != "GET":
            request.add_header("X-CSRFToken", self.cookie("csrftoken"))
        with self.http.open(request, timeout=30) as response:
            return json.loads(response.read() or b"null")

    def headers(self) -> dict:
        return {"Cookie": f"sessionid={self.cookie('sessionid')}", "Origin": self.base}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Client:
    """One socket: records when each version's frame arrived; players keep their view."""

    def __init__(self, ws, keep_view: bool):
        self.ws, self.keep_view = ws, keep_view
        self.arrived: dict[int, float] = {}
        self.answers: dict[int, dict] = {}
        self.view: dict | None = None
        self.version = 0
        self.event = asyncio.Event()

    async def run(self) -> None:
        from games.patch import apply_patch

        try:
            async for text in self.ws:
                now = time.perf_counter()
                frame = json.loads(text)
                t = frame["t"]
                if t in ("snapshot", "patch", "tick"):
                    self.arrived[frame["v"]] = now
                    if self.keep_view:
                        if t == "snapshot":
                            self.view = frame["d"]
                        elif t == "patch":
                            self.view = apply_patch(self.view, frame["d"]["ops"])
                    self.version = frame["v"]
                elif t in ("ack", "reject"):
                    self.answers[frame["id"]] = frame
                self.event.set()
        except websockets.ConnectionClosed:
            pass

    async def wait(self, check, timeout: float = 30) -> None:
        async with asyncio.timeout(timeout):
            while not check():
                self.event.clear()
                await self.event.wait()


async def connect(url: str, headers: dict, keep_view: bool) -> Client:
    ws = await websockets.connect(url, additional_headers=headers, max_size=None)
    client = Client(ws, keep_view)
    client.task = asyncio.create_task(client.run())
    return client


async def game_run(port: int, pid: int, spectators: int, commands: int, seed: int) -> dict:
    base = f"http://127.0.0.1:{port}"
    ann, bob, sam = Browser(base), Browser(base), Browser(base)
    game = ann.call("POST", "/api/v1/games", {"scenario": SCENARIO, "side": "ge"})
    bob.call("POST", f"/api/v1/games/{game['id']}/join", {"side": "su"})
    url = f"ws://127.0.0.1:{port}/ws/games/{game['id']}/v1/"
    players = {
        "ge-1": await connect(url, ann.headers(), True),
        "su-1": await connect(url, bob.headers(), True),
    }
    watchers = [await connect(url, sam.headers(), False) for _ in range(spectators)]
    everyone = [*players.values(), *watchers]
    for client in everyone:
        await client.wait(lambda c=client: c.version >= 1)
    await asyncio.sleep(1.0)  # let the presence frames of the joins settle
    rng = random.Random(seed)
    latencies: list[float] = []
    cpu0 = cpu_seconds(pid)
    done = 0
    for n in range(1, commands + 1):
        choices = []
        for seat, client in players.items():
            legal = [c for cs in client.view.get("legal", {}).get(seat, {}).values() for c in cs]
            if legal:
                choices.append((seat, legal))
        if not choices:
            break  # the game has ended
        seat, legal = rng.choice(choices)
        sender = players[seat]
        base_version = sender.version
        sent = time.perf_counter()
        await sender.ws.send(json.dumps({"t": "cmd", "id": n, "v": base_version,
                                         "d": rng.choice(legal)}))  # fmt: skip
        await sender.wait(lambda s=sender, n=n: n in s.answers)
        answer = sender.answers[n]
        if answer["t"] != "ack":
            raise RuntimeError(f"command refused: {answer}")
        v = answer["v"]
        for client in everyone:
            await client.wait(lambda c=client, v=v: v in c.arrived)
        latencies.append((max(c.arrived[v] for c in everyone) - sent) * 1000)
        done += 1
        for client in players.values():
            await client.wait(lambda c=client, v=v: c.version >= v)
    cpu = cpu_seconds(pid) - cpu0
    for client in everyone:
        await client.ws.close()
    return {"commands": done, "latencies": latencies, "cpu_ms": cpu * 1000 / max(done, 1)}


async def echo_run(port: int, pid: int, clients: int, messages: int) -> tuple[list[float], float]:
    url = f"ws://127.0.0.1:{port}/ws/echo/"
    sockets = [await websockets.connect(url, max_size=None) for _ in range(clients)]
    latencies = []
    cpu0 = cpu_seconds(pid)
    try:
        for n in range(messages):
            text = json.dumps({"t": "tick", "v": n})
            sent = time.perf_counter()
            await sockets[n % 2].send(text)
            await asyncio.gather(*(ws.recv() for ws in sockets))
            latencies.append((time.perf_counter() - sent) * 1000)
    finally:
        cpu = cpu_seconds(pid) - cpu0
        for ws in sockets:
            await ws.close()
    return latencies, cpu * 1000 / max(len(latencies), 1)


def migrated_database(workdir: Path) -> Path:
    """One migrated SQLite file for the whole run; each run of the server starts from a copy
    (migrating is seconds of CPU, the same for every run). A smoke run is handed one migrated
    for all the smoke runs (bench/apps/migrated.py) and takes a copy of that."""
    template = workdir / "migrated.sqlite3"
    if start_from_migrated(f"sqlite:///{template}"):
        return template
    env = {"DATABASE_URL": f"sqlite:///{template}", "PGWEB_VAR_DIR": str(workdir),
           "SECRET_KEY": "bench-not-secret"}  # fmt: skip
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=ROOT, env={**os.environ, **env}, check=True,
    )  # fmt: skip
    return template


def service_timing(
    workdir: Path, database: Path, commands: int, parts: CommandParts | None = None
) -> tuple[list[float], list[float]]:
    """Time command_submit in this process: rules, database and views, no sockets; each
    command's wall and CPU milliseconds. `database` is a migrated SQLite file of its own;
    `parts`, when given, is installed to split the CPU time by part."""
    os.environ.update(
        DJANGO_SETTINGS_MODULE="pgweb.settings",
        DATABASE_URL=f"sqlite:///{database}",
        PGWEB_VAR_DIR=str(workdir),
        # Production's setting, as the daphne runs above have it: with DEBUG on, Django's
        # debug cursor records every statement with its parameters, which on SQLite is a
        # second query quoting each of them (the state's 20-odd KB among them).
        DEBUG="0",
        SECRET_KEY="bench-not-secret",
    )
    os.environ.pop("REDIS_URL", None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from games import broadcast, services
    from games import engine_adapter as engine

    # Frames are built as in the server; only the hand-over to the channel layer is left
    # out, so this line is the rules, the database and the views.
    broadcast.send = lambda messages: None
    if parts is not None:
        parts.install()
    from games.models import Seat

    users = [get_user_model().objects.create_user(f"bench{i}") for i in range(2)]
    game = services.game_create(user=users[0], scenario=SCENARIO, side="ge")
    services.game_join(game=game, user=users[1], side="su")
    seats = {s.seat_id: s for s in Seat.objects.select_related("side").filter(game=game)}
    rng = random.Random(5)
    times, cpu = [], []
    for n in range(commands):
        game.refresh_from_db()
        if game.status != "active":
            break
        state = engine.decode_state(game.pk, game.version, game.state)
        legal_before = parts.spent.get("legal", 0.0) if parts is not None else 0.0
        choices = [(s, engine.legal_for(state, s)) for s in seats]
        if parts is not None:  # the choice's own legal commands are not the command's
            parts.spent["legal"] = legal_before
        seat, legal = rng.choice([c for c in choices if c[1]])
        command = rng.choice(legal)
        start, start_cpu = time.perf_counter(), time.process_time()
        outcome = services.command_submit(
            game=game, seat=seats[seat], command=command, base_version=game.version, client_id=n
        )
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        assert outcome.ok, outcome
        if parts is not None and n == PARTS_WARM - 1:
            parts.reset()  # the first commands load the scenario's tables and caches, once
    return times, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=200)
    parser.add_argument(
        "--clients", default="22,202", help="sockets per run: 2 players + spectators"
    )
    parser.add_argument("--layers", default="memory,redis")
    parser.add_argument("--parts", action="store_true",
                        help="also split the service's CPU time by part (a `parts:` line "
                             "before the `service:` line)")
    parser.add_argument("--smoke", action="store_true",
                        help="seconds, tiny sizes: 5 commands, one spectator, one layer: "
                             "Redis's when there is a Redis, else the in-memory one "
                             "(make test checks the last line)")
    args = parser.parse_args()
    if args.smoke:  # each layer is a server start of its own: one shows the bench still runs
        args.commands, args.clients, args.layers = 5, "3", "redis,memory"
    client_counts = [int(c) for c in args.clients.split(",")]

    with tempfile.TemporaryDirectory(prefix="pgweb-bench-") as tmp:
        workdir = Path(tmp)
        migrated = migrated_database(workdir)
        with redis_server(workdir) as redis_url:
            for name in args.layers.split(","):
                layer, _, backend = name.partition("-")
                if layer == "redis" and not redis_url:
                    print("broadcast: layer=redis skipped (no redis-server and no REDIS_URL)")
                    continue
                if layer == "redis":
                    backend = backend or os.environ.get("CHANNEL_LAYER_BACKEND", "pubsub")
                    label = BACKENDS[backend]
                else:
                    label = "InMemoryChannelLayer"
                for clients in client_counts:
                    run_dir = workdir / f"{name}-{clients}"
                    run_dir.mkdir()
                    env = {
                        "DEBUG": "0",
                        "SECRET_KEY": "bench-not-secret",
                        "ALLOWED_HOSTS": "127.0.0.1",
                        "SECURE_COOKIES": "0",
                        "HTTPS": "0",  # plain http on loopback: no redirect to https
                        "DATABASE_URL": f"sqlite:///{run_dir / 'db.sqlite3'}",
                        "PGWEB_VAR_DIR": str(run_dir),
                        "LOG_LEVEL": "WARNING",
                        # the bench's clients are scripts, not people: no frame limit
                        "PGWEB_SOCKET_FRAMES_PER_SECOND": "100000",
                        "PGWEB_SOCKET_FRAMES_BURST": "100000",
                        "REDIS_URL": redis_url if layer == "redis" else "",
                        "CHANNEL_LAYER_BACKEND": backend or "pubsub",
                    }
                    shutil.copyfile(migrated, run_dir / "db.sqlite3")
                    with daphne(env, "pgweb.asgi:application", run_dir / "daphne.log") as (
                        port,
                        pid,
                    ):
                        result = asyncio.run(
                            game_run(port, pid, clients - 2, args.commands, seed=clients)
                        )
                    lat = result["latencies"]
                    print(
                        f"broadcast: layer={layer} clients={clients} commands={result['commands']} "
                        f"p50_ms={statistics.median(lat):.1f} p99_ms={percentile(lat, 99):.1f} "
                        f"cpu_ms_per_command={result['cpu_ms']:.1f} backend={label}",
                        flush=True,
                    )
                    with daphne(env, "echo_asgi:application", run_dir / "echo.log",
                                extra_path=str(ROOT / "bench" / "apps")) as (port, pid):  # fmt: skip
                        lat, cpu_ms = asyncio.run(echo_run(port, pid, clients, args.commands))
                    print(
                        f"baseline: layer={layer} clients={clients} messages={len(lat)} "
                        f"p50_ms={statistics.median(lat):.1f} p99_ms={percentile(lat, 99):.1f} "
                        f"cpu_ms_per_message={cpu_ms:.1f} backend={label}",
                        flush=True,
                    )
                if args.smoke:
                    break  # one layer ran
        service_db = workdir / "service.sqlite3"
        shutil.copyfile(migrated, service_db)
        parts = CommandParts() if args.parts else None
        times, cpu = service_timing(workdir, service_db, args.commands, parts)
        if parts is not None:
            print(parts.line(len(cpu) - PARTS_WARM, sum(cpu[PARTS_WARM:])), flush=True)
        print(
            f"service: commands={len(times)} p50_ms={statistics.median(times):.1f} "
            f"p99_ms={percentile(times, 99):.1f} cpu_p50_ms={statistics.median(cpu):.1f} "
            f"cpu_p99_ms={percentile(cpu, 99):.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
