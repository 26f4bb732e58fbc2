"""A team player's page that reconnects is caught up from the command log: the frames it
gets then say which partner acted, as the live frames did (`by`, games/partner_acts.py), so
a command it had proposed and lost is explained the same either way."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games.models import Seat
from tests.consumers.conftest import Sock, game_path, sign_in
from tests.gamekit import legal_by_seat, started_team_game, state_of

pytestmark = pytest.mark.django_db(transaction=True)


def _seats_and_first_move(game) -> tuple[dict[str, tuple[str, str]], str, dict]:
    """Each seat's (side, player), and a seat that may act now with a command of its own."""
    seats = {
        s.seat_id: (s.side.side_id, s.user.username)
        for s in Seat.objects.select_related("side", "user").filter(game=game)
    }
    legal = legal_by_seat(state_of(game))
    seat_id = next(s for s in sorted(legal) if legal[s])
    return seats, seat_id, next(c for group in legal[seat_id].values() for c in group)


async def test_a_partner_who_reconnects_is_told_who_acted_as_the_live_frame_told_it(
    app, any_layer
):
    people = {}
    for name in ("ann", "bob", "cleo", "dan"):
        people[name] = await sign_in(name)
    users = {name: user for name, (user, _cookie) in people.items()}
    game = await database_sync_to_async(started_team_game)(
        (users["ann"], users["bob"]), (users["cleo"], users["dan"])
    )
    seats, actor, command = await database_sync_to_async(_seats_and_first_move)(game)
    side, actor_name = seats[actor]
    partner = next(p for s, (sd, p) in seats.items() if sd == side and s != actor)
    opponent = next(p for sd, p in seats.values() if sd != side)
    cookie = {name: c for name, (_u, c) in people.items()}

    # The partner's page is open while the actor acts: its live frame names the actor.
    live = await Sock(app, game_path(game.pk), cookie[partner]).open()
    acting = await Sock(app, game_path(game.pk), cookie[actor_name]).open()
    opposing = await Sock(app, game_path(game.pk), cookie[opponent]).open()
    for sock in (live, acting, opposing):
        await sock.at_version(1)
    at_1 = {"partner": live.view, "opponent": opposing.view}
    await acting.send({"t": "cmd", "id": 1, "v": 1, "d": command})
    assert (await acting.answer(1))["t"] == "ack"
    live_frame = await live.until(lambda f: f.get("v") == 2)
    assert live_frame["d"]["by"]["seat"] == actor

    # The partner's other tab had version 1 and reconnects: the catch-up's frame is the same.
    back = await Sock(app, game_path(game.pk, v=1), cookie[partner]).open()
    back.view, back.version = at_1["partner"], 1
    caught_up = await back.until(lambda f: f.get("v") == 2)
    assert caught_up["t"] == "patch"
    assert caught_up["d"]["by"] == live_frame["d"]["by"]
    assert caught_up == live_frame

    # The other side's catch-up names nobody: who of a side acted is that side's to know.
    other = await Sock(app, game_path(game.pk, v=1), cookie[opponent]).open()
    other.view, other.version = at_1["opponent"], 1
    frame = await other.until(lambda f: f.get("v") == 2)
    assert "by" not in frame.get("d", {})
