"""The game socket: each audience its own frames, commands refereed, bad frames refused."""

from __future__ import annotations

import json
import random

import pytest
from channels.db import database_sync_to_async

from games import consumers, selectors, sendbuffer
from games import engine_adapter as engine
from games.models import Game, GameStep
from games.services import spectators
from tests.consumers.conftest import Sock, game_path, sign_in
from tests.gamekit import started_game

pytestmark = pytest.mark.django_db(transaction=True)

ROLL = {"type": "roll_initiative"}
VERSIONED = ("snapshot", "patch", "tick")


async def seated_game(**options):
    """Ann plays the Germans, Bob the Soviets; Sam only watches. Version 1."""
    ann, ann_cookie = await sign_in("ann")
    bob, bob_cookie = await sign_in("bob")
    _sam, sam_cookie = await sign_in("sam")
    game = await database_sync_to_async(started_game)(ann, bob, **options)
    return game, {"ann": ann_cookie, "bob": bob_cookie, "sam": sam_cookie}


async def game_row(game) -> Game:
    return await database_sync_to_async(Game.objects.get)(pk=game.pk)


def server_view(game_id, version: int, audience: str) -> dict:
    state = selectors.state_at(game_id, version)
    return engine.audience_view(game_id, version, state, audience)


def units(view: dict) -> list[dict]:
    """The view's counters, whether listed or keyed by id."""
    found = view["units"]
    return list(found.values()) if isinstance(found, dict) else found


def legal_of(view: dict, seat: str) -> list[dict]:
    return [c for cs in view.get("legal", {}).get(seat, {}).values() for c in cs]


async def test_each_audience_gets_its_own_frames_and_never_the_others(app, any_layer):
    game, cookies = await seated_game()
    ann = await Sock(app, game_path(game.pk), cookies["ann"]).open()
    bob = await Sock(app, game_path(game.pk), cookies["bob"]).open()
    sam = await Sock(app, game_path(game.pk), cookies["sam"]).open()
    for sock in (ann, bob, sam):
        await sock.at_version(1)
    # The Soviet tanks arrive on turn 3: until then only the Soviets know they exist.
    reinforcements = {u["id"] for u in units(bob.view) if u.get("entry_turn")}
    assert reinforcements
    assert not reinforcements & {u["id"] for u in units(ann.view)}
    assert not reinforcements & {u["id"] for u in units(sam.view)}
    assert set(ann.view["legal"]) == {"ge-1"} and set(bob.view["legal"]) == {"su-1"}
    assert "legal" not in sam.view

    rng = random.Random(7)
    socks = {"ge-1": ann, "su-1": bob}
    for n in range(1, 31):
        choices = [(s, legal_of(sock.view, s)) for s, sock in socks.items()]
        seat, legal = rng.choice([c for c in choices if c[1]])
        await socks[seat].send(
            {"t": "cmd", "id": n, "v": socks[seat].version, "d": rng.choice(legal)}
        )
        answer = await socks[seat].answer(n)
        assert answer["t"] == "ack", answer
        for sock in (ann, bob, sam):
            await sock.at_version(answer["v"])
    final = ann.version
    for sock, audience in ((ann, "side:ge"), (bob, "side:su"), (sam, "public")):
        # One frame per version, in order, and the rebuilt view is exactly the audience's.
        assert sock.versions == list(range(1, final + 1))
        assert sock.view == await database_sync_to_async(server_view)(game.pk, final, audience)
    # Each seat's legal commands reach that seat only; the Soviet reinforcements still off
    # the map reach neither the Germans nor the spectators (D-VIEW-1).
    for frame in bob.frames:
        assert "/legal/ge-1" not in json.dumps(frame)
    for frame in sam.frames:
        text = json.dumps(frame)
        assert "/legal" not in text
        assert not any(f'"{r}"' in text for r in reinforcements)
    for frame in ann.frames:
        text = json.dumps(frame)
        assert "/legal/su-1" not in text
        assert not any(f'"{r}"' in text for r in reinforcements)
    for sock in (ann, bob, sam):
        await sock.close()


async def test_signed_out_unknown_game_and_other_protocols_are_closed_with_their_codes(
    app, memory_layer
):
    game, cookies = await seated_game()
    cases = [
        (game_path(game.pk), None, 4401),
        (game_path("7d1e1c52-0000-4000-8000-000000000000"), cookies["ann"], 4404),
        (game_path("not-a-game"), cookies["ann"], 4404),
        (game_path(game.pk, protocol=2), cookies["ann"], 4409),
        (game_path(game.pk, extra="side=su"), cookies["ann"], 4403),  # a player peeking
    ]
    for path, cookie, code in cases:
        sock = await Sock(app, path, cookie).open()
        assert (await sock.next())["code"] == code, path


