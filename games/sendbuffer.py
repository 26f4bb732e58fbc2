"""How many bytes the server holds for one websocket that its browser has not read yet.

ASGI has no back-pressure for websockets: daphne writes each frame into the connection's
Twisted transport at once, and what the peer does not read piles up in the transport's
buffer (after the kernel's). A tab that froze or a link that died while the socket stays
open would make that pile grow with every frame of the game, without bound. The consumer
asks `pending_bytes` after each frame it sends and closes the socket once the pile passes
`settings.PGWEB_SOCKET_SEND_BUFFER` (games/consumers.py).

The kernel's own buffer for the connection is bounded too (`limit_kernel_buffer`): Linux
grows a socket's send buffer up to megabytes when the peer stalls, per socket, outside any
cap of ours; fixing SO_SNDBUF keeps it near the same size (a board game needs no more).

Daphne hands an application `send = partial(server.handle_reply, protocol)`, and Channels'
session middleware wraps it; the protocol's transport is a Twisted `FileDescriptor`, whose
unsent bytes are `dataBuffer[offset:]` plus the `_tempDataBuffer` list (`_tempDataLen`
bytes). Under another server (the tests' in-process communicator) there is no transport
and nothing is measured.
"""

from __future__ import annotations

import functools
import socket
from typing import Any

from autobahn.exception import Disconnected

# What daphne's `send` raises for a frame sent after the browser's close frame came in and
# before the consumer got its disconnect message (the protocol is closing, not yet closed).
BROWSER_GONE = (Disconnected,)


def transport_of(send: Any) -> Any | None:
    """The Twisted transport under an ASGI `send` callable, or None when there is none."""
    for _ in range(8):  # a few wrappers deep at most
        wrapper = getattr(send, "__self__", None)
        if wrapper is not None and hasattr(wrapper, "real_send"):  # channels.sessions
            send = wrapper.real_send
            continue
        if isinstance(send, functools.partial) and send.args:
            transport = getattr(send.args[0], "transport", None)  # daphne's protocol
            return transport if _measurable(transport) else None
        return None
    return None


def _measurable(transport: Any) -> bool:
    return all(hasattr(transport, a) for a in ("dataBuffer", "offset", "_tempDataLen"))


def pending_bytes(transport: Any) -> int:
    """Bytes written to the transport and not yet taken by the kernel."""
    return len(transport.dataBuffer) - transport.offset + transport._tempDataLen


def limit_kernel_buffer(transport: Any, size: int) -> None:
    """Fix the connection's kernel send buffer at about `size` bytes (Linux doubles it and
    caps it at net.core.wmem_max); a transport without a socket is left alone."""
    try:
        transport.getHandle().setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, size)
    except (AttributeError, OSError):
        pass
