"""The ASGI application routes websockets through the origin check and the auth stack."""

from __future__ import annotations

import pytest
from channels.testing import WebsocketCommunicator

from pgweb.asgi import build_application


@pytest.mark.django_db(transaction=True)  # the lobby socket records who is online
async def test_a_lobby_socket_from_an_allowed_origin_answers_ping(settings) -> None:
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    communicator = WebsocketCommunicator(
        build_application(), "/ws/lobby/v1/", headers=[(b"origin", b"http://127.0.0.1:8000")]
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
        build_application(), "/ws/lobby/v1/", headers=[(b"origin", b"http://evil.example")]
    )
    connected, _ = await communicator.connect()
    assert not connected
