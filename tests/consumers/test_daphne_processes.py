"""Real daphne processes sharing PostgreSQL and Redis: every frame reaches sockets on both,
and a restart mid-game loses no acknowledged command."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.request
import uuid
from http.cookiejar import CookieJar
from pathlib import Path

import psycopg
import pytest
import websockets

from games.patch import apply_patch
from tests.conftest import create_database, database_url, drop_database
from tests.servicekit import Daphne

pytestmark = [pytest.mark.redis, pytest.mark.postgres]

SCENARIO = "meeting-at-kessel"


def shared_env(database: str, redis: str, var_dir: Path) -> dict[str, str]:
    """The environment every daphne of a test shares: one database, one Redis."""
    return {
        "DEBUG": "1",
        "SECRET_KEY": "daphne-processes-test-key",
        "DATABASE_URL": database,
        "REDIS_URL": redis,
        "PGWEB_VAR_DIR": str(var_dir),
        "LOG_LEVEL": "WARNING",
        # scripted clients, not people: the frame limit is tested in test_socket_flood.py
        "PGWEB_SOCKET_FRAMES_PER_SECOND": "10000",
        "PGWEB_SOCKET_FRAMES_BURST": "10000",
    }


@pytest.fixture
def server_env(fresh_postgres: str, redis_url: str, tmp_path: Path) -> dict[str, str]:
    """A fresh migrated PostgreSQL database and the environment every daphne shares."""
    return shared_env(fresh_postgres, redis_url, tmp_path)


@pytest.fixture
def daphnes(server_env, tmp_path):
    """Start daphne processes of the test's own (on a port given: a restart), killed after
    it."""
    started: list[Daphne] = []

    def start(port: int | None = None) -> Daphne:
        d = Daphne(server_env, tmp_path / f"daphne-{len(started)}.log", port).start()
        started.append(d)
        return d

    yield start
    for d in started:
        d.kill()


@pytest.fixture(scope="module")
def served(postgres_url: str, migrated_postgres: str, redis_url: str,
           tmp_path_factory: pytest.TempPathFactory):
    """Two daphne processes on one fresh database, started once for the tests that neither
    stop them nor need an empty database (a start costs seconds of CPU); each such test
    opens games of its own. The database's URL and the two servers."""
    name = f"pgweb_test_{uuid.uuid4().hex[:10]}"
    create_database(postgres_url, name, template=migrated_postgres)
    folder = tmp_path_factory.mktemp("daphne-processes")
    env = shared_env(database_url(postgres_url, name), redis_url, folder)
    servers = [Daphne(env, folder / f"daphne-{n}.log").launch() for n in range(2)]
    try:
        for server in servers:  # both start at once, then each is waited for
            server.ready()
        yield database_url(postgres_url, name), servers
    finally:
        for server in servers:
            server.kill()
        drop_database(postgres_url, name)


class Browser:
    """One person's cookies, for the REST API and the sockets."""

    def __init__(self, base: str):
        self.base = base
        self.jar = CookieJar()
        self.http = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.call("GET", "/api/v1/auth/session")
        assert self.call("POST", "/api/v1/auth/guest")[0] == 201

    def cookie(self, name: str) -> str:
        return next(c.value for c in self.jar if c.name == name)

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        data = json.dumps(body or {}).encode() if method != "GET" else None
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if method != "GET":
            request.add_header("X-CSRFToken", self.cookie("csrftoken"))
            request.add_header("Referer", self.base + "/")
        try:
            with self.http.open(request, timeout=10) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"null")

    async def socket(self, server: Daphne, game_id: str, v: int | None = None) -> Sock:
        url = f"ws://127.0.0.1:{server.port}/ws/games/{game_id}/v1/" + (f"?v={v}" if v else "")
        headers = {"Cookie": f"sessionid={self.cookie('sessionid')}", "Origin": server.base}
        return Sock(await websockets.connect(url, additional_headers=headers))


