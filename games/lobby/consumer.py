"""The lobby socket (`/ws/lobby/v1/`): lists that update themselves, quick-match notices,
who is online. Public: anyone may watch the lobby; signed-in people also get their games."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.utils import timezone

from games import protocol
from games.framegate import FrameGate
from games.lobby import notify
from games.lobby.selectors import lobby_lists, note_change
from games.models import LobbyPresence

LOBBY = "lobby"  # server to browser: {"t": "lobby", "d": {open, watch, mine, queue, seek, online}}
REFRESH = "refresh"  # browser to server: send the lists again
COALESCE_SECONDS = 0.05  # a burst of changes (a game being created) becomes one frame


def _enter(channel_name: str, user: Any) -> None:
    LobbyPresence.objects.update_or_create(
        channel_name=channel_name,
        defaults={"user": user if getattr(user, "is_authenticated", False) else None},
    )


def _seen(channel_name: str) -> None:
    LobbyPresence.objects.filter(channel_name=channel_name).update(seen_at=timezone.now())


def _leave(channel_name: str) -> None:
    LobbyPresence.objects.filter(channel_name=channel_name).delete()


class LobbyConsumer(FrameGate, AsyncJsonWebsocketConsumer):
    """One lobby socket: in the lobby group, and in its user's group when signed in."""

    groups_joined: list[str]
    pending: asyncio.Task | None = None
    changes: set[str]  # nudges not yet answered with lists

    async def connect(self) -> None:
        """Accept every visitor, send the lists, tell the others someone arrived."""
        await self.accept()
        self.open_gate()
        user = self.scope.get("user")
        self.changes = set()
        self.groups_joined = [notify.LOBBY_GROUP]
        if user is not None and user.is_authenticated:
            self.groups_joined.append(notify.user_group(user.pk))
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await database_sync_to_async(_enter)(self.channel_name, user)
        await self._send_lists()
        await self.channel_layer.group_send(notify.LOBBY_GROUP, notify.changed_message())

    async def disconnect(self, code: int) -> None:
        """Leave the groups and the online list."""
        if self.pending is not None:
            self.pending.cancel()
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)
        await database_sync_to_async(_leave)(self.channel_name)
        await self.channel_layer.group_send(notify.LOBBY_GROUP, notify.changed_message())

    async def receive_frame(self, content: Any) -> None:
        """`ping` gets `pong`, `refresh` gets the lists; anything else is a bad frame."""
        kind = content.get("t") if isinstance(content, dict) else None
        if kind in ("ping", REFRESH):
            await database_sync_to_async(_seen)(self.channel_name)
        if kind == "ping":
            await self.send_json(protocol.pong_frame())
        elif kind == REFRESH:
            await self._send_lists()
        else:
            await self.send_json(
                protocol.error_frame("frame/unknown_type", "the lobby answers ping and refresh")
            )

    async def _send_lists(self, changes: frozenset[str] | None = None) -> None:
        data = await database_sync_to_async(lobby_lists)(self.scope.get("user"), changes)
        await self.send(text_data=protocol.encode({"t": LOBBY, "d": data}))

    async def _send_later(self) -> None:
        await asyncio.sleep(COALESCE_SECONDS)
        changes, self.pending, self.changes = frozenset(self.changes), None, set()
        await self._send_lists(changes)

    # -- group messages -------------------------------------------------------------------

    async def lobby_changed(self, event: dict) -> None:
        """Something in the lobby changed: send fresh lists once the burst is over."""
        change = str(event.get("id", ""))
        if change:
            note_change(change)
            self.changes.add(change)
        else:
            self.changes.add(f"local-{id(event)}-{time.monotonic()}")  # never reused
        if self.pending is None:
            self.pending = asyncio.ensure_future(self._send_later())

    async def lobby_text(self, event: dict) -> None:
        """A frame for this user (matched, removed, rematch): forward it as is."""
        await self.send(text_data=event["text"])
