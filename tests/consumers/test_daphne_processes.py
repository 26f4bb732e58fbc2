"""Real daphne processes sharing PostgreSQL and Redis: every frame reaches sockets on both, a
restart mid-game loses no acknowledged command, and a bot whose every version both processes
hear acts once on each.

The tests share two daphne processes on one database (a start costs seconds of CPU); each
opens games of its own, and the restart is of one of them, on its own port."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.request
import uuid
from http.cookiejar import CookieJar
from pathlib import Path
from typing import NamedTuple

import psycopg
import pytest
import websockets

from games.botplay.models import BotAccount, BotClaim
from games.models import GameStep, Seat
from games.patch import apply_patch
from tests.conftest import create_database, database_url, drop_database, manage
from tests.consumers.conftest import brief
from tests.servicekit import Daphne, wait_for

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
        # The bot test's bot plays at once (its runner is on, as by default; the other
        # tests' games have no bot).
        "PGWEB_BOTS_RUN": "1",
        "PGWEB_BOT_PAUSE_SECONDS": "0.05",
        "PGWEB_BOT_STEP_SECONDS": "0.01",
    }


class Served(NamedTuple):
    database: str  # its URL
    servers: list[Daphne]
    env: dict[str, str]  # what both were started with


@pytest.fixture(scope="module")
def served(postgres_url: str, migrated_postgres: str, redis_url: str,
           tmp_path_factory: pytest.TempPathFactory):
    """Two daphne processes on one fresh database, started once for the module's tests (a
    start costs seconds of CPU); each test opens games of its own, and one that kills a
    server starts it again on its port."""
    name = f"pgweb_test_{uuid.uuid4().hex[:10]}"
    create_database(postgres_url, name, template=migrated_postgres)
    folder = tmp_path_factory.mktemp("daphne-processes")
    env = shared_env(database_url(postgres_url, name), redis_url, folder)
    servers = [Daphne(env, folder / f"daphne-{n}.log").launch() for n in range(2)]
    try:
        for server in servers:  # both start at once, then each is waited for
            server.ready()
        yield Served(database_url(postgres_url, name), servers, env)
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
    a, b = served.servers
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


async def test_a_restart_mid_game_loses_no_acknowledged_command_and_clients_resync(served):
    server = served.servers[1]  # the tests after this one use the first
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
    server.start()  # again, on its port

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
    server = served.servers[0]
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
    database, server = served.database, served.servers[0]
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


# Ann's bot game against a Recruit, made in a process of its own whose bot runner is idle:
# the game waits at version 1 for the bot (its initiative roll), nobody having kicked it.
BOT_GAME = (
    "from django.contrib.auth import get_user_model as U\n"
    "from games.botplay.seats import play_against_bot\n"
    "ann = U().objects.get(username={name!r})\n"
    "print(play_against_bot(user=ann, scenario='meeting-at-kessel', side='ge',"
    " level='recruit').pk)"
)


def _rows(database: str, query: str, *params) -> list[tuple]:
    """The rows of a query on the served database, read without starting Django."""
    with psycopg.connect(database) as db:
        return db.execute(query, params).fetchall()


async def test_two_daphne_processes_hearing_of_every_version_let_the_bot_act_once_on_each(
        served):
    database, (a, b), env = served
    logs_from = {server: server.log.stat().st_size for server in (a, b)}  # this test's lines
    ann = Browser(a.base)
    name = ann.call("GET", "/api/v1/auth/session")[1]["username"]
    made = manage("shell", "-c", BOT_GAME.format(name=name), env={**env, "PGWEB_BOTS_RUN": "0"})
    assert made.returncode == 0, made.stderr
    game_id = made.stdout.strip().splitlines()[-1]  # after the shell's own notices
    socks = {"a": await ann.socket(a, game_id), "b": await ann.socket(b, game_id)}
    rng = random.Random(18)
    sent = 0
    while sent < 15:
        # Both processes heard the socket open (each kicks the bots) and hear every
        # version; wait until it is Ann's turn on both.
        for sock in socks.values():
            await sock.pump(lambda s=sock: s.view is not None and (
                bool(legal(s.view, "ge-1")) or bool(s.view.get("result"))), timeout=60)
        here = socks["a" if sent % 2 else "b"]
        if here.view.get("result"):
            break
        sent += 1
        answer = await here.command(sent, brief(rng, [
            c for cs in legal(here.view, "ge-1").values() for c in cs]))
        if answer["t"] == "reject":
            assert answer["code"] == "state/stale_version", answer
        # A fresh socket on the other process makes it kick the bots too.
        other = "b" if here is socks["a"] else "a"
        await socks[other].ws.close()
        socks[other] = await ann.socket(a if other == "a" else b, game_id)
    for sock in socks.values():
        await sock.ws.close()
    claim, step, seat, bot = (m._meta.db_table for m in (BotClaim, GameStep, Seat, BotAccount))
    await asyncio.to_thread(wait_for, lambda: not _rows(
        database, f"SELECT 1 FROM {claim} WHERE game_id = %s AND NOT applied", game_id),
        "every bot claim settled", 60)
    claims = _rows(database, f"SELECT version, attempts, applied FROM {claim} WHERE game_id = %s",
                   game_id)
    by_bot = _rows(database, f"SELECT s.version, b.id IS NOT NULL FROM {step} s "
                             f"LEFT JOIN {seat} seat ON seat.id = s.seat_id "
                             f"LEFT JOIN {bot} b ON b.user_id = seat.user_id "
                             "WHERE s.game_id = %s", game_id)
    steps = [v for v, is_bot in by_bot if is_bot]
    people = [v for v, is_bot in by_bot if not is_bot]
    assert len(steps) >= 5
    # One claim per version, taken once and settled; every bot command has its claim. A
    # claim without a bot command is one where Ann's command came first (both sides may
    # act at once: the initiative roll): the bot's was then stale, and moot.
    claimed = {v + 1 for v, _, _ in claims}
    assert len(claimed) == len(claims) and set(steps) <= claimed
    assert claimed - set(steps) <= set(people), (claims, steps, people)
    assert all(attempts == 1 and applied for _, attempts, applied in claims)
    lines = [line for server, start in logs_from.items()
             for line in server.log.read_bytes()[start:].decode(errors="replace").splitlines()]
    trouble = [i for i, line in enumerate(lines) if "refused" in line or "Traceback" in line]
    assert not trouble, "\n".join(lines[trouble[0]:trouble[0] + 40])
