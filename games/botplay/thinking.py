"""Where bots think under daphne: a few daemon threads beside the event loop.

A bot's search is pure computation (`runner.think`: no database, no lock) and can run for
seconds. In the event loop's default executor (asgiref's `sync_to_async` with
`thread_sensitive=False`) a search under way held a stopping server: Python joins executor
threads at exit, so SIGTERM waited for every search still running, and a restart looked
hung. Daemon threads are not joined. A search cut off by a stop leaves its claim to run out;
the next process's kick or the periodic sweep takes the turn again (sweep.py), as after a
crash.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable
from typing import Any

# Searches that may run at once in a process. The GIL gives them no more CPU together than
# one; more than one keeps a quick bot's answer from waiting behind a long search.
THINKERS = 4

_jobs: queue.SimpleQueue = queue.SimpleQueue()
_threads: list[threading.Thread] = []
_lock = threading.Lock()


async def aside(fn: Callable[[Any], Any], arg: Any) -> Any:
    """`fn(arg)` in a thinker thread; its result or its exception, in the awaiting task."""
    loop = asyncio.get_running_loop()
    future = loop.create_future()
    _start_thinkers()
    _jobs.put((loop, future, fn, arg))
    return await future


def _start_thinkers() -> None:
    with _lock:
        while len(_threads) < THINKERS:
            thread = threading.Thread(target=_think_on, daemon=True,
                                      name=f"bot-thinker-{len(_threads)}")
            thread.start()
            _threads.append(thread)


def _think_on() -> None:
    while True:
        loop, future, fn, arg = _jobs.get()
        try:
            result, error = fn(arg), None
        except Exception as exc:  # handed to the task that asked
            result, error = None, exc
        try:
            loop.call_soon_threadsafe(_settle, future, result, error)
        except RuntimeError:  # the loop has closed: the server is stopping
            pass


def _settle(future: asyncio.Future, result: Any, error: Exception | None) -> None:
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)
