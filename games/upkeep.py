"""What a process's idle game sockets need, kept in memory and read or written in batches.

Every socket pings every 10 s and its presence row must be refreshed now and then (a row
not seen for selectors.PRESENCE_TTL stops counting). Done per socket, a thousand idle
sockets would be a thousand reads and writes queued on the database thread in front of the
players' moves. Here a ping is answered from memory, and one task per process, every
FLUSH_EVERY seconds, writes the presence refreshes of all its sockets in one statement and
reads the versions of all the games they watch in one query. The versions read tell a
socket that the channel layer lost a frame (games.consumers.GameConsumer._heal); the
frames the sockets forward keep them current in between.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from typing import Any

from games import selectors, services
from games.dbpaths import in_db_thread
from games.outages import DATABASE_DOWN

FLUSH_EVERY = 5.0  # seconds between a process's batched presence writes and version reads
logger = logging.getLogger(__name__)

_watched: Counter = Counter()  # game id -> sockets of this process on it
_versions: dict[Any, int] = {}  # game id -> its version as last read or forwarded
_touched: set[str] = set()  # channel names whose presence row is to be refreshed
_task: asyncio.Task | None = None


def watch(game_id: Any) -> None:
    """A socket of this process joined a game: keep its version, flush while any is open."""
    global _task
    _watched[str(game_id)] += 1
    loop = asyncio.get_running_loop()
    if _task is None or _task.done() or _task.get_loop() is not loop:
        _task = loop.create_task(_flush_now_and_then())


def unwatch(game_id: Any, channel_name: str) -> None:
    """A socket left: forget it, and the game when it was the last socket on it."""
    global _task
    key = str(game_id)
    _touched.discard(channel_name)
    _watched[key] -= 1
    if _watched[key] <= 0:
        del _watched[key]
        _versions.pop(key, None)
    if not _watched and _task is not None:
        # Forgotten at once: a socket that joins before the cancellation has run (a page
        # reloaded: the old socket leaves, the new one joins) must start a new task, not
        # count on one that is about to stop.
        _task.cancel()
        _task = None


def saw(game_id: Any, version: int) -> None:
    """A frame of `version` went to a socket of this game."""
    key = str(game_id)
    if key in _watched and version > _versions.get(key, 0):
        _versions[key] = version


def version(game_id: Any) -> int:
    """The game's version as this process last knew it (0 before the first read)."""
    return _versions.get(str(game_id), 0)


def touch(channel_name: str) -> None:
    """A socket's browser is still there: refresh its presence row at the next flush."""
    _touched.add(channel_name)


async def flush() -> None:
    """Write the waiting presence refreshes and read the watched games' versions, in one
    trip to the database thread."""
    touched, games = sorted(_touched), list(_watched)
    _touched.difference_update(touched)
    if not touched and not games:
        return
    try:
        read = await in_db_thread(_write_and_read)(touched, games)
    except DATABASE_DOWN:
        _touched.update(touched)  # written at the next flush, before the rows go stale
        raise
    for game_id, v in read.items():
        saw(game_id, v)


def _write_and_read(touched: list[str], games: list[Any]) -> dict[Any, int]:
    if touched:
        services.presence_touch_many(channel_names=touched)
    return selectors.versions_of(games)


async def _flush_now_and_then() -> None:
    while _watched:
        await asyncio.sleep(FLUSH_EVERY)
        try:
            await flush()
        except DATABASE_DOWN as exc:  # the sockets find out themselves; try again later
            logger.info("socket upkeep: database unavailable (%r)", exc)
        except Exception:  # one bad flush must not end the healing of every socket
            logger.exception("socket upkeep: flush failed")
