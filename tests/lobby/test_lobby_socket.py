"""The lobby socket and team chat through real WebsocketCommunicators (memory and Redis)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games import services
from games.models import Seat
from tests.consumers.conftest import Sock, game_path, sign_in
from tests.gamekit import SCENARIO, seat, started_game

pytestmark = pytest.mark.django_db(transaction=True)

LOBBY = "/ws/lobby/v1/"


def is_lobby(check):
    return lambda f: f["t"] == "lobby" and check(f["d"])


async def had_or_next(sock: Sock, check) -> dict:
    """The last frame the socket has had that passes `check`, else the next one: the lobby's
    push and a direct message travel apart, so either may come first."""
    had = [f for f in sock.frames if check(f)]
    return had[-1] if had else await sock.until(check)


async def test_the_lobby_socket_pushes_a_new_open_game_to_a_watching_client(app, any_layer):
    watcher = await Sock(app, LOBBY, None).open()
    first = await watcher.until(lambda f: f["t"] == "lobby")
    assert first["d"]["open"] == [] and first["d"]["me"] is None
    ann, _ = await sign_in("ann")
    game = await database_sync_to_async(services.game_create)(
        user=ann, scenario=SCENARIO, side="ge", seats_per_side=2
    )
    frame = await watcher.until(is_lobby(lambda d: d["open"]))
    (card,) = frame["d"]["open"]
    assert card["id"] == str(game.pk) and card["created_by"] == "ann" and card["free"] == 3
    assert card["scenario"]["title"] == "Meeting at Kesselbach"
    await watcher.send({"t": "ping"})
    await watcher.until(lambda f: f["t"] == "pong")
    await watcher.close()


async def test_a_private_game_is_not_pushed_to_strangers(app, memory_layer):
    watcher = await Sock(app, LOBBY, None).open()
    await watcher.until(lambda f: f["t"] == "lobby")
    ann, ann_cookie = await sign_in("ann")
    mine = await Sock(app, LOBBY, ann_cookie).open()
    await database_sync_to_async(services.game_create)(
        user=ann, scenario=SCENARIO, side="ge", options={"private": True}
    )
    frame = await mine.until(is_lobby(lambda d: d["mine"]))
    assert frame["d"]["open"] == [] or all(g["options"]["private"] for g in frame["d"]["mine"])
    for f in await watcher.quiet(0.3) + watcher.frames:
        if f["t"] == "lobby":
            assert f["d"]["open"] == []
    await watcher.close()
    await mine.close()


async def test_two_quick_matchers_are_each_told_their_game_and_the_queue_count_moves(
    app, any_layer
):
    ann, ann_cookie = await sign_in("ann")
    bob, bob_cookie = await sign_in("bob")
    a = await Sock(app, LOBBY, ann_cookie).open()
    b = await Sock(app, LOBBY, bob_cookie).open()
    await a.until(lambda f: f["t"] == "lobby")
    await database_sync_to_async(services.seek_create)(user=ann)
    counted = await b.until(is_lobby(lambda d: d["queue"]["1"] == 1))
    assert counted["d"]["seek"] is None
    await database_sync_to_async(services.seek_create)(user=bob)
    got_a = await a.until(lambda f: f["t"] == "matched")
    got_b = await b.until(lambda f: f["t"] == "matched")
    assert got_a["d"]["game"] == got_b["d"]["game"]
    mine = await had_or_next(a, is_lobby(lambda d: d["mine"]))
    assert mine["d"]["mine"][0]["id"] == got_a["d"]["game"]
    assert mine["d"]["mine"][0]["turn"]["turn"] == 1
    await a.close()
    await b.close()


async def test_the_lobby_lists_who_is_online(app, memory_layer):
    _, ann_cookie = await sign_in("ann")
    a = await Sock(app, LOBBY, ann_cookie).open()
    guest = await Sock(app, LOBBY, None).open()
    frame = await a.until(is_lobby(lambda d: d["online"]["visitors"] == 1))
    assert frame["d"]["online"]["users"] == ["ann"]
    await guest.close()
    await a.until(is_lobby(lambda d: d["online"]["visitors"] == 0))
    await a.close()


async def team_game():
    """Ann and Bob hold the Germans, Cid and Dan the Soviets; Sam watches. Started."""
    cookies, users = {}, {}
    for name in ("ann", "bob", "cid", "dan", "sam"):
        users[name], cookies[name] = await sign_in(name)

    def build():
        game = services.game_create(user=users["ann"], scenario=SCENARIO, side="ge",
                                    seats_per_side=2)  # fmt: skip
        services.game_join(game=game, user=users["bob"], side="ge")
        services.game_join(game=game, user=users["cid"], side="su")
        services.game_join(game=game, user=users["dan"], side="su")
        game.refresh_from_db()
        return game

    return await database_sync_to_async(build)(), cookies


async def test_side_chat_reaches_only_the_sides_seats_and_spectator_chat_never_players(
    app, any_layer
):
    game, cookies = await team_game()
    socks = {n: await Sock(app, game_path(game.pk), c).open() for n, c in cookies.items()}
    for sock in socks.values():
        await sock.at_version(1)
        await sock.quiet(0.1)
    await socks["ann"].send({"t": "chat", "d": {"channel": "side", "text": "Germans only"}})
    await socks["bob"].until(lambda f: f["t"] == "chat")  # the teammate hears it
    await socks["ann"].until(lambda f: f["t"] == "chat")  # and so does she
    await socks["sam"].send({"t": "chat", "d": {"channel": "spectators", "text": "watchers only"}})
    await socks["sam"].until(lambda f: f["t"] == "chat")
    await socks["dan"].send({"t": "chat", "d": {"channel": "side", "text": "Soviets only"}})
    await socks["cid"].until(lambda f: f["t"] == "chat")
    await socks["dan"].until(lambda f: f["t"] == "chat")
    # Every line that should arrive has; a quiet spell shows no other does.
    for sock in socks.values():
        await sock.quiet(0.3)
    assert socks["ann"].chat_lines() == socks["bob"].chat_lines() == ["Germans only"]
    assert socks["cid"].chat_lines() == socks["dan"].chat_lines() == ["Soviets only"]
    assert socks["sam"].chat_lines() == ["watchers only"]
    # A player cannot write to the spectators while the game runs.
    await socks["ann"].send({"t": "chat", "d": {"channel": "spectators", "text": "hi"}})
    assert (await socks["ann"].until(lambda f: f["t"] == "error"))["code"] == "chat/not_allowed"
    for sock in socks.values():
        await sock.close()


async def test_after_the_end_spectators_and_players_talk_together(app, memory_layer):
    game, cookies = await team_game()

    def resign():
        seat = Seat.objects.select_related("side").get(game=game, seat_id="su-1")
        services.game_resign(game=game, seat=seat)

    await database_sync_to_async(resign)()
    ann = await Sock(app, game_path(game.pk), cookies["ann"]).open()
    sam = await Sock(app, game_path(game.pk), cookies["sam"]).open()
    await ann.until(lambda f: f["t"] == "snapshot")  # sent once its socket is in the group
    await sam.send({"t": "chat", "d": {"channel": "spectators", "text": "well played"}})
    line = await ann.until(lambda f: f["t"] == "chat")
    assert line["d"]["text"] == "well played" and line["d"]["from"] == "sam"
    await ann.close()
    await sam.close()


async def test_seated_players_chat_in_the_room_before_the_start(app, memory_layer):
    ann, ann_cookie = await sign_in("ann")
    bob, bob_cookie = await sign_in("bob")

    def open_room():
        game = services.game_create(user=ann, scenario=SCENARIO, side="ge", seats_per_side=2)
        services.game_join(game=game, user=bob, side="su")
        return game

    game = await database_sync_to_async(open_room)()
    a = await Sock(app, game_path(game.pk), ann_cookie).open()
    b = await Sock(app, game_path(game.pk), bob_cookie).open()
    # Bob's socket hears of its own seat once it is in the room's group.
    await b.until(lambda f: f["t"] == "presence" and "su-1" in f["d"]["seats"])
    await a.send({"t": "chat", "d": {"channel": "players", "text": "<b>x</b> ready?"}})
    line = await b.until(lambda f: f["t"] == "chat")
    assert line["d"]["text"] == "<b>x</b> ready?"  # stored and sent as typed
    await a.close()
    await b.close()


async def test_a_change_is_read_once_per_process_however_many_watch(app, memory_layer, monkeypatch):
    from games.lobby import selectors as lobby_selectors

    watchers = [await Sock(app, LOBBY, None).open() for _ in range(5)]
    for sock in watchers:
        await sock.until(is_lobby(lambda d: d["online"]["visitors"] == 5))
        await sock.quiet(0.2)
    reads = []
    counts = lobby_selectors.queue_counts
    monkeypatch.setattr(lobby_selectors, "queue_counts", lambda: reads.append(1) or counts())
    ann, _ = await sign_in("ann")
    await database_sync_to_async(services.game_create)(user=ann, scenario=SCENARIO, side="ge")
    for sock in watchers:
        await sock.until(is_lobby(lambda d: d["open"]))
    assert len(reads) == 1
    for sock in watchers:
        await sock.close()


async def test_a_player_opening_their_game_shows_online_on_its_seat_in_the_lobby(app, memory_layer):
    ann, ann_cookie = await sign_in("ann")
    _, bob_cookie = await sign_in("bob")
    game = await database_sync_to_async(services.game_create)(
        user=ann, scenario=SCENARIO, side="ge", seats_per_side=2
    )
    watcher = await Sock(app, LOBBY, bob_cookie).open()

    def ann_online(d) -> bool:
        seats = [s for g in d["open"] for side in g["sides"] for s in side["seats"]]
        return any(s["user"] == "ann" and s["online"] for s in seats)

    first = await watcher.until(lambda f: f["t"] == "lobby")
    assert not ann_online(first["d"])
    sock = await Sock(app, game_path(game.pk), ann_cookie).open()
    await watcher.until(is_lobby(ann_online))
    await sock.close()
    await watcher.until(is_lobby(lambda d: not ann_online(d)))
    await watcher.close()


async def test_a_command_that_changes_whose_turn_it_is_is_pushed_to_the_lobby(app, any_layer):
    """No poll: the card's whose-turn line follows the commit of the command that changed it."""
    ann, ann_cookie = await sign_in("ann")
    bob, _ = await sign_in("bob")
    game = await database_sync_to_async(started_game)(ann, bob)
    a = await Sock(app, LOBBY, ann_cookie).open()
    first = await a.until(is_lobby(lambda d: d["mine"]))
    assert first["d"]["mine"][0]["turn"]["phase"] == "initiative"
    me = await database_sync_to_async(seat)(game, ann)
    await database_sync_to_async(services.command_submit)(
        game=game, seat=me, command={"type": "roll_initiative"}, base_version=game.version
    )
    moved = await a.until(is_lobby(lambda d: d["mine"][0]["turn"]["phase"] == "action"))
    assert moved["d"]["mine"][0]["turn"]["side"] in ("ge", "su")
    await a.close()
