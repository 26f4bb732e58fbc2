"""The ASGI application routes websockets through the origin check and the auth stack."""

from __future__ import annotations

from channels.testing import WebsocketCommunicator

from pgweb.asgi import build_application


async def test_a_lobby_socket_from_an_allowed_origin_answers_ping(settings) -> None:
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    communicator = WebsocketCommunicator(
        build_application(), "/ws/lobby/v1/", headers=[(b"origin", b"http://127.0.0.1:8000")]
    )
    connected, _ = await communicator.connect()
    assert connected
    await communicator.send_json_to({"t": "ping"})
    assert await communicator.receive_json_from() == {"t": "pong"}
    await communicator.disconnect()


async def test_a_socket_from_a_foreign_origin_is_refused(settings) -> None:
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    communicator = WebsocketCommunicator(
        build_application(), "/ws/lobby/v1/", headers=[(b"origin", b"http://evil.example")]
    )
    connected, _ = await communicator.connect()
    assert not connected
