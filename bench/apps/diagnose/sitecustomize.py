"""Imported by every Python process started with this folder on PYTHONPATH (bench/soak.py
--diagnose puts it there for its daphne processes): records the process's garbage
collections and its event loop's lags, so a soak's slow commands can be matched with what
stalled a server. Each record is one line appended to $PGWEB_DIAGNOSE_DIR/<pid>.log:

  gc <wall time> <generation> <ms> <cpu ms> <objects collected>    (every collection)
  lag <wall time> <ms>                                     (the loop woke that late)

Nothing here changes what the process does: it only times it.
"""

from __future__ import annotations

import asyncio
import gc
import os
import time

DIR = os.environ.get("PGWEB_DIAGNOSE_DIR")
TICK = 0.02  # seconds between the loop's wake-ups; a lag is how late it woke
LAG_LOGGED = 0.01  # seconds of lag worth a line


def _install() -> None:
    out = open(os.path.join(DIR, f"{os.getpid()}.log"), "a", buffering=1)  # noqa: SIM115
    started: list[float] = []

    def on_gc(phase: str, info: dict) -> None:
        if phase == "start":
            started.append((time.perf_counter(), time.thread_time()))
        elif started:
            wall, cpu = started.pop()
            ms, cpu_ms = (time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000
            out.write(f"gc {time.time():.3f} {info['generation']} {ms:.2f} {cpu_ms:.2f} "
                      f"{info['collected']}\n")

    gc.callbacks.append(on_gc)

    async def watch_lag() -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(TICK)
            late = time.perf_counter() - before - TICK
            if late >= LAG_LOGGED:
                out.write(f"lag {time.time():.3f} {late * 1000:.1f}\n")

    run_forever = asyncio.BaseEventLoop.run_forever

    def run_forever_watched(self):  # daphne's reactor runs the loop this way
        if not getattr(self, "_lag_watched", False):  # asyncio.run runs a loop thrice
            self._lag_watched = True
            self.create_task(watch_lag())
        return run_forever(self)

    asyncio.BaseEventLoop.run_forever = run_forever_watched


if DIR:
    _install()
