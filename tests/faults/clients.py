"""Scripted people for the fault tests and bench/soak.py: REST calls with a guest's cookies,
and a game socket that behaves as the browser's (static/games/js/socket.js).

`GameClient` keeps its audience's view from the frames it gets and every version it
applied, so a test can check at the end that no frame was lost: versions contiguous from
the first snapshot, and the final view equal to a fresh snapshot (`assert_converged`). Like
the browser it drops frames it has, asks `sync` on a gap and when a `pong` says it lacks a
version, reconnects with backoff (to the next server when one is gone) with the version it
has, and resends unacknowledged commands with their ids. With `heal=False` it only records
(the soak measures what the server delivers by itself), and with `heartbeat` it pings every
so many seconds as the browser does (every 10).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from http.cookiejar import CookieJar
from typing import Any

import websockets

SCENARIO = "meeting-at-kessel"  # the learning scenario: "ge" against "su"
FINAL_CLOSE_CODES = {4401, 4403, 4404, 4409}  # reconnecting cannot help (protocol.py)


class Person:
    """One browser's cookies: a guest signed in through the API of `base`."""

    def __init__(self, base: str, timeout: float = 10):
        self.base, self.timeout = base, timeout
        self.jar = CookieJar()
        self.http = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.call("GET", "/api/v1/auth/session")
        status, body = self.call("POST", "/api/v1/auth/guest")
        assert status == 201, (status, body)
        self.name = body["username"]

    def cookie(self, name: str) -> str:
        return next(c.value for c in self.jar if c.name == name)

    def call(
        self, method: str, path: str, body: dict | None = None, base: str | None = None
    ) -> tuple[int, Any]:
        """One API request; returns the status and the decoded JSON (or the raw text)."""
        base = base or self.base
        data = json.dumps(body or {}).encode() if method != "GET" else None
        request = urllib.request.Request(base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if method != "GET":
            request.add_header("X-CSRFToken", self.cookie("csrftoken"))
            request.add_header("Referer", base + "/")
        try:
            with self.http.open(request, timeout=self.timeout) as response:
                status, raw, kind = response.status, response.read(), response.headers
        except urllib.error.HTTPError as exc:
            status, raw, kind = exc.code, exc.read(), exc.headers
        if "json" in (kind.get("Content-Type") or ""):
            return status, json.loads(raw or b"null")
        return status, raw.decode(errors="replace")

    def socket_headers(self, base: str) -> dict[str, str]:
        return {"Cookie": f"sessionid={self.cookie('sessionid')}", "Origin": base}


def open_game(axis: Person, allied: Person, scenario: str = SCENARIO) -> str:
    """A started game between two people (version 1); its id."""
    status, game = axis.call("POST", "/api/v1/games", {"scenario": scenario, "side": "ge"})
    assert status == 201, game
    status, joined = allied.call("POST", f"/api/v1/games/{game['id']}/join", {"side": "su"})
    assert status == 200, joined
    return game["id"]


async def eventually(check: Callable[[], object], what: str, timeout: float = 20) -> None:
    """Poll a condition outside the sockets (a server's state) until it holds."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"no {what} within {timeout}s"
        await asyncio.sleep(0.05)


def backoff(attempt: int, first: float, cap: float) -> float:
    """socket.js's reconnect delay: exponential with "equal jitter"."""
    top = min(cap, first * 2 ** min(attempt, 20))
    return top / 2 + random.random() * top / 2


class GameClient:
    """One browser's game socket; see the module's docstring."""

    _ids = itertools.count(1)

    def __init__(
        self, person: Person, game_id: str, servers: Sequence[Any], *, heal: bool = True,
        first_delay: float = 0.05, max_delay: float = 1.0, seat: str | None = None,
        heartbeat: float | None = None, first_server: int | None = None,
    ):  # fmt: skip
        self.person, self.game_id, self.servers = person, game_id, list(servers)
        self.heal, self.first_delay, self.max_delay, self.seat = heal, first_delay, max_delay, seat
        self.heartbeat = heartbeat
        # Which server it dials first (the next one after a failure): spread by default.
        self.server_index = next(GameClient._ids) if first_server is None else first_server
        self.view: dict | None = None
        self.version: int | None = None
        self.versions: list[int] = []  # every version applied, in order
        self.arrivals: dict[int, float] = {}  # version -> when it was applied (monotonic)
        self.snapshots = 0
        self.gaps = 0  # frames that came after a missing one
        self.answers: dict[int, dict] = {}
        self.pending: dict[int, tuple[int, dict]] = {}  # id -> (base version, command)
        self.errors: list[dict] = []
        self.closes: list[int | None] = []
        self.failed_dials = 0
        self.presence: dict | None = None
        self.pongs: list[int | None] = []
        self.ws: Any = None
        self.stopped = False
        self._changed = asyncio.Event()
        self._task: asyncio.Task | None = None
        self._beat: asyncio.Task | None = None
        self._asked: int | None = None  # the version of the last `sync` sent on this connection

    # -- driving it -------------------------------------------------------------------------

    async def start(self, timeout: float = 20) -> GameClient:
        """Connect and wait for the first view."""
        self._task = asyncio.create_task(self._run())
        if self.heartbeat is not None:
            self._beat = asyncio.create_task(self._ping_every(self.heartbeat))
        await self.wait_until(lambda: self.version is not None, timeout, "a first view")
        return self

    async def stop(self) -> None:
        self.stopped = True
        if self.ws is not None:
            await self.ws.close()
        for task in (self._beat, self._task):
            if task is not None:
                task.cancel()
                try:
                    await task
                except (asyncio.CancelledError, Exception):
                    pass

    async def _ping_every(self, seconds: float) -> None:
        while not self.stopped:
            await asyncio.sleep(seconds * (0.9 + 0.2 * random.random()))
            await self._send({"t": "ping"})

    async def wait_until(self, check: Callable[[], bool], timeout: float, what: str) -> None:
        """Wait for a condition on what the socket received (re-checked at every frame)."""
        deadline = time.monotonic() + timeout
        while not check():
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{self}: no {what} within {timeout}s")
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except TimeoutError:
                pass

    async def at(self, version: int, timeout: float = 20, ping_every: float | None = None) -> None:
        """Wait until the client holds `version`; with `ping_every`, ping whenever that long
        passes without it, as the browser does every 10 s (the pong heals a lost frame)."""
        deadline = time.monotonic() + timeout
        while self.version is None or self.version < version:
            left = deadline - time.monotonic()
            step = left if ping_every is None else min(left, ping_every)
            try:
                await self.wait_until(
                    lambda: self.version is not None and self.version >= version,
                    max(step, 0), f"version {version} (at {self.version})",
                )  # fmt: skip
            except AssertionError:
                if ping_every is None or time.monotonic() >= deadline:
                    raise
                await self._send({"t": "ping"})

    async def send_command(self, command: dict, base: int | None = None, cid: int | None = None) -> int:
        """Send a command (queued and resent after a reconnect until answered); its id."""
        cid = cid if cid is not None else next(GameClient._ids) + 10_000
        base = self.version if base is None else base
        self.pending[cid] = (base, command)
        await self._send({"t": "cmd", "id": cid, "v": base, "d": command})
        return cid

    async def command(self, command: dict, timeout: float = 20, **kwargs: Any) -> dict:
        """Send a command and wait for its `ack` or `reject`."""
        cid = await self.send_command(command, **kwargs)
        await self.wait_until(lambda: cid in self.answers, timeout, f"answer to command {cid}")
        return self.answers[cid]

    async def ping(self, timeout: float = 20) -> int | None:
        """Ping (as the browser does every 10 s) and wait for the pong; its version. While
        the socket is reconnecting, the ping goes out on the next connection."""
        seen, deadline = len(self.pongs), time.monotonic() + timeout
        while len(self.pongs) == seen:
            left = deadline - time.monotonic()
            assert left > 0, f"{self}: no pong within {timeout}s"
            connection = self.ws
            await self._send({"t": "ping"})
            await self.wait_until(
                lambda c=connection: len(self.pongs) > seen or (self.ws is not c), left, "pong"
            )
        return self.pongs[-1]

    def legal(self) -> dict:
        """The commands this client's seat may send now, by group."""
        return (self.view or {}).get("legal", {}).get(self.seat or "", {})

    # -- the connection ---------------------------------------------------------------------

    async def _send(self, frame: dict) -> None:
        if self.ws is None:
            return  # commands wait in `pending` for the next connection
        try:
            await self.ws.send(json.dumps(frame))
        except websockets.ConnectionClosed:
            pass

    def _url(self, server: Any) -> str:
        url = f"ws://127.0.0.1:{server.port}/ws/games/{self.game_id}/v1/"
        return url + (f"?v={self.version}" if self.version is not None else "")

    async def _run(self) -> None:
        attempt = 0
        while not self.stopped:
            server = self.servers[self.server_index % len(self.servers)]
            try:
                ws = await websockets.connect(
                    self._url(server), additional_headers=self.person.socket_headers(server.base),
                    open_timeout=10, max_size=None, ping_interval=None,
                )  # fmt: skip
            except (OSError, TimeoutError, websockets.InvalidHandshake, websockets.ConnectionClosed):
                self.failed_dials += 1
                self.server_index += 1  # that server may be gone: try the next one
                await asyncio.sleep(backoff(attempt, self.first_delay, self.max_delay))
                attempt += 1
                continue
            self.ws, self._asked = ws, None
            for cid, (base, command) in list(self.pending.items()):
                await self._send({"t": "cmd", "id": cid, "v": base, "d": command})
            try:
                async for text in ws:
                    attempt = 0
                    await self._on_frame(json.loads(text))
            except websockets.ConnectionClosed:
                pass
            self.ws = None
            self.closes.append(ws.close_code)
            self._changed.set()
            if ws.close_code in FINAL_CLOSE_CODES or self.stopped:
                return
            await asyncio.sleep(backoff(attempt, self.first_delay, self.max_delay))
            attempt += 1

    async def _on_frame(self, frame: dict) -> None:
        t, v = frame.get("t"), frame.get("v")
        if t == "snapshot":
            if self.version is None or v >= self.version:
                self.view, self.version = frame["d"], v
                self._applied(v)
                self.snapshots += 1
        elif t in ("patch", "tick") and self.version is not None and v > self.version:
            if v > self.version + 1:
                self.gaps += 1
                await self._sync()
            else:
                if t == "patch":
                    self.view = patch_in_place(self.view, frame["d"]["ops"])
                self.version = v
                self._applied(v)
        elif t in ("ack", "reject"):
            self.answers[frame["id"]] = frame
            self.pending.pop(frame["id"], None)
        elif t == "pong":
            self.pongs.append(v)
            if v is not None and self.version is not None and v > self.version:
                await self._sync()
        elif t == "error":
            self.errors.append(frame)
        elif t == "presence":
            self.presence = frame["d"]
        self._changed.set()

    def _applied(self, version: int) -> None:
        self.versions.append(version)
        self.arrivals[version] = time.monotonic()

    async def _sync(self) -> None:
        if self.heal and self._asked != self.version:
            self._asked = self.version
            await self._send({"t": "sync", "v": self.version})

    def __repr__(self) -> str:
        return f"<GameClient {self.person.name} {self.game_id[:8]} v{self.version}>"


async def play(
    rng: random.Random, players: dict[str, GameClient], everyone: Sequence[GameClient],
    steps: int, *, ping_every: float | None = None, version: int | None = None,
) -> int:  # fmt: skip
    """Random legal commands from whichever seat may act, each from the view its socket
    holds; first every client follows `version` (default: the players' latest), then each
    command's. Returns the last version."""
    if version is None:
        version = max(c.version or 0 for c in players.values())
    for _ in range(steps):
        for client in everyone:
            await client.at(version, ping_every=ping_every)
        choices = sorted(seat for seat, client in players.items() if client.legal())
        if not choices:
            break  # the game is over
        client = players[rng.choice(choices)]
        groups = client.legal()
        answer = await client.command(rng.choice(groups[rng.choice(sorted(groups))]))
        assert answer["t"] == "ack", answer
        version = answer["v"]
    for client in everyone:
        await client.at(version, ping_every=ping_every)
    return version


def patch_in_place(view: Any, ops: list[dict]) -> Any:
    """`games.patch.apply_patch` without its copy of the whole view first, as the browser's
    store does: each client parsed its own frame, so nothing is shared (the soak's thousand
    sockets would spend most of their time copying views otherwise)."""
    for op in ops:
        kind, path = op["op"], op["path"]
        if path == "":
            view = op["value"]
            continue
        view = _apply_op(view, kind, path, op.get("value"))
    return view


def _apply_op(view: Any, kind: str, path: str, value: Any) -> Any:
    tokens = [t.replace("~1", "/").replace("~0", "~") for t in path.split("/")[1:]]
    *parents, last = tokens
    target = view
    for token in parents:
        target = target[int(token)] if isinstance(target, list) else target[token]
    if isinstance(target, list):
        index = len(target) if last == "-" else int(last)
        if kind == "add":
            target.insert(index, value)
        elif kind == "remove":
            del target[index]
        else:
            target[index] = value
    elif kind == "remove":
        del target[last]
    else:
        if kind == "replace" and last not in target:
            raise KeyError(path)
        target[last] = value
    return view


def missing_versions(client: GameClient, last: int) -> list[int]:
    """Versions after the client's first view that it never applied, up to `last`."""
    if not client.versions:
        return list(range(1, last + 1))
    return sorted(set(range(client.versions[0], last + 1)) - set(client.versions))


def fresh_view(client: GameClient, base: str) -> dict:
    """The client's audience's snapshot, asked of the API now."""
    status, frame = client.person.call("GET", f"/api/v1/games/{client.game_id}/view", base=base)
    assert status == 200, (status, frame)
    return frame


async def assert_converged(clients: Sequence[GameClient], base: str, timeout: float = 20) -> int:
    """Every client reaches the game's version by itself (pinging, as browsers do), applied
    every version since its first view exactly once and in order, and holds the view a fresh
    snapshot gives; returns the version."""
    status, game = clients[0].person.call("GET", f"/api/v1/games/{clients[0].game_id}", base=base)
    assert status == 200, game
    version = game["version"]
    for client in clients:
        deadline = time.monotonic() + timeout
        while client.version is None or client.version < version:
            left = deadline - time.monotonic()
            assert left > 0, f"{client} never reached version {version}"
            # The server heals the socket before it answers a ping, and a pong that shows a
            # gap makes the client ask for it: wait for either, then ping again.
            await client.ping(left)
            try:
                await client.wait_until(lambda c=client: c.version >= version, 1, "catch-up")
            except AssertionError:
                continue
    for client in clients:
        first = client.versions[0]
        assert client.versions == list(range(first, version + 1)), (client, client.versions)
        frame = fresh_view(client, base)
        assert frame["v"] == version and client.view == frame["d"], client
    return version
