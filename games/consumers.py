"""Answer websocket frames; consumers stay thin: parse, call a service, forward frames."""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer


class LobbyConsumer(AsyncJsonWebsocketConsumer):
    """Keep a lobby socket open and answer its pings (the lobby issue adds the lists)."""

    async def connect(self) -> None:
        """Accept every visitor: the lobby is public."""
        await self.accept()

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """Answer `ping` with `pong`; anything else is a bad frame."""
        if isinstance(content, dict) and content.get("t") == "ping":
            await self.send_json({"t": "pong"})
        else:
            await self.send_json({"t": "error", "d": {"code": "frame/unknown"}})
