"""The notification socket (`/ws/notifications/v1/`): a signed-in page hears "your move",
"time is running out" and "game over" notices for its player, whichever page it is."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from games import protocol
from games.framegate import FrameGate
from games.notifications.kinds import BROWSER, KINDS
from games.notifications.preferences import settings_for
from games.notifications.trigger import user_group

NOT_SIGNED_IN = 4401


def _browser_switches(user_id: Any) -> set[str]:
    prefs = settings_for([user_id])[user_id]
    return {k for k in KINDS if prefs.wants(BROWSER, k)}


class NotificationConsumer(FrameGate, AsyncJsonWebsocketConsumer):
    """One page's notification socket, in its player's group; its frames pass the gate every
    socket shares (games/framegate.py)."""

    group: str | None = None
    kinds: set[str]

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=NOT_SIGNED_IN)
            return
        self.kinds = await database_sync_to_async(_browser_switches)(user.pk)
        self.group = user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        self.open_gate()

    async def disconnect(self, code: int) -> None:
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_frame(self, content: Any) -> None:
        """`ping` gets `pong`; anything else is a bad frame."""
        if isinstance(content, dict) and content.get("t") == "ping":
            await self.send_json(protocol.pong_frame())
        else:
            await self.send_json(
                protocol.error_frame("frame/unknown_type", "this socket answers ping")
            )

    async def notify_notice(self, event: dict) -> None:
        """A notice for this player: forwarded when they keep that kind on in the browser."""
        if event.get("kind") in self.kinds:
            await self.send(text_data=event["text"])