async def test_a_version_that_is_not_a_whole_number_is_refused_before_any_group(
    app, memory_layer
):
    game, cookies = await seated_game()
    for v in ("²", "-1", "1.5", "9" * 30, "%201"):
        sock = await Sock(app, game_path(game.pk, extra=f"v={v}"), cookies["ann"]).open()
        error = await sock.next()
        assert error["t"] == "error" and error["code"] == "frame/invalid", v
        assert (await sock.next())["code"] == 4409, v
    # An Arabic-Indic one is a digit to int() (it reads 1), not a protocol number.
    sock = await Sock(app, f"/ws/games/{game.pk}/v\u0661/", cookies["ann"]).open()
    assert (await sock.next())["code"] == 4409


@pytest.mark.parametrize("policy", ["none", "after_end"])
async def test_spectators_are_closed_out_where_the_policy_says_so(app, memory_layer, policy):
    game, cookies = await seated_game(spectators=policy)
    sock = await Sock(app, game_path(game.pk), cookies["sam"]).open()
    assert (await sock.next())["code"] == 4403


async def test_a_coach_sees_the_side_that_invited_them_and_nobody_else_may(app, memory_layer):
    game, cookies = await seated_game(spectators="coach")
    bob = await database_sync_to_async(lambda: game.seats.get(seat_id="su-1").user)()
    await database_sync_to_async(spectators.coach_invite)(game=game, user=bob, username="sam")
    coach = await Sock(app, game_path(game.pk), cookies["sam"]).open()
    await coach.at_version(1)
    assert set(coach.view["legal"]) == {"su-1"}
    _cleo, cleo_cookie = await sign_in("cleo")
    peeking = await Sock(app, game_path(game.pk, extra="side=su"), cleo_cookie).open()
    assert (await peeking.next())["code"] == 4403


async def test_commands_nobody_may_send_are_rejected_and_change_nothing(app, memory_layer):
    game, cookies = await seated_game()
    ann = await Sock(app, game_path(game.pk), cookies["ann"]).open()
    bob = await Sock(app, game_path(game.pk), cookies["bob"]).open()
    sam = await Sock(app, game_path(game.pk), cookies["sam"]).open()
    for sock in (ann, bob, sam):
        await sock.at_version(1)
    await ann.send({"t": "cmd", "id": 1, "v": 1, "d": ROLL})
    assert (await ann.answer(1))["v"] == 2
    for sock in (ann, bob, sam):
        await sock.at_version(2)
    idle = bob if bob.view["active_side"] == "ge" else ann
    cases = [
        (sam, {"t": "cmd", "id": 5, "v": 2, "d": {"type": "pass"}}, "seat/none"),
        (idle, {"t": "cmd", "id": 6, "v": 2, "d": {"type": "pass"}}, "command/not_your_activation"),
        (ann, {"t": "cmd", "id": 7, "v": 1, "d": {"type": "pass"}}, "state/stale_version"),
        (ann, {"t": "cmd", "id": 8, "v": 2, "d": {"type": "fly"}}, "command/invalid"),
    ]
    for sock, frame, code in cases:
        await sock.send(frame)
        answer = await sock.answer(frame["id"])
        assert (answer["t"], answer["code"]) == ("reject", code)
        assert answer["message"]
    assert (await game_row(game)).version == 2
    for sock in (ann, bob, sam):
        assert not [f for f in await sock.quiet(0.2) if f["t"] in VERSIONED]


async def test_bad_frames_get_an_error_and_change_nothing(app, memory_layer):
    game, cookies = await seated_game()
    ann = await Sock(app, game_path(game.pk), cookies["ann"]).open()
    await ann.at_version(1)
    cases = [
        ("not json", "frame/not_json"),
        ('{"t":"launch"}', "frame/unknown_type"),
        ('{"t":"cmd","v":1,"d":{"type":"roll_initiative"}}', "frame/invalid"),
        ('{"t":"sync"}', "frame/invalid"),
        (
            json.dumps({"t": "chat", "d": {"channel": "side", "text": "x" * 70_000}}),
            "frame/too_large",
        ),
    ]
    for text, code in cases:
        await ann.send(text)
        frame = await ann.until(lambda f: f["t"] == "error")
        assert frame["code"] == code and frame["message"]
    await ann.send({"t": "ping"})
    assert (await ann.until(lambda f: f["t"] in ("pong", "error")))["t"] == "pong"
    assert (await game_row(game)).version == 1


