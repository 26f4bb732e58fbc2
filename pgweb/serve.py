"""Start daphne for pgweb: `python -m pgweb.serve -b HOST -p PORT pgweb.asgi:application`.

daphne with one change: a websocket message over daphne's size limit
(`--websocket_max_message_size`, 1 MB by default) is answered with close code 1009 and a
reason, as RFC 6455 asks. daphne's own server leaves autobahn's `failByDrop` on, which drops
the TCP connection instead: the browser saw 1006 without a reason, and the consumer, not yet
told, went on sending into the closed protocol ("Attempt to send on a closed protocol").
"""

from __future__ import annotations

from typing import Any

from daphne.cli import CommandLineInterface
from daphne.server import Server


class PgwebServer(Server):
    """daphne's server, failing a websocket with a close frame rather than a dropped TCP
    connection (a message too big: 1009)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        then = self.ready_callable
        # Called by Server.run once its websocket factory exists, before the reactor runs
        # (before any connection is accepted).
        def ready() -> None:
            self.ws_factory.setProtocolOptions(failByDrop=False)
            if then is not None:
                then()

        self.ready_callable = ready


class PgwebCommandLine(CommandLineInterface):
    """daphne's command line, serving with `PgwebServer`."""

    server_class = PgwebServer


if __name__ == "__main__":
    PgwebCommandLine.entrypoint()
