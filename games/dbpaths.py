"""The sockets' ways to the database: commands on a thread of their own, the rest on another.

A player's move must not wait behind a burst of catch-ups, presence writes or connects of
other sockets in the same process (or they behind it): `in_command_thread` runs commands
(and the publication each leaves for after its answer, services.aftercommit) on one thread,
in the order they came, so this process's publications keep their commit order;
`in_db_thread` runs everything else the sockets read or write on Channels' shared thread.
Each thread keeps its own database connection between calls.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import sync_to_async
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections

IDLE_CHECK = 30.0  # seconds idle after which the kept database connection is checked first
_last_use: dict[int, float] = {}  # id of a thread's connection -> when it was last used
_commands: ThreadPoolExecutor | None = None
_apart: bool | None = None  # commands_apart(), once decided


def keeping_connection(fn):
    """`fn`, run with the calling thread's database connection kept open between calls.

    Channels' own wrapper closes the connection around every call when CONN_MAX_AGE is 0
    (pgweb's setting, for the per-request threads of ASGI views): a command would then pay
    for a new database connection each time. Here the connection stays, and one that failed,
    or sat idle long enough for the server to have gone away, is checked (PostgreSQL:
    SELECT 1) and replaced on the next call.
    """

    def run(*args, **kwargs):
        connection = connections[DEFAULT_DB_ALIAS]  # this thread's own
        if connection.connection is not None:
            idle = time.monotonic() - _last_use.get(id(connection), 0.0)
            if connection.errors_occurred or idle > IDLE_CHECK:
                if not connection.is_usable():
                    connection.close()
                connection.errors_occurred = False
        try:
            return fn(*args, **kwargs)
        except DatabaseError:
            connection.errors_occurred = True
            raise
        finally:
            _last_use[id(connection)] = time.monotonic()

    return run


def in_db_thread(fn):
    """`fn` as a coroutine function, run in the one worker thread the sockets share for
    everything but commands (connects, catch-ups, presence, chat)."""
    return sync_to_async(keeping_connection(fn), thread_sensitive=True)


def commands_apart() -> bool:
    """Whether commands get a thread of their own: on every database but an in-memory
    SQLite one (the test database), whose second connection would find its tables locked
    by the first instead of waiting its turn. Decided once per process."""
    global _apart
    if _apart is None:
        db = connections[DEFAULT_DB_ALIAS]
        _apart = not (db.vendor == "sqlite" and db.is_in_memory_db())
    return _apart


def in_command_thread(fn):
    """`fn` as a coroutine function, run in this process's command thread (or with the
    rest, where commands_apart() says no)."""
    global _commands
    if not commands_apart():
        return in_db_thread(fn)
    if _commands is None:
        _commands = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pgweb-commands")
    return sync_to_async(keeping_connection(fn), thread_sensitive=False, executor=_commands)
