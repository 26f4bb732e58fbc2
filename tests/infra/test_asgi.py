"""The ASGI application routes websockets through the origin check and the auth stack.

The origin check compares scheme, host and port with the site's own origin (the handshake's
`Host`, one of ALLOWED_HOSTS) and CSRF_TRUSTED_ORIGINS, on every socket."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from channels.testing import WebsocketCommunicator

from games.rules.registry import RULESETS
from pgweb.asgi import build_application

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db(transaction=True)  # the lobby socket records who is online
async def test_a_lobby_socket_from_an_allowed_origin_answers_ping(settings) -> None:
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    communicator = WebsocketCommunicator(
        build_application(), "/ws/lobby/v1/",
        headers=[(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")],
    )
    connected, _ = await communicator.connect()
    assert connected
    assert (await communicator.receive_json_from())["t"] == "lobby"  # the lists come first
    await communicator.send_json_to({"t": "ping"})
    frame = await communicator.receive_json_from()
    while frame["t"] == "lobby":  # a refresh after its own arrival may come in between
        frame = await communicator.receive_json_from()
    assert frame == {"t": "pong"}
    await communicator.disconnect()


async def test_a_socket_from_a_foreign_origin_is_refused(settings) -> None:
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    communicator = WebsocketCommunicator(
        build_application(), "/ws/lobby/v1/",
        headers=[(b"origin", b"http://evil.example"), (b"host", b"127.0.0.1")],
    )
    connected, _ = await communicator.connect()
    assert not connected


SITE = "127.0.0.1:8000"
FOREIGN = [
    "http://127.0.0.1:9999",  # same host, another port
    "https://127.0.0.1:8192",
    "https://127.0.0.1:8000",  # same host and port, another scheme
    "http://localhost:1234",
    "http://localhost:8000",  # an allowed host, but not the one the socket was opened on
    "ftp://127.0.0.1:8000",
    "ws://127.0.0.1:8000",
    "null",
    "http://127.0.0.1:8000.evil.example",
    "http://user@127.0.0.1:8000",
    "http://[::1]:8000",
    "",
]
SOCKETS = ["/ws/lobby/v1/", "/ws/notifications/v1/", "/ws/games/00000000-0000-0000-0000-000000000000/v1/"]


async def handshake(path: str, origin: str | None, host: str = SITE, scheme: str = "ws") -> bool:
    headers = [(b"host", host.encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    communicator = WebsocketCommunicator(build_application(), path, headers=headers)
    communicator.scope["scheme"] = scheme
    connected, _ = await communicator.connect()
    await communicator.disconnect()
    return connected


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", SOCKETS)
async def test_every_socket_refuses_every_foreign_origin(settings, path) -> None:
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    accepted = [o for o in [*FOREIGN, None] if await handshake(path, o)]
    assert accepted == []
    # A Host outside ALLOWED_HOSTS is no site of ours, even with a matching Origin.
    assert not await handshake(path, "http://evil.example", host="evil.example")


@pytest.mark.django_db(transaction=True)
async def test_the_sites_own_origin_and_trusted_ones_are_accepted(settings) -> None:
    settings.ALLOWED_HOSTS = ["127.0.0.1", "pgweb.example.org"]
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example.org", "https://*.example.net:8443"]
    lobby = "/ws/lobby/v1/"
    assert await handshake(lobby, "http://127.0.0.1:8000")
    assert await handshake(lobby, "HTTP://127.0.0.1:8000/")  # scheme and host are not case-bound
    assert await handshake(lobby, "http://127.0.0.1", host="127.0.0.1:80")  # the default port
    assert await handshake(lobby, "https://pgweb.example.org", host="pgweb.example.org", scheme="wss")
    assert not await handshake(lobby, "http://pgweb.example.org", host="pgweb.example.org", scheme="wss")
    assert await handshake(lobby, "https://play.example.org")
    assert await handshake(lobby, "https://a.example.net:8443")
    for refused in ("http://play.example.org", "https://play.example.org:444",
                    "https://a.example.net", "https://a.example.com:8443"):  # fmt: skip
        assert not await handshake(lobby, refused), refused


@pytest.mark.django_db(transaction=True)
async def test_behind_a_tls_proxy_the_https_origin_is_the_sites(settings) -> None:
    settings.ALLOWED_HOSTS = ["pgweb.example.org"]
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    communicator = WebsocketCommunicator(build_application(), "/ws/lobby/v1/", headers=[
        (b"host", b"pgweb.example.org"), (b"origin", b"https://pgweb.example.org"),
        (b"x-forwarded-proto", b"https"),
    ])  # fmt: skip
    connected, _ = await communicator.connect()
    await communicator.disconnect()
    assert connected
    assert not await handshake("/ws/lobby/v1/", "https://pgweb.example.org", host="pgweb.example.org")


@pytest.mark.django_db(transaction=True)
async def test_in_debug_with_no_allowed_hosts_the_loopback_site_is_its_own_origin(settings) -> None:
    settings.DEBUG, settings.ALLOWED_HOSTS = True, []
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    assert await handshake("/ws/lobby/v1/", "http://127.0.0.1:8000")
    assert await handshake("/ws/lobby/v1/", "http://localhost:8000", host="localhost:8000")
    assert not await handshake("/ws/lobby/v1/", "http://127.0.0.1:9999")
    assert not await handshake("/ws/lobby/v1/", "http://evil.example", host="evil.example")


def test_a_server_start_remembers_the_schema_passes_and_loads_no_push_library(tmp_path) -> None:
    """What a daphne process imports before serving (pgweb/asgi.py): every bundled scenario
    checked, its schema pass remembered in PGWEB_CHECK_CACHE_DIR for the next start, and
    pywebpush (a quarter of a second of CPU) left until a push is sent."""
    checks = tmp_path / "checks"
    probe = (
        "import sys, pgweb.asgi; "
        "print(sorted(m for m in ('pywebpush', 'aiohttp') if m in sys.modules))"
    )
    env = {**os.environ, "PGWEB_VAR_DIR": str(tmp_path), "PGWEB_CHECK_CACHE_DIR": str(checks),
           "DJANGO_SETTINGS_MODULE": "pgweb.settings", "DATABASE_URL": ""}  # fmt: skip
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
    pg_files = RULESETS["panzer_grenadier"].scenario_files()
    assert len(list(checks.glob("*.passed"))) == len(pg_files)
