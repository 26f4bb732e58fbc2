"""Mute on the game socket: the muted player's lines never reach the muter's sockets; every
other socket gets them as before."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games.community import blocks
from tests.consumers.conftest import Sock, game_path, sign_in
from tests.gamekit import started_team_game

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_muted_players_chat_never_reaches_the_muter(app, any_layer):
    people = {}
    cookies = {}
    for name in ("ann", "amy", "bob", "bea", "sam"):
        people[name], cookies[name] = await sign_in(name)
    game = await database_sync_to_async(started_team_game)(
        (people["ann"], people["amy"]), (people["bob"], people["bea"]))
    await database_sync_to_async(blocks.mute)(user=people["ann"], player="bob")
    socks = {n: await Sock(app, game_path(game.pk), cookies[n]).open() for n in cookies}
    for sock in socks.values():
        await sock.at_version(1)
        await sock.quiet(0.1)
    await socks["bob"].send({"t": "chat", "d": {"channel": "players", "text": "good luck"}})
    await socks["amy"].send({"t": "chat", "d": {"channel": "players", "text": "thanks"}})
    # Two players' lines reach the game's group in whichever order their sockets handle them
    # (every socket then hears that one order), so each is waited for on its own.
    for name in ("amy", "bob", "bea"):
        for text in ("good luck", "thanks"):
            await socks[name].heard(text)
        assert sorted(socks[name].chat_lines()) == ["good luck", "thanks"]
    # A line sent once bob's has been heard reaches ann's socket after bob's did: by the
    # time she has it, her socket has handled bob's line, and dropped it.
    await socks["amy"].send({"t": "chat", "d": {"channel": "players", "text": "ready"}})
    await socks["ann"].heard("thanks")
    await socks["ann"].heard("ready")
    assert sorted(socks["ann"].chat_lines()) == ["ready", "thanks"]  # bob's line never came
    await socks["bob"].send({"t": "chat", "d": {"channel": "side", "text": "left flank"}})
    await socks["bea"].until(lambda f: f["t"] == "chat" and f["d"]["text"] == "left flank")
