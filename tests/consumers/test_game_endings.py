"""Ending a game by agreement on the socket: a team's draw offer reaches the other side only
once the whole team agreed, a decline withdraws it, an abort ends a game nobody moved in."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games.models import FINISHED, DrawOffer, Game
from tests.consumers.conftest import Sock, game_path, sign_in
from tests.gamekit import started_game, started_team_game

pytestmark = pytest.mark.django_db(transaction=True)


async def game_row(game) -> Game:
    return await database_sync_to_async(Game.objects.get)(pk=game.pk)


def offers(sock: Sock) -> list[dict]:
    return [f for f in sock.frames if f["t"] == "offer"]


async def open_all(app, game, cookies: dict) -> dict[str, Sock]:
    socks = {}
    for name, cookie in cookies.items():
        socks[name] = await Sock(app, game_path(game.pk), cookie).open()
        await socks[name].at_version(1)
        await socks[name].quiet(0.1)
    return socks


async def test_a_team_offers_a_draw_together_and_the_other_team_accepts_it(app, any_layer):
    people = {name: await sign_in(name) for name in ("ann", "gia", "bob", "ben", "sam")}
    users = {name: user for name, (user, _cookie) in people.items()}
    game = await database_sync_to_async(started_team_game)(
        (users["ann"], users["gia"]), (users["bob"], users["ben"])
    )
    s = await open_all(app, game, {name: cookie for name, (_u, cookie) in people.items()})

    await s["ann"].send({"t": "cmd", "id": 1, "v": 1, "d": {"type": "offer_draw"}})
    assert (await s["ann"].answer(1)) == {"t": "ack", "id": 1, "v": 1}
    partner = await s["gia"].until(lambda f: f["t"] == "offer")
    assert partner["d"]["offers"] == [{
        "by": "ge", "stands": False, "agreed": ["ge-1"], "waiting": ["ge-2", "su-1", "su-2"],
    }]  # fmt: skip
    # The other team and the spectator learn nothing of an offer the team has not agreed.
    for name in ("bob", "ben", "sam"):
        assert offers(s[name]) == [] and not [f for f in await s[name].quiet() if f["t"] == "offer"]
    await s["bob"].send({"t": "cmd", "id": 1, "v": 1, "d": {"type": "accept_draw"}})
    assert (await s["bob"].answer(1))["code"] == "draw/no_offer"

    await s["gia"].send({"t": "cmd", "id": 1, "v": 1, "d": {"type": "offer_draw"}})
    for name in ("bob", "ben"):
        seen = await s[name].until(lambda f: f["t"] == "offer")
        assert seen["d"]["offers"][0]["stands"] is True
    await s["bob"].send({"t": "cmd", "id": 2, "v": 1, "d": {"type": "accept_draw"}})
    await s["ben"].until(lambda f: f["t"] == "offer" and "su-1" in f["d"]["offers"][0]["agreed"])
    assert (await game_row(game)).status != FINISHED
    await s["ben"].send({"t": "cmd", "id": 1, "v": 1, "d": {"type": "accept_draw"}})
    assert (await s["ben"].answer(1))["v"] == 2
    for sock in s.values():
        await sock.at_version(2)
        ended = [e for e in sock.log if e.get("type") == "game_ended"]
        assert ended and ended[0]["reason"] == "agreed_draw"
    row = await game_row(game)
    assert (row.status, row.result["winner"], row.result["agreed"]) == (FINISHED, None, "draw")
    assert await database_sync_to_async(DrawOffer.objects.filter(game=game).count)() == 0
    assert offers(s["sam"]) == []


async def test_a_declined_offer_is_withdrawn_from_both_sides(app, memory_layer):
    ann, ann_cookie = await sign_in("ann")
    bob, bob_cookie = await sign_in("bob")
    game = await database_sync_to_async(started_game)(ann, bob)
    s = await open_all(app, game, {"ann": ann_cookie, "bob": bob_cookie})
    await s["ann"].send({"t": "cmd", "id": 1, "v": 1, "d": {"type": "offer_draw"}})
    made = await s["bob"].until(lambda f: f["t"] == "offer")
    assert made["d"]["offers"][0]["by"] == "ge" and made["d"]["offers"][0]["stands"]
    # A socket opened now learns of the offer at once.
    late = await Sock(app, game_path(game.pk), bob_cookie).open()
    await late.until(lambda f: f["t"] == "offer" and f["d"]["offers"])
    await s["bob"].send({"t": "cmd", "id": 1, "v": 1, "d": {"type": "decline_draw"}})
    assert (await s["bob"].answer(1))["t"] == "ack"
    for sock in (s["ann"], s["bob"], late):
        await sock.until(lambda f: f["t"] == "offer" and f["d"]["offers"] == [])
    # The offering side is told who declined, in words its page shows as they are.
    told = [f for f in offers(s["ann"]) if f["d"]["offers"] == []][-1]
    assert told["d"]["declined"]["text"] == "Soviet declined your draw offer."
    assert (await game_row(game)).version == 1


async def test_an_abort_ends_a_game_nobody_has_moved_in_and_no_later(app, memory_layer):
    ann, ann_cookie = await sign_in("ann")
    bob, bob_cookie = await sign_in("bob")
    game = await database_sync_to_async(started_game)(ann, bob)
    later = await database_sync_to_async(started_game)(ann, bob)
    s = await open_all(app, game, {"ann": ann_cookie, "bob": bob_cookie})
    await s["bob"].send({"t": "cmd", "id": 1, "v": 1, "d": {"type": "abort"}})
    assert (await s["bob"].answer(1)) == {"t": "ack", "id": 1, "v": 2}
    await s["ann"].at_version(2)
    assert [e["reason"] for e in s["ann"].log if e["type"] == "game_ended"] == ["aborted"]
    row = await game_row(game)
    assert (row.status, row.result["agreed"]) == (FINISHED, "abort")

    sock = await Sock(app, game_path(later.pk), ann_cookie).open()
    await sock.at_version(1)
    await sock.send({"t": "cmd", "id": 1, "v": 1, "d": {"type": "roll_initiative"}})
    assert (await sock.answer(1))["t"] == "ack"
    await sock.send({"t": "cmd", "id": 2, "v": 2, "d": {"type": "abort"}})
    assert (await sock.answer(2))["code"] == "game/started"
    assert (await game_row(later)).status != FINISHED


async def test_nobody_sends_the_engines_end_agreed_command_themselves(app, memory_layer):
    ann, ann_cookie = await sign_in("ann")
    bob, _ = await sign_in("bob")
    game = await database_sync_to_async(started_game)(ann, bob)
    sock = await Sock(app, game_path(game.pk), ann_cookie).open()
    await sock.at_version(1)
    await sock.send({"t": "cmd", "id": 1, "v": 1, "d": {"type": "end_agreed", "outcome": "draw"}})
    assert (await sock.answer(1))["code"] == "command/illegal"
    assert (await game_row(game)).version == 1
