"""The game socket acts for a partner's seat: a command frame naming a seat (`s`) the user
stands in for goes through the same command_submit as their own; anyone else's is refused.
Clock changes made outside a step reach every socket of the game as a `clock` frame."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games import engine_adapter as engine
from games.clocks import absence, vacation
from tests.clocks.kit import team_game
from tests.consumers.conftest import (  # noqa: F401 (fixtures)
    Sock,
    app,
    close_sockets_after_the_test,
    game_path,
    memory_layer,
)
from tests.gamekit import state_of

pytestmark = pytest.mark.django_db(transaction=True)


def cookie_of(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


async def team(control: str):
    game, people = await database_sync_to_async(team_game)(control)
    cookies = [await database_sync_to_async(cookie_of)(u) for u in people]
    return game, people, cookies


async def test_a_partner_acts_for_a_seat_whose_player_is_on_vacation(app, memory_layer):  # noqa: F811
    game, (ann, bob, cid, dan), (_, bob_c, cid_c, _dan_c) = await team("days-3")
    bob_s = await Sock(app, game_path(game.pk), bob_c).open()
    cid_s = await Sock(app, game_path(game.pk), cid_c).open()
    for sock in (bob_s, cid_s):
        await sock.at_version(1)
    # Bob may not act for Ann while she is at home.
    await bob_s.send({"t": "cmd", "id": 1, "v": 1, "d": {"type": "roll_initiative"}, "s": "ge-1"})
    answer = await bob_s.answer(1)
    assert (answer["t"], answer["code"]) == ("reject", "seat/not_yours")

    await database_sync_to_async(vacation.vacation_start)(user=ann, days=3)
    # Every socket of the game hears the clocks change: Ann's side stands still.
    for sock in (bob_s, cid_s):
        frame = await sock.until(lambda f: f["t"] == "clock")
        assert frame["d"]["clocks"]["sides"]["ge"]["paused"] is True
        assert [e["kind"] for e in frame["d"]["events"]] == ["vacation"]
        assert "ann is on vacation for 3 day(s)" in frame["d"]["events"][0]["text"]

    assert engine.who_may_act(await database_sync_to_async(state_of)(game))
    await bob_s.send({"t": "cmd", "id": 2, "v": 1, "d": {"type": "roll_initiative"}, "s": "ge-1"})
    answer = await bob_s.answer(2)
    assert answer["t"] == "ack" and answer["v"] == 2
    for sock in (bob_s, cid_s):
        await sock.at_version(2)
    # The step is Ann's seat's, as if she had sent it.
    acted = await database_sync_to_async(
        lambda: game.steps.order_by("-version").values_list("seat__seat_id", flat=True).first()
    )()
    assert acted == "ge-1"
    # An opponent may not act for her, nor Bob for an opponent's seat.
    await cid_s.send({"t": "cmd", "id": 3, "v": 2, "d": {"type": "pass"}, "s": "ge-1"})
    assert (await cid_s.answer(3))["code"] == "seat/not_yours"
    await bob_s.send({"t": "cmd", "id": 4, "v": 2, "d": {"type": "pass"}, "s": "su-1"})
    assert (await bob_s.answer(4))["code"] == "seat/not_yours"
    assert await database_sync_to_async(lambda: absence.acting_for(game.pk, bob))() == [
        {"seat": "ge-1", "player": "ann", "why": "vacation"}
    ]


async def test_a_seat_that_is_not_a_seat_id_is_a_bad_frame(app, memory_layer):  # noqa: F811
    game, _, (_, bob_c, _, _) = await team("days-3")
    bob_s = await Sock(app, game_path(game.pk), bob_c).open()
    await bob_s.at_version(1)
    for bad in (7, "", "x" * 41, ["ge-1"]):
        await bob_s.send({"t": "cmd", "id": 9, "v": 1, "d": {"type": "pass"}, "s": bad})
        frame = await bob_s.until(lambda f: f["t"] == "error")
        assert frame["code"] == "frame/invalid" and "'s'" in frame["message"]
    assert await database_sync_to_async(lambda: game.steps.count())() == 1
