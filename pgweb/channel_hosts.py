"""How the channel layer reaches Redis: one entry per server, for channels_redis's `hosts`.

channels_redis's per-socket ("core") layer waits for a socket's next message with a
blocking BZPOPMIN of `brpop_timeout` (5 s), and redis-py 8 reads every reply with a 5 s
socket timeout unless told otherwise. On a busy machine the client's timer can run out
before the server's empty answer arrives: the read raises, and the socket's consumer dies
with it (seen in the lobby's quick-match test under load). The layer's connections wait
longer than any wait the layer asks Redis for; a Redis that does not answer in that time is
down, and the layer's errors are handled as they were.
"""

from __future__ import annotations

SOCKET_TIMEOUT = 15.0  # seconds: three times channels_redis's blocking receive


def channel_hosts(url: str) -> list[dict]:
    """The `hosts` of a channels_redis layer on the server at `url`."""
    return [{"address": url, "socket_timeout": SOCKET_TIMEOUT}]
