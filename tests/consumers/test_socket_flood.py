"""A socket that sends frames faster than allowed gets an error frame and close code 4429;
the other sockets of the game carry on."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games.models import Game
from tests.consumers.conftest import Sock, game_path, sign_in
from tests.gamekit import started_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def tight_frames(settings):
    settings.PGWEB_SOCKET_FRAMES = (0.001, 5)  # five frames, then (for a test's length) none


async def test_a_flooding_socket_is_told_and_closed_with_4429(app, memory_layer, tight_frames):
    ann, ann_cookie = await sign_in("ann")
    bob, bob_cookie = await sign_in("bob")
    game = await database_sync_to_async(started_game)(ann, bob)
    flooder = await Sock(app, game_path(game.pk), ann_cookie).open()
    calm = await Sock(app, game_path(game.pk), bob_cookie).open()
    await flooder.at_version(1)
    await calm.at_version(1)
    for _ in range(5):
        await flooder.send({"t": "ping"})
    await flooder.send({"t": "ping"})  # the sixth: past the burst
    frames = []
    while not frames or frames[-1]["t"] != "closed":
        frame = await flooder.next()
        if frame["t"] != "presence":  # who has the game open: not an answer to a frame
            frames.append(frame)
    assert [f["t"] for f in frames[:5]] == ["pong"] * 5
    assert frames[5] == {"t": "error", "code": "rate/limited",
                         "message": "too many frames per second; this socket is closed"}
    assert frames[6] == {"t": "closed", "code": 4429}
    await calm.send({"t": "ping"})
    while (frame := await calm.next())["t"] == "presence":
        pass
    assert frame["t"] == "pong"
    assert (await database_sync_to_async(Game.objects.get)(pk=game.pk)).version == 1


@pytest.mark.parametrize("path", ["/ws/lobby/v1/", "/ws/notifications/v1/"])
async def test_the_lobby_and_notification_sockets_refuse_bad_json_and_close_a_flood(
        app, memory_layer, tight_frames, path):
    _ann, cookie = await sign_in("ann")
    lobby = await Sock(app, path, cookie).open()
    await lobby.send("{not json")
    await lobby.send({"t": "ping"})
    for _ in range(4):
        await lobby.send({"t": "ping"})  # the sixth frame in all: past the burst
    seen = []
    while not seen or seen[-1]["t"] != "closed":
        frame = await lobby.next()
        if frame["t"] in ("error", "pong", "closed"):
            seen.append(frame)
    assert seen[0] == {"t": "error", "code": "frame/not_json", "message": "frame is not JSON"}
    assert [f["t"] for f in seen[1:5]] == ["pong"] * 4
    assert seen[5]["code"] == "rate/limited" and seen[6] == {"t": "closed", "code": 4429}