class Sock:
    """A socket that rebuilds its audience's view from the frames, checking versions."""

    def __init__(self, ws):
        self.ws, self.view, self.version, self.versions = ws, None, None, []
        self.answers: dict[int, dict] = {}

    async def pump(self, until, timeout: float = 10) -> None:
        async with asyncio.timeout(timeout):
            while not until():
                frame = json.loads(await self.ws.recv())
                if frame["t"] == "snapshot":
                    self.view, self.version = frame["d"], frame["v"]
                    self.versions.append(frame["v"])
                elif frame["t"] in ("patch", "tick"):
                    assert frame["v"] == self.version + 1, (self.version, frame["v"])
                    if frame["t"] == "patch":
                        self.view = apply_patch(self.view, frame["d"]["ops"])
                    self.version = frame["v"]
                    self.versions.append(frame["v"])
                elif frame["t"] in ("ack", "reject"):
                    self.answers[frame["id"]] = frame

    async def at(self, v: int) -> None:
        await self.pump(lambda: self.version is not None and self.version >= v)

    async def command(self, cid: int, command: dict, v: int | None = None) -> dict:
        base = self.version if v is None else v
        await self.ws.send(json.dumps({"t": "cmd", "id": cid, "v": base, "d": command}))
        await self.pump(lambda: cid in self.answers)
        return self.answers[cid]


def legal(view: dict, seat: str) -> dict:
    return view.get("legal", {}).get(seat, {})


async def play(rng, socks: dict[str, Sock], everyone: list[Sock], steps: int, first_id: int):
    """Random legal commands from whichever seat may act; everyone follows each version."""
    for n in range(first_id, first_id + steps):
        choices = [(s, legal(sock.view, s)) for s, sock in socks.items() if legal(sock.view, s)]
        if not choices:
            return
        seat, groups = rng.choice(choices)
        answer = await socks[seat].command(n, rng.choice(groups[rng.choice(sorted(groups))]))
        assert answer["t"] == "ack", answer
        for sock in everyone:
            await sock.at(answer["v"])


def open_game(ann: Browser, bob: Browser) -> str:
    status, game = ann.call("POST", "/api/v1/games", {"scenario": SCENARIO, "side": "ge"})
    assert status == 201, game
    assert bob.call("POST", f"/api/v1/games/{game['id']}/join", {"side": "su"})[0] == 200
    return game["id"]


async def test_two_daphne_processes_sharing_redis_deliver_every_frame_to_both(served):
    _database, (a, b) = served
    ann, bob, sam = Browser(a.base), Browser(b.base), Browser(a.base)
    game_id = open_game(ann, bob)
    ann_sock, bob_sock = await ann.socket(a, game_id), await bob.socket(b, game_id)
    watchers = [await sam.socket(a, game_id), await sam.socket(b, game_id)]
    everyone = [ann_sock, bob_sock, *watchers]
    for sock in everyone:
        await sock.at(1)
    await play(random.Random(1), {"ge-1": ann_sock, "su-1": bob_sock}, everyone, 25, 1)
    last = ann_sock.version
    assert last > 10
    for sock in everyone:
        assert sock.versions == list(range(1, last + 1))
    assert watchers[0].view == watchers[1].view
    for sock in everyone:
        await sock.ws.close()


async def test_a_restart_mid_game_loses_no_acknowledged_command_and_clients_resync(daphnes):
    server = daphnes()
    ann, bob = Browser(server.base), Browser(server.base)
    game_id = open_game(ann, bob)
    ann_sock, bob_sock = await ann.socket(server, game_id), await bob.socket(server, game_id)
    socks = {"ge-1": ann_sock, "su-1": bob_sock}
    for sock in socks.values():
        await sock.at(1)
    rng = random.Random(2)
    await play(rng, socks, list(socks.values()), 10, 1)
    seat = next(s for s, sock in socks.items() if legal(sock.view, s))
    groups = legal(socks[seat].view, seat)
    command = groups[sorted(groups)[0]][0]
    acked = await socks[seat].command(100, command)
    assert acked["t"] == "ack"
    bob_had = bob_sock.version  # may lag behind the ack: it is killed now

    server.kill()
    server = daphnes(server.port)

    status, game = ann.call("GET", f"/api/v1/games/{game_id}")
    assert status == 200 and game["version"] == acked["v"]
    # Bob's browser reconnects with the version it has and is brought up to date.
    bob_again = await bob.socket(server, game_id, v=bob_had)
    bob_again.view, bob_again.version = bob_sock.view, bob_had
    await bob_again.at(acked["v"])
    assert bob_again.view == bob.call("GET", f"/api/v1/games/{game_id}/view")[1]["d"]
    # The resent command (same id, original base version) is acknowledged, not applied again.
    sender = bob_again if seat == "su-1" else await ann.socket(server, game_id)
    assert await sender.command(100, command, v=acked["v"] - 1) == acked
    assert ann.call("GET", f"/api/v1/games/{game_id}")[1]["version"] == acked["v"]
    for sock in {sender, bob_again}:
        await sock.ws.close()


