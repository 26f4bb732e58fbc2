"""The channel layer's capacity exceeded: with channels_redis's list layer ("core") and a
capacity of 2, a process that cannot read for a while loses all but two of the frames
meant for its sockets, the last ones included. No later frame comes to show the gap; each
socket heals from the command log at its browser's next ping (its pong says what it should
have)."""

from __future__ import annotations

import random

import pytest

from tests.faults.clients import GameClient, Person, assert_converged, open_game, play

pytestmark = [pytest.mark.fault, pytest.mark.redis, pytest.mark.postgres]


async def test_frames_dropped_over_capacity_heal_from_the_log(serve, tmp_path):
    # INFO: channels_redis says when it drops a message over capacity.
    a, b = serve(2, CHANNEL_LAYER_BACKEND="core", PGWEB_CHANNEL_CAPACITY="2", LOG_LEVEL="INFO")
    ann, bob, sam = Person(a.base), Person(a.base), Person(b.base)
    game_id = open_game(ann, bob)
    players = {
        "ge-1": await GameClient(ann, game_id, [a], seat="ge-1").start(),
        "su-1": await GameClient(bob, game_id, [a], seat="su-1").start(),
    }
    watchers = [await GameClient(sam, game_id, [b]).start() for _ in range(3)]
    rng = random.Random(8)
    # Pinging as browsers do: with a capacity this small a burst may lose a frame anywhere.
    version = await play(rng, players, [*players.values(), *watchers], 4, ping_every=0.5)

    b.pause()  # the watchers' process reads nothing from Redis meanwhile
    try:
        last = await play(rng, players, list(players.values()), 8, ping_every=0.5)
    finally:
        b.resume()
    assert last >= version + 8
    log = (tmp_path / "daphne-0.log").read_text()
    assert "channels over capacity" in log, "nothing was dropped: nothing tested"
    # No command follows: only the pings can show the watchers what they lack.
    await assert_converged([*players.values(), *watchers], a.base)
    assert all(c.snapshots == 1 for c in watchers)
    for client in [*players.values(), *watchers]:
        await client.stop()
