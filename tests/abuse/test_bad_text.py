"""Text no database or JSON encoder takes (a lone surrogate, NUL), sent to each socket: an
`error` frame (`frame/bad_text`), nothing stored or passed on, the socket still open.

The frames spell the surrogate as JSON does (`"\\udc00"`), as an attacker's script would;
Python's json decodes it to a string that UTF-8 cannot encode.
"""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games.models import ChatMessage
from tests.consumers.conftest import Sock, game_path, sign_in
from tests.gamekit import started_game

pytestmark = pytest.mark.django_db(transaction=True)

SURROGATE = "x\\udc00"  # as it stands in the frame's JSON text
NUL = "hi \\u0000"


def chat_frame(text: str) -> str:
    return '{"t":"chat","d":{"channel":"players","text":"' + text + '"}}'


async def answer_then_pong(sock: Sock, text: str) -> dict:
    """Send a raw frame, then a ping: the answer to the frame, and proof the socket lives."""
    await sock.send(text)
    answer = await sock.until(lambda f: f["t"] in ("error", "chat", "ack", "reject", "closed"))
    await sock.send({"t": "ping"})
    assert (await sock.until(lambda f: f["t"] in ("pong", "closed")))["t"] == "pong"
    return answer


def bad_text_error(answer: dict) -> bool:
    return answer["t"] == "error" and answer["code"] == "frame/bad_text"


async def test_it_refuses_chat_with_a_lone_surrogate_or_nul_and_stores_nothing(app, memory_layer):
    ann, ann_cookie = await sign_in("ann")
    bob, bob_cookie = await sign_in("bob")
    game = await database_sync_to_async(started_game)(ann, bob)
    talker = await Sock(app, game_path(game.pk), ann_cookie).open()
    listener = await Sock(app, game_path(game.pk), bob_cookie).open()
    for sock in (talker, listener):
        await sock.at_version(1)
    for text in (SURROGATE, NUL, "\\ud800\\udc00 ok" + "\\ud800"):
        assert bad_text_error(await answer_then_pong(talker, chat_frame(text))), text
    assert not [f for f in await listener.quiet(0.3) if f["t"] == "chat"]
    assert await database_sync_to_async(ChatMessage.objects.count)() == 0
    # A surrogate pair is a character like any other (U+10000): that line is said.
    assert (await answer_then_pong(talker, chat_frame("\\ud800\\udc00")))["t"] == "chat"


async def test_it_refuses_a_command_whose_acting_seat_holds_a_surrogate_from_a_spectator(
        app, memory_layer):
    ann, _ = await sign_in("ann")
    bob, _ = await sign_in("bob")
    _sam, sam_cookie = await sign_in("sam")
    game = await database_sync_to_async(started_game)(ann, bob)
    spectator = await Sock(app, game_path(game.pk), sam_cookie).open()
    await spectator.at_version(1)
    for seat in (SURROGATE, "ge-1\\u0000"):
        frame = '{"t":"cmd","id":1,"v":1,"s":"' + seat + '","d":{"type":"roll_initiative"}}'
        assert bad_text_error(await answer_then_pong(spectator, frame)), seat
    await database_sync_to_async(game.refresh_from_db)()
    assert game.version == 1


@pytest.mark.parametrize("path", ["/ws/lobby/v1/", "/ws/notifications/v1/"])
async def test_the_lobby_and_notification_sockets_refuse_bad_text_and_stay_open(
        app, memory_layer, path):
    _ann, cookie = await sign_in("ann")
    sock = await Sock(app, path, cookie).open()
    for text in ('{"t":"ping","x":"' + SURROGATE + '"}', '{"t":"' + NUL + '"}',
                 '{"' + SURROGATE + '":1}'):  # fmt: skip
        assert bad_text_error(await answer_then_pong(sock, text)), text
