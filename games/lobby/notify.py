"""Tell lobby sockets that something changed, after the commit: everyone, or one user.

The lobby group carries only a "changed" nudge; each socket then reads its own lists (what a
viewer may list depends on who they are), so nothing private crosses the channel layer.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction

from games import broadcast, protocol
from games import engine_adapter as engine

LOBBY_GROUP = "lobby"
CHANGED = "lobby.changed"  # handled by LobbyConsumer.lobby_changed
TEXT = "lobby.text"  # a frame forwarded as is (LobbyConsumer.lobby_text)


def user_group(user_id: Any) -> str:
    return f"lobby.user.{user_id}"


def changed_message() -> dict:
    """A nudge; `id`: lists read after it arrived show its change (games.lobby.selectors)."""
    return {"type": CHANGED, "id": uuid.uuid4().hex}


def _changed() -> None:
    broadcast.send([(LOBBY_GROUP, changed_message())])


def lobby_changed() -> None:
    """After the current transaction commits, nudge every lobby socket once."""
    connection = transaction.get_connection()
    if connection.in_atomic_block and any(
        entry[1] is _changed for entry in connection.run_on_commit
    ):
        return  # already registered in this transaction
    transaction.on_commit(_changed)


def whose_turn(state: Any) -> tuple:
    """What the lobby's cards show of whose turn it is (games.lobby.selectors._turn): the
    ruleset's marker and the seats that may act (a window the other side answers)."""
    return (engine.turn_marker(state), tuple(engine.who_may_act(state)))


def turn_changed(before: Any, after: Any) -> None:
    """After a command's commit, nudge the lobby if it changed whose turn it is."""
    if whose_turn(before) != whose_turn(after):
        lobby_changed()


def user_frame(user_id: Any, frame: dict) -> None:
    """After the commit, send a frame to every lobby socket of one user."""
    text = protocol.encode(frame)
    transaction.on_commit(
        lambda: broadcast.send([(user_group(user_id), {"type": TEXT, "text": text})])
    )