async def test_a_command_id_sent_twice_is_applied_once(app, memory_layer):
    game, cookies = await seated_game()
    ann = await Sock(app, game_path(game.pk), cookies["ann"]).open()
    bob = await Sock(app, game_path(game.pk), cookies["bob"]).open()
    await ann.at_version(1)
    await bob.at_version(1)
    for _ in range(2):
        await ann.send({"t": "cmd", "id": 17, "v": 1, "d": ROLL})
        assert await ann.answer(17) == {"t": "ack", "id": 17, "v": 2}
    await bob.at_version(2)
    assert not [f for f in await bob.quiet(0.3) if f["t"] in VERSIONED]
    assert await database_sync_to_async(GameStep.objects.filter(game=game).count)() == 2


async def test_a_command_is_answered_then_published_in_one_trip_to_the_command_thread(
    app, memory_layer, monkeypatch
):
    """The sender hears its ack before the version's frame, and the command costs one
    hand-over to the command thread and back (the frames are built there after the ack)."""
    trips = []
    real = consumers.in_command_thread

    def counted(fn):
        trips.append(fn.__name__)
        return real(fn)

    monkeypatch.setattr(consumers, "in_command_thread", counted)
    game, cookies = await seated_game()
    ann = await Sock(app, game_path(game.pk), cookies["ann"]).open()
    bob = await Sock(app, game_path(game.pk), cookies["bob"]).open()
    await ann.at_version(1)
    await ann.send({"t": "cmd", "id": 3, "v": 1, "d": ROLL})
    assert await ann.answer(3) == {"t": "ack", "id": 3, "v": 2}
    await ann.at_version(2)
    await bob.at_version(2)
    order = [f["t"] for f in ann.frames if f["t"] == "ack" or f.get("v") == 2]
    assert order == ["ack", "patch"]
    assert trips == ["_submit"]


async def test_a_socket_that_fell_behind_is_healed_from_history(app, memory_layer):
    game, cookies = await seated_game()
    ann = await Sock(app, game_path(game.pk), cookies["ann"]).open()
    await ann.at_version(1)
    await ann.send({"t": "cmd", "id": 1, "v": 1, "d": ROLL})
    await ann.answer(1)
    await ann.at_version(2)
    snapshot_at_1 = await database_sync_to_async(server_view)(game.pk, 1, "side:su")
    # Bob's browser has version 1 and reconnects with ?v=1: it gets the patch, not a snapshot.
    bob = await Sock(app, game_path(game.pk, v=1), cookies["bob"]).open()
    bob.view, bob.version = snapshot_at_1, 1
    await bob.at_version(2)
    assert [f["t"] for f in bob.frames if f["t"] in VERSIONED] in (["patch"], ["tick"])
    assert bob.view == await database_sync_to_async(server_view)(game.pk, 2, "side:su")
    # `sync` with the version it has asks again for everything after it.
    bob.view, bob.version = snapshot_at_1, 1
    await bob.send({"t": "sync", "v": 1})
    await bob.at_version(2)
    # A browser with no version, or one from the future, gets a snapshot.
    for v in (None, 99):
        late = await Sock(app, game_path(game.pk, v=v), cookies["bob"]).open()
        frame = await late.until(lambda f: f["t"] in VERSIONED)
        assert (frame["t"], frame["v"]) == ("snapshot", 2)


async def test_presence_counts_sockets_per_seat_and_spectators(app, memory_layer):
    game, cookies = await seated_game()
    ann = await Sock(app, game_path(game.pk), cookies["ann"]).open()
    sam = await Sock(app, game_path(game.pk), cookies["sam"]).open()
    frame = await ann.until(lambda f: f["t"] == "presence" and f["d"]["spectators"] == 1)
    assert frame["d"]["seats"] == {"ge-1": 1}
    bob = await Sock(app, game_path(game.pk), cookies["bob"]).open()
    await ann.until(lambda f: f["t"] == "presence" and f["d"]["seats"].get("su-1") == 1)
    await bob.close()
    await ann.until(lambda f: f["t"] == "presence" and "su-1" not in f["d"]["seats"])
    await sam.close()


