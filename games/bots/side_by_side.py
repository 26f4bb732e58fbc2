"""Independent games played side by side: each in a worker process, or one after another here.

The library's balance run (`manage.py arena_library`) and the bots' benches play many games
that share nothing. With one worker they are played in this process: a forked child of a
process that runs threads (a test runner's, a server's) can deadlock on a lock another
thread held at the fork, and Python warns of exactly that. With more, each worker is a
forked copy of this process, its Django and engines already imported (a spawned one would
import them again, and would not have Django set up); the commands that ask for several
start no thread of their own before.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any


def each_done(
    play: Callable[..., Any], jobs: Sequence[tuple], workers: int
) -> Iterator[tuple[int, Any]]:
    """`(i, play(*jobs[i]))` for every job, as each is done: in order with one worker, in
    the order they finish with more. An error in a job is raised here."""
    if workers <= 1 or len(jobs) <= 1:
        for i, job in enumerate(jobs):
            yield i, play(*job)
        return
    fork = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=workers, mp_context=fork) as pool:
        futures = {pool.submit(play, *job): i for i, job in enumerate(jobs)}
        for future in as_completed(futures):
            yield futures[future], future.result()
