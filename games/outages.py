"""What counts as a service pgweb depends on being down, and what a player is told then.

The database (PostgreSQL) and the channel layer (Redis) can go away and come back: a
restart, a fail-over, a network blip. Requests and sockets that meet such an outage answer
with a clear "unavailable, try again" (HTTP 503, an `error` frame and close code 4503)
instead of a crash, and nothing half-done is kept: a command is one transaction, published
only after its commit. Only connection-level errors count: a constraint violation or a
bad query is a bug and stays one.
"""

from __future__ import annotations

from django.db import InterfaceError, OperationalError
from redis.exceptions import RedisError

# The database cannot be reached: refused, reset, closed, shutting down, in recovery.
DATABASE_DOWN: tuple[type[BaseException], ...] = (OperationalError, InterfaceError)
# The channel layer cannot be reached (channels_redis raises redis-py's errors, and the
# socket's own errors when the server refuses or drops the connection).
LAYER_DOWN: tuple[type[BaseException], ...] = (RedisError, OSError)

UNAVAILABLE = "service/unavailable"
DATABASE_MESSAGE = "the game database is unavailable just now; try again in a few seconds"
LAYER_MESSAGE = "live updates are unavailable just now; reconnecting"
RETRY_AFTER_SECONDS = 5