async def test_a_frame_over_the_size_limit_is_closed_with_1009_on_every_socket(served):
    _database, (server, _other) = served
    ann, bob = Browser(server.base), Browser(server.base)
    game_id = open_game(ann, bob)
    headers = {"Cookie": f"sessionid={ann.cookie('sessionid')}", "Origin": server.base}
    too_big = json.dumps({"t": "ping", "pad": "x" * (1024 * 1024)})  # daphne's limit: 1 MiB
    for path in (f"/ws/games/{game_id}/v1/", "/ws/lobby/v1/", "/ws/notifications/v1/"):
        ws = await websockets.connect(f"ws://127.0.0.1:{server.port}{path}",
                                      additional_headers=headers)  # fmt: skip
        await ws.send(too_big)
        with pytest.raises(websockets.ConnectionClosed):
            async with asyncio.timeout(10):
                while True:
                    await ws.recv()
        assert ws.close_code == 1009, (path, ws.close_code, ws.close_reason)
        assert "exceeds payload limit" in ws.close_reason
    # The server was not left sending into closed connections (its log is the module's).
    assert "Attempt to send on a closed protocol" not in server.log.read_text(errors="replace")


async def test_nul_and_lone_surrogates_are_refused_on_postgresql_and_nothing_is_stored(
        served):
    database, (server, _other) = served
    ann, bob = Browser(server.base), Browser(server.base)
    game_id = open_game(ann, bob)
    with psycopg.connect(database) as db:  # the module's other tests opened games too
        games_before = db.execute("SELECT count(*) FROM games_game").fetchone()[0]
    sock = await ann.socket(server, game_id)
    await sock.at(1)
    chat = '{"t":"chat","d":{"channel":"players","text":"TEXT"}}'
    for frame in (chat.replace("TEXT", "x\\udc00"), chat.replace("TEXT", "hi \\u0000"),
                  '{"t":"cmd","id":1,"v":1,"s":"x\\udc00","d":{"type":"roll_initiative"}}'):
        await sock.ws.send(frame)
        answer = None
        async with asyncio.timeout(10):
            while answer is None or answer["t"] not in ("error", "chat", "ack", "reject"):
                answer = json.loads(await sock.ws.recv())
        assert (answer["t"], answer.get("code")) == ("error", "frame/bad_text"), frame
    await sock.ws.send(json.dumps({"t": "ping"}))
    async with asyncio.timeout(10):
        while json.loads(await sock.ws.recv())["t"] != "pong":
            pass
    # The REST API refuses them too, with JSON, on the same database.
    for body in ({"scenario": SCENARIO, "side": "ge", "optional_rules": ["x\udc00"]},
                 {"scenario": SCENARIO + "\x00", "side": "ge"}):  # fmt: skip
        status, answer = ann.call("POST", "/api/v1/games", body)
        assert (status, answer["code"]) == (400, "request/bad_text")
    with psycopg.connect(database) as db:
        assert db.execute("SELECT count(*) FROM games_chatmessage WHERE game_id = %s",
                          (game_id,)).fetchone()[0] == 0
        assert db.execute("SELECT count(*) FROM games_game").fetchone()[0] == games_before
    await sock.ws.close()
