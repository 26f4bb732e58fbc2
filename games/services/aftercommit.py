"""What a write leaves for after its commit: run then, or later, off the command's path.

A command is stored and committed first (DESIGN.md, "One command"); building the audiences'
frames, the step hooks (notifications, bots) and the end-of-game work come after. Two
things follow:

- a failure after the commit never undoes or hides the stored step: each piece of work is
  run on its own and a failure is logged, so the player still gets the `ack` of the command
  that was applied (the sweeps and the sockets' healing make up for a lost publication);
- a socket's command is answered before that work runs: the consumer submits the command
  inside `deferred()`, hands the `ack` to the event loop, then calls `run` on what was
  kept, on the same thread and in the same trip to it, so this process's publications keep
  their commit order.

Outside `deferred()` (the REST API, bots, tests) the work runs at the commit, as Django's
`on_commit` does.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.db import transaction

logger = logging.getLogger(__name__)
_local = threading.local()


def on_commit(work: Callable[[], None]) -> None:
    """Run `work` once the current transaction commits (at once outside one), or keep it
    for `run` when the caller asked for `deferred()`; a failure is logged, not raised."""
    transaction.on_commit(lambda: _run_or_keep(work), robust=True)


def _run_or_keep(work: Callable[[], None]) -> None:
    kept = getattr(_local, "kept", None)
    if kept is not None:
        kept.append(work)
        return
    run([work])


@contextmanager
def deferred() -> Iterator[list[Callable[[], None]]]:
    """Keep the after-commit work registered inside the block, in commit order, instead of
    running it; the caller runs it with `run` when it has answered."""
    outer = getattr(_local, "kept", None)
    _local.kept = kept = []
    try:
        yield kept
    finally:
        _local.kept = outer


def run(work: list[Callable[[], None]]) -> None:
    """Run kept work in order; one failing is logged and never stops the others."""
    for piece in work:
        try:
            piece()
        except Exception:
            logger.exception("after-commit work %s failed", getattr(piece, "__name__", piece))
