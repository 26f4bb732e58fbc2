"""A socket whose browser stops reading (a frozen tab, a dead link that stays open) while it
keeps asking for more: the server closes it with 4408 once it holds more than
PGWEB_SOCKET_SEND_BUFFER bytes for it, and the game goes on for everyone else meanwhile."""

from __future__ import annotations

import asyncio
import json
import random
import socket

import pytest
import websockets

from tests.faults.clients import GameClient, Person, assert_converged, eventually, open_game, play

pytestmark = [pytest.mark.fault, pytest.mark.redis, pytest.mark.postgres]

async def stalled_socket(person: Person, server, game_id: str):
    """A websocket that reads one frame at most and then nothing: its kernel receive buffer
    is tiny, and the client library stops taking frames after the first."""
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect(("127.0.0.1", server.port))
    raw.setblocking(False)
    return await websockets.connect(
        f"ws://127.0.0.1:{server.port}/ws/games/{game_id}/v1/", sock=raw, max_queue=1,
        additional_headers=person.socket_headers(server.base), ping_interval=None,
    )  # fmt: skip


async def test_a_socket_that_stops_reading_is_closed_and_holds_nobody_up(daphnes):
    server = daphnes[0]  # PGWEB_SOCKET_SEND_BUFFER: 64 KB (conftest.production_env)
    logged = len(server.log.read_bytes())
    ann, bob, sam, sly = (Person(server.base) for _ in range(4))
    game_id = open_game(ann, bob)
    players = {
        "ge-1": await GameClient(ann, game_id, [server], seat="ge-1").start(),
        "su-1": await GameClient(bob, game_id, [server], seat="su-1").start(),
    }
    watcher = await GameClient(sam, game_id, [server]).start()
    everyone = [*players.values(), watcher]
    await watcher.wait_until(lambda: (watcher.presence or {}).get("spectators") == 1, 10, "1")

    stalled = await stalled_socket(sly, server, game_id)
    await watcher.wait_until(lambda: watcher.presence["spectators"] == 2, 10, "2 spectators")

    async def ask_for_snapshots() -> None:
        """Each `sync` from version 0 asks for a whole snapshot (about 10 KB): 3000 of them
        are far more than the cap and the kernel's buffers hold."""
        sent = 0
        try:
            while sent < 3000 and watcher.presence["spectators"] == 2:
                await stalled.send(json.dumps({"t": "sync", "v": 0}))
                sent += 1
                if sent % 20 == 0:
                    await asyncio.sleep(0)  # let the other clients read their frames
        except websockets.ConnectionClosed:
            pass

    asking = asyncio.create_task(ask_for_snapshots())
    # The game goes on meanwhile, every version reaching every other socket.
    await play(random.Random(4), players, everyone, 10)
    # The server dropped the stalled socket: its presence is gone ...
    await watcher.wait_until(lambda: watcher.presence["spectators"] == 1, 30, "the drop")
    await asking
    # ... after closing it with 4408, which its browser reads if it ever catches up.
    await eventually(
        lambda: b"closing with 4408" in server.log.read_bytes()[logged:], "the 4408 line", 10
    )
    # Reading now, the stalled client finds its connection ended (its close frame, or the
    # connection dropped after the close handshake timed out).
    with pytest.raises(websockets.ConnectionClosed):
        async with asyncio.timeout(20):
            while True:
                await stalled.recv()
    await stalled.close()
    await assert_converged(everyone, server.base)
    for client in everyone:
        await client.stop()