async def test_chat_reaches_only_the_audiences_it_is_for(app, memory_layer):
    game, cookies = await seated_game()
    ann = await Sock(app, game_path(game.pk), cookies["ann"]).open()
    bob = await Sock(app, game_path(game.pk), cookies["bob"]).open()
    sam = await Sock(app, game_path(game.pk), cookies["sam"]).open()
    for sock in (ann, bob, sam):
        await sock.at_version(1)
        await sock.quiet(0.1)
    await ann.send({"t": "chat", "d": {"channel": "side", "text": "hold the <b>ridge</b>"}})
    line = await ann.until(lambda f: f["t"] == "chat")
    assert line["d"]["text"] == "hold the <b>ridge</b>" and line["d"]["from"] == "ann"
    await sam.send({"t": "chat", "d": {"channel": "spectators", "text": "they flank left"}})
    await sam.until(lambda f: f["t"] == "chat")
    await bob.send({"t": "chat", "d": {"channel": "players", "text": "good luck"}})
    for sock in (ann, bob, sam):
        await sock.until(lambda f: f["t"] == "chat" and f["d"]["channel"] == "players")
    assert not [f for f in await bob.quiet() if f["t"] == "chat"]
    assert bob.chat_lines() == ["good luck"]
    assert ann.chat_lines() == [
        "hold the <b>ridge</b>",
        "good luck",
    ]
    await sam.send({"t": "chat", "d": {"channel": "players", "text": "psst"}})
    assert (await sam.until(lambda f: f["t"] == "error"))["code"] == "chat/not_allowed"


async def test_two_players_and_spectators_play_the_learning_scenario_to_its_end(app, memory_layer):
    """Two browsers' worth of scripted clients play through the socket; spectators follow."""
    game, cookies = await seated_game()
    ann = await Sock(app, game_path(game.pk), cookies["ann"]).open()
    bob = await Sock(app, game_path(game.pk), cookies["bob"]).open()
    watchers = [await Sock(app, game_path(game.pk), cookies["sam"]).open() for _ in range(2)]
    everyone = [ann, bob, *watchers]
    for sock in everyone:
        await sock.at_version(1)
    rng = random.Random(3)
    socks = {"ge-1": ann, "su-1": bob}
    n = 0
    while ann.view["result"] is None:
        n += 1
        assert n < 3000, "the game did not end"
        choices = [(s, sock.view.get("legal", {}).get(s, {})) for s, sock in socks.items()]
        seat, groups = rng.choice([c for c in choices if c[1]])
        command = rng.choice(groups[rng.choice(sorted(groups))])
        sock = socks[seat]
        await sock.send({"t": "cmd", "id": n, "v": sock.version, "d": command})
        answer = await sock.answer(n)
        assert answer["t"] == "ack", answer
        for other in everyone:
            await other.at_version(answer["v"])
    row = await game_row(game)
    shown = dict(ann.view["result"])
    words = shown.pop("words")  # the result in words is the view's (games/results.py), not stored
    assert row.status == "finished" and row.result == shown
    assert words["title"].startswith("Game over")
    for sock in everyone:
        assert sock.versions == list(range(1, row.version + 1))
        assert sock.view["result"] == {**row.result, "words": words}
    # Once the game has ended every audience sees everything.
    assert ann.view == bob.view == watchers[0].view


async def test_a_command_sent_through_the_rest_api_reaches_the_sockets(app, memory_layer):
    from django.test import Client

    game, cookies = await seated_game()
    ann = await Sock(app, game_path(game.pk), cookies["ann"]).open()
    sam = await Sock(app, game_path(game.pk), cookies["sam"]).open()
    await ann.at_version(1)
    await sam.at_version(1)

    def post_command():
        client = Client()
        client.cookies["sessionid"] = cookies["bob"]
        body = {"id": 1, "v": 1, "command": ROLL}
        return client.post(
            f"/api/v1/games/{game.pk}/commands", body, content_type="application/json"
        ).json()

    assert await database_sync_to_async(post_command)() == {"t": "ack", "id": 1, "v": 2}
    await ann.at_version(2)
    await sam.at_version(2)
    assert ann.view == await database_sync_to_async(server_view)(game.pk, 2, "side:ge")


async def test_a_frame_for_a_browser_already_gone_is_dropped_without_a_traceback():
    """Daphne raises `Disconnected` for a frame sent after the browser's close frame came in
    and before the socket's disconnect message is handled (a moment nothing outside daphne
    can hold open, hence the stand-in `send`): the socket stops sending and says nothing."""
    sent: list[dict] = []

    async def closing_send(message: dict) -> None:
        sent.append(message)
        raise sendbuffer.BROWSER_GONE[0]("Attempt to send on a closed protocol")

    consumer = consumers.GameConsumer()
    consumer.base_send, consumer.game_id, consumer.last = closing_send, "g", 4
    await consumer.game_frame({"v": 5, "text": "five"})
    await consumer.game_frame({"v": 6, "text": "six"})
    assert sent == [{"type": "websocket.send", "text": "five"}] and consumer.closing
