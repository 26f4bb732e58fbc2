"""A bare Channels group echo, the baseline for bench/broadcast.py.

Every socket joins one group; a text frame from any socket is sent to the group as is, and
every socket forwards it. No database, no rules, no views: what is left is Channels, the
channel layer and daphne, so the difference from the game's numbers is pgweb's own cost.
Served by `daphne echo_asgi:application` with bench/apps/ on PYTHONPATH.
"""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pgweb.settings")

import django  # noqa: E402

django.setup()

from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

GROUP = "bench.echo"


class EchoConsumer(AsyncWebsocketConsumer):
    groups = [GROUP]

    async def receive(self, text_data=None, bytes_data=None):
        await self.channel_layer.group_send(GROUP, {"type": "echo", "text": text_data})

    async def echo(self, event):
        await self.send(text_data=event["text"])


application = ProtocolTypeRouter(
    {"websocket": URLRouter([path("ws/echo/", EchoConsumer.as_asgi())])}
)
