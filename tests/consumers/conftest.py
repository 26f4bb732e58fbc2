"""Sockets for the consumer tests: people signed in by session cookie, a channel layer of
either kind, and a small client that keeps every frame it receives."""

from __future__ import annotations

import asyncio
import json
import random
import uuid
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games.patch import apply_patch
from pgweb.asgi import build_application
from pgweb.channel_hosts import channel_hosts
from tests.gamekit import person

ORIGIN = (b"origin", b"http://testserver")
HOST = (b"host", b"testserver")  # a browser's handshake names the site it opens the socket on


@pytest.fixture
def memory_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


CORE = "channels_redis.core.RedisChannelLayer"
PUBSUB = "channels_redis.pubsub.RedisPubSubChannelLayer"


def use_redis(settings, redis_url: str, backend: str) -> None:
    prefix = f"pgweb-test-{uuid.uuid4().hex[:8]}"  # groups of one test only
    settings.CHANNEL_LAYERS = {
        "default": {"BACKEND": backend, "CONFIG": {"hosts": channel_hosts(redis_url), "prefix": prefix}}
    }


@pytest.fixture
def redis_layer(settings, redis_url):
    use_redis(settings, redis_url, CORE)


@pytest.fixture
def pubsub_layer(settings, redis_url):
    use_redis(settings, redis_url, PUBSUB)


@pytest.fixture(
    params=[
        "memory",
        pytest.param("redis", marks=pytest.mark.redis),
        pytest.param("pubsub", marks=pytest.mark.redis),
    ]
)
def any_layer(request):
    """Run the test with the in-memory layer and through the real Redis with both of
    channels_redis's layers (per-socket lists; pub/sub, the default with REDIS_URL)."""
    if request.param == "pubsub":
        settings = request.getfixturevalue("settings")
        use_redis(settings, request.getfixturevalue("redis_url"), PUBSUB)
    else:
        request.getfixturevalue(f"{request.param}_layer")
    return request.param


@pytest.fixture
def app(settings):
    settings.ALLOWED_HOSTS = ["testserver"]
    # Scripted clients answer each frame at once, far faster than a person: the per-socket
    # frame limit is tested on its own (test_socket_flood.py overrides this).
    settings.PGWEB_SOCKET_FRAMES = (10_000.0, 10_000)
    return build_application()


def _session_cookie(user: Any) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


async def sign_in(name: str) -> tuple[Any, str]:
    """A new user and the session cookie a browser of theirs would send."""
    user = await database_sync_to_async(person)(name)
    return user, await database_sync_to_async(_session_cookie)(user)


# Sockets a test opened and did not close. They are closed when the test ends, before
# pytest-django flushes the database: a consumer still running then (its disconnect writes
# presence rows) would race the flush and lock a table.
_OPEN_SOCKETS: list[Sock] = []


@pytest.fixture(autouse=True)
async def close_sockets_after_the_test():
    yield
    while _OPEN_SOCKETS:
        await _OPEN_SOCKETS.pop().close()


class Sock:
    """One browser's socket: every frame kept, and its audience's view rebuilt from them."""

    def __init__(self, app, path: str, cookie: str | None):
        headers = [ORIGIN, HOST] + ([(b"cookie", f"sessionid={cookie}".encode())] if cookie else [])
        self.comm = WebsocketCommunicator(app, path, headers=headers)
        self.frames: list[dict] = []
        self.versions: list[int] = []
        self.view: dict | None = None
        self.version: int | None = None
        self.log: list[dict] = []
        self.closed: int | None = None

    async def open(self) -> Sock:
        # The handshake's bound, not a wait: Channels' own (1 s) failed a bot game's socket on
        # a machine at load 12, its consumer's connect queued behind the bot's first turn.
        connected, _ = await self.comm.connect(timeout=30)
        assert connected
        _OPEN_SOCKETS.append(self)
        return self

    async def send(self, frame: dict | str) -> None:
        await self.comm.send_to(text_data=frame if isinstance(frame, str) else json.dumps(frame))

    async def next(self, timeout: float = 3) -> dict:
        """The next frame, applied to the view if it is versioned."""
        message = await self.comm.receive_output(timeout)
        if message["type"] == "websocket.close":
            self.closed = message.get("code")
            return {"t": "closed", "code": self.closed}
        frame = json.loads(message["text"])
        self.frames.append(frame)
        if frame["t"] in ("snapshot", "patch", "tick"):
            self._apply(frame)
        return frame

    def _apply(self, frame: dict) -> None:
        v = frame["v"]
        if frame["t"] == "snapshot":
            self.view = frame["d"]
        else:
            assert self.version is not None and v == self.version + 1, (self.version, frame)
            if frame["t"] == "patch":
                self.view = apply_patch(self.view, frame["d"]["ops"])
                self.log.extend(frame["d"]["log"])
        self.version = v
        self.versions.append(v)

    def chat_lines(self) -> list[str]:
        """The text of every chat line this socket has had, in order."""
        return [f["d"]["text"] for f in self.frames if f["t"] == "chat"]

    async def heard(self, text: str, timeout: float = 5) -> None:
        """Wait until the socket has had a chat line reading `text` (it may have come already:
        two senders' lines reach a group in whichever order their sockets handle them)."""
        if text not in self.chat_lines():
            await self.until(lambda f: f["t"] == "chat" and f["d"]["text"] == text, timeout)

    async def until(self, check, timeout: float = 5) -> dict:
        """Read frames until one passes `check`; return it."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            left = deadline - asyncio.get_running_loop().time()
            assert left > 0, f"no frame passed the check; last frames {self.frames[-5:]}"
            try:
                frame = await self.next(left)
            except TimeoutError:
                raise AssertionError(
                    f"no frame passed the check; last {self.frames[-5:]}"
                ) from None
            if check(frame):
                return frame

    async def at_version(self, v: int, timeout: float = 5) -> None:
        while self.version is None or self.version < v:
            await self.until(lambda f: f["t"] in ("snapshot", "patch", "tick"), timeout)

    async def answer(self, command_id: int, timeout: float = 5) -> dict:
        return await self.until(
            lambda f: f["t"] in ("ack", "reject") and f.get("id") == command_id, timeout
        )

    async def quiet(self, timeout: float = 0.3) -> list[dict]:
        """Frames that arrive within `timeout` (usually: none). Polls without timing out a
        receive, since a timed-out receive cancels the application."""
        got = []
        while not await self.comm.receive_nothing(timeout):
            got.append(await self.next())
        return got

    async def close(self) -> None:
        if self in _OPEN_SOCKETS:
            _OPEN_SOCKETS.remove(self)
        if self.closed is None:
            await self.comm.disconnect()
            self.closed = 1000


def game_path(game_id: Any, v: int | None = None, extra: str = "", protocol: int = 1) -> str:
    query = "&".join(p for p in ((f"v={v}" if v is not None else ""), extra) if p)
    return f"/ws/games/{game_id}/v{protocol}/" + (f"?{query}" if query else "")


def brief(rng: random.Random, legal: list[dict]) -> dict:
    """A person playing a bot keeps their turns short (so the bot gets many): they end or
    pass when they may."""
    for wanted in ("end_activation", "pass", "decline"):
        found = [c for c in legal if c["type"] == wanted]
        if found and rng.random() < 0.8:
            return found[0]
    return rng.choice(legal)
