"""A daphne process killed (SIGKILL, a crash) while commands are being broadcast: its
sockets reconnect to the other process with the version they have, catch up from the
command log, and their unacknowledged commands are applied once."""

from __future__ import annotations

import asyncio
import random

import pytest

from tests.faults.clients import GameClient, Person, assert_converged, open_game, play

pytestmark = [pytest.mark.fault, pytest.mark.redis, pytest.mark.postgres]


async def test_a_process_killed_mid_broadcast_its_sockets_resync_on_the_other(daphnes):
    a, b = daphnes  # `a` is started again after the test
    ann, bob, sam = Person(a.base), Person(b.base), Person(a.base)
    game_id = open_game(ann, bob)
    # The sockets are spread over both processes; those on `a`, which dies, move to `b`.
    players = {
        "ge-1": await GameClient(ann, game_id, [a, b], seat="ge-1").start(),
        "su-1": await GameClient(bob, game_id, [a, b], seat="su-1").start(),
    }
    watchers = [await GameClient(sam, game_id, [a, b]).start() for _ in range(3)]
    everyone = [*players.values(), *watchers]
    assert {c.server_index % 2 for c in everyone} == {0, 1}  # a on both processes at first
    playing = asyncio.create_task(play(random.Random(11), players, everyone, 20, ping_every=0.5))
    await watchers[0].at(8, timeout=30)
    a.kill()
    await playing
    version = await assert_converged(everyone, b.base)
    moved = [c for c in everyone if len(c.closes) > 0]
    assert moved, "no socket was on the killed process: nothing tested"
    # They caught up with patches from the log, never needing a second snapshot.
    assert all(c.snapshots == 1 for c in everyone), [c.snapshots for c in everyone]
    assert version > 8
    for client in everyone:
        await client.stop()
