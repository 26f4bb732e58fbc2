"""Idle sockets cost nothing and never hold a move up: pings answered from memory, presence
written in batches per process, commands on a database thread of their own (games.upkeep,
games.dbpaths)."""

from __future__ import annotations

import asyncio
import threading
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games import dbpaths, services, upkeep
from games.dbpaths import in_db_thread
from games.models import Presence
from games.services import aftercommit
from tests.consumers.conftest import Sock, game_path
from tests.consumers.test_game_socket import ROLL, seated_game
from tests.gamekit import seat

pytestmark = pytest.mark.django_db(transaction=True)


async def connected(sock: Sock) -> None:
    """Wait until the socket's connect has run through (its presence frame is its last)."""
    await sock.until(lambda f: f["t"] == "presence")


class BusyDatabaseThread:
    """Holds the sockets' shared database thread (a burst of catch-ups, say) until let go."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.task: asyncio.Future | None = None

    async def __aenter__(self) -> BusyDatabaseThread:
        started = threading.Event()

        def hold() -> None:
            started.set()
            self.release.wait(30)

        self.task = asyncio.ensure_future(in_db_thread(hold)())
        await asyncio.to_thread(started.wait, 10)
        assert started.is_set()
        return self

    async def __aexit__(self, *exc) -> None:
        self.release.set()
        await self.task


async def test_a_ping_is_answered_while_the_database_thread_is_busy(app, memory_layer):
    game, cookies = await seated_game()
    ann = await Sock(app, game_path(game.pk), cookies["ann"]).open()
    await connected(ann)
    async with BusyDatabaseThread():
        await ann.send({"t": "ping"})
        assert await ann.until(lambda f: f["t"] == "pong") == {"t": "pong", "v": 1}


async def test_a_command_is_answered_while_the_database_thread_is_busy(
    app, memory_layer, monkeypatch
):
    # The test database is an in-memory SQLite one, where commands share the thread
    # (dbpaths.commands_apart); only this test's command thread touches it meanwhile.
    monkeypatch.setattr(dbpaths, "_apart", True)
    game, cookies = await seated_game()
    ann = await Sock(app, game_path(game.pk), cookies["ann"]).open()
    await connected(ann)
    async with BusyDatabaseThread():
        await ann.send({"t": "cmd", "id": 1, "v": 1, "d": ROLL})
        assert await ann.answer(1) == {"t": "ack", "id": 1, "v": 2}
        await ann.at_version(2)


def _seen(channel_names: list[str]) -> dict[str, object]:
    return dict(
        Presence.objects.filter(channel_name__in=channel_names).values_list(
            "channel_name", "seen_at"
        )
    )


async def test_pings_refresh_presence_in_one_write_per_process_not_one_per_socket(
    app, memory_layer, monkeypatch
):
    monkeypatch.setattr("games.consumers.TOUCH_EVERY", 0.0)  # every frame asks for a refresh
    game, cookies = await seated_game()
    socks = [await Sock(app, game_path(game.pk), cookies[n]).open() for n in ("ann", "sam")]
    for sock in socks:
        await connected(sock)
    names = await database_sync_to_async(
        lambda: list(Presence.objects.filter(game=game).values_list("channel_name", flat=True))
    )()
    long_ago = timezone.now() - timedelta(minutes=5)
    await database_sync_to_async(
        lambda: Presence.objects.filter(channel_name__in=names).update(seen_at=long_ago)
    )()
    for sock in socks:
        await sock.send({"t": "ping"})
        await sock.until(lambda f: f["t"] == "pong")
    # Answered, and nothing written yet: the refreshes wait for the process's next flush.
    assert set((await database_sync_to_async(_seen)(names)).values()) == {long_ago}
    writes = []
    touch_many = services.presence_touch_many

    def counted(*, channel_names: list[str]) -> None:
        writes.append(sorted(channel_names))
        touch_many(channel_names=channel_names)

    monkeypatch.setattr(services, "presence_touch_many", counted)
    await upkeep.flush()
    assert writes == [sorted(names)]
    assert all(seen > long_ago for seen in (await database_sync_to_async(_seen)(names)).values())


def _submit_unpublished(game, seat_user, version: int) -> None:
    """A command stored and committed whose frames never reach the layer (as if it lost
    them): its publication is kept and dropped."""
    with aftercommit.deferred():
        outcome = services.command_submit(
            game=game, seat=seat(game, seat_user), command=ROLL, base_version=version
        )
    assert outcome.ok


async def test_a_frame_the_layer_lost_is_healed_at_a_ping_after_the_versions_were_read(
    app, memory_layer
):
    game, cookies = await seated_game()
    bob = await Sock(app, game_path(game.pk), cookies["bob"]).open()
    await connected(bob)
    ann_user = await database_sync_to_async(lambda: game.seats.get(seat_id="ge-1").user)()
    await database_sync_to_async(_submit_unpublished)(game, ann_user, 1)
    await upkeep.flush()  # the process reads its games' versions: this one is at 2
    await bob.send({"t": "ping"})  # owed from now on: version 2
    await bob.until(lambda f: f["t"] == "pong")
    assert bob.version == 1
    await bob.send({"t": "ping"})  # still lacking it: healed from the log, then answered
    assert (await bob.until(lambda f: f["t"] == "pong"))["v"] == 2
    assert bob.version == 2


async def test_a_page_reloaded_on_the_only_socket_keeps_the_upkeep_running():
    # The last socket of a process leaves and the reloaded page's socket joins before the
    # event loop runs again: the new socket's games are still read every few seconds, or a
    # lost frame would never be healed.
    upkeep.watch("g-reload")
    upkeep.unwatch("g-reload", "channel-old")
    upkeep.watch("g-reload")
    await asyncio.sleep(0)  # the old task's cancellation runs
    try:
        assert upkeep._task is not None and not upkeep._task.done()
    finally:
        upkeep.unwatch("g-reload", "channel-new")
