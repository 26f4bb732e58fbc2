"""Chat lines per minute, on the socket: past the limit a line gets an `error` frame
(`rate/limited`), is not stored nor sent to anyone, and the socket stays open."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games.models import ChatMessage
from tests.consumers.conftest import Sock, game_path, sign_in
from tests.gamekit import started_game

pytestmark = pytest.mark.django_db(transaction=True)


def chat(text: str) -> dict:
    return {"t": "chat", "d": {"channel": "players", "text": text}}


async def test_a_chat_line_past_the_limit_gets_an_error_frame_and_reaches_nobody(
    app, memory_layer, settings
):
    settings.PGWEB_RATES = {**settings.PGWEB_RATES, "chat": "2/minute"}
    ann, ann_cookie = await sign_in("ann")
    bob, bob_cookie = await sign_in("bob")
    game = await database_sync_to_async(started_game)(ann, bob)
    talker = await Sock(app, game_path(game.pk), ann_cookie).open()
    listener = await Sock(app, game_path(game.pk), bob_cookie).open()
    for sock in (talker, listener):
        await sock.at_version(1)
    for n in (1, 2, 3):
        await talker.send(chat(f"line {n}"))
    answers = [await talker.until(lambda f: f["t"] in ("chat", "error")) for _ in range(3)]
    # The refusal comes straight back; the lines that passed come round through the group.
    refused = [a for a in answers if a["t"] == "error"]
    assert sorted(a["d"]["text"] for a in answers if a["t"] == "chat") == ["line 1", "line 2"]
    assert len(refused) == 1 and refused[0]["code"] == "rate/limited"
    assert "try again in" in refused[0]["message"]
    heard = [await listener.until(lambda f: f["t"] == "chat") for _ in range(2)]
    assert [f["d"]["text"] for f in heard] == ["line 1", "line 2"]
    assert not [f for f in await listener.quiet(0.3) if f["t"] == "chat"]
    await talker.send({"t": "ping"})
    assert (await talker.until(lambda f: f["t"] in ("pong", "closed")))["t"] == "pong"
    texts = await database_sync_to_async(
        lambda: sorted(ChatMessage.objects.values_list("text", flat=True))
    )()
    assert texts == ["line 1", "line 2"]
    # Another player still has their own allowance.
    await listener.send(chat("bob speaks"))
    assert (await listener.until(lambda f: f["t"] in ("chat", "error")))["t"] == "chat"
