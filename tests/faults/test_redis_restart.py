"""Redis stopped and started again mid-game, under two daphne processes sharing it: commands
keep being accepted, a socket opened meanwhile is refused with a clear error, live frames
flow again afterwards, and every socket ends with every version and the right view."""

from __future__ import annotations

import asyncio
import os
import random

import pytest
import redis

from tests.faults.clients import GameClient, Person, assert_converged, eventually, open_game, play

pytestmark = [pytest.mark.fault, pytest.mark.redis, pytest.mark.postgres]


def subscribers(server, game_id: str) -> int:
    """Daphne processes subscribed to the game's spectators group (channels_redis pub/sub)."""
    with redis.Redis.from_url(server.url) as r:
        prefix = os.environ.get("CHANNEL_PREFIX", "asgi")  # the servers' (tests/conftest.py)
        return r.pubsub_numsub(f"{prefix}__group__game.{game_id}.spectators")[0][1]


async def test_redis_restarted_mid_game_every_socket_converges(daphnes, own_redis):
    a, b = daphnes
    ann, bob, sam = Person(a.base), Person(b.base), Person(a.base)
    game_id = open_game(ann, bob)
    players = {
        "ge-1": await GameClient(ann, game_id, [a, b], seat="ge-1").start(),
        "su-1": await GameClient(bob, game_id, [b, a], seat="su-1").start(),
    }
    watchers = [await GameClient(sam, game_id, [s]).start() for s in (a, b)]
    everyone = [*players.values(), *watchers]
    rng = random.Random(16)
    await play(rng, players, everyone, 6)

    own_redis.stop()
    # Commands are still refereed and stored: over the socket (its ack needs no Redis) and
    # over the API (its rate limit counts in Redis, and carries on uncounted meanwhile).
    version = await play(rng, players, players.values(), 2, ping_every=0.5)
    acting = next(s for s, c in players.items() if c.legal())
    groups = players[acting].legal()
    person = ann if acting == "ge-1" else bob
    status, answer = person.call(
        "POST", f"/api/v1/games/{game_id}/commands",
        {"id": 9001, "v": version, "command": groups[sorted(groups)[0]][0]},
    )  # fmt: skip
    assert (status, answer["t"], answer["v"]) == (200, "ack", version + 1), answer
    # A socket opened now cannot join its group: it is told why and closed with 4503.
    late = GameClient(sam, game_id, [b])
    late_task = asyncio.create_task(late.start(timeout=60))
    await late.wait_until(lambda: 4503 in late.closes, 20, "close 4503")
    assert {"t": "error", "code": "service/unavailable"}.items() <= late.errors[0].items()

    own_redis.start()
    await late_task  # it reconnects by itself once Redis is back
    everyone.append(late)
    # Both processes subscribe again to the game's groups by themselves ...
    await eventually(lambda: subscribers(own_redis, game_id) == 2, "re-subscribing", 20)
    await play(rng, players, everyone, 2, ping_every=0.5, version=answer["v"])
    # ... and from then on every frame arrives live: no ping needed.
    await play(rng, players, everyone, 6)
    await assert_converged(everyone, a.base)
    assert all(c.snapshots == 1 for c in everyone), [c.snapshots for c in everyone]
    for client in everyone:
        await client.stop()
