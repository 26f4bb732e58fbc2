"""Drawings reach exactly their side's audiences, live: the drawer's partner and the side's
coach get them, the other side and the spectators never do; the drawer alone removes them,
a side looks back at last turn's plan, and after the end the replay shows each side's."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from rest_framework.test import APIClient

from games import services
from games.models import FINISHED, Game
from games.planning import drawings
from games.services import spectators
from games.services.errors import ServiceError
from tests.consumers.conftest import Sock, game_path, sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def team_game_with_a_coach(users: dict) -> Game:
    game = services.game_create(user=users["ann"], scenario="melnitsa-bridgehead", side="ge",
                                seats_per_side=2, options={"spectators": "coach"})
    for name, side in (("abe", "ge"), ("bob", "su"), ("bea", "su")):
        services.game_join(game=game, user=users[name], side=side)
    game.refresh_from_db()
    spectators.coach_invite(game=game, user=users["ann"], username="cleo")
    return game


def draw(user, game, **body) -> tuple[int, dict]:
    api = APIClient()
    api.force_login(user)
    response = api.post(f"/api/v1/games/{game.pk}/drawings", body, format="json")
    return response.status_code, response.json()


async def test_an_arrow_reaches_the_partner_and_the_coach_and_nobody_else(app, memory_layer):
    people = {n: await sign_in(n) for n in ("ann", "abe", "bob", "bea", "cleo", "sam")}
    users = {n: u for n, (u, _) in people.items()}
    game = await database_sync_to_async(team_game_with_a_coach)(users)
    socks = {n: await Sock(app, game_path(game.pk), c).open() for n, (_, c) in people.items()}
    for sock in socks.values():
        await sock.quiet(0.2)
    status, arrow = await database_sync_to_async(draw)(
        users["ann"], game, kind="arrow", hexes=["A0405", "A0607"])
    assert status == 201 and arrow["colour"].startswith("#") and arrow["author"] == "ann"
    for name in ("ann", "abe", "cleo"):
        frame = await socks[name].until(lambda f: f["t"] == "drawing")
        assert frame["d"]["op"] == "add" and frame["d"]["hexes"] == ["A0405", "A0607"]
    for name in ("bob", "bea", "sam"):
        assert not [f for f in await socks[name].quiet(0.3) if f["t"] == "drawing"]
        assert not any("A0607" in str(f) for f in socks[name].frames)

    # The other side, the spectator and a stranger cannot read it over REST either.
    for name in ("bob", "sam"):
        api = APIClient()
        await database_sync_to_async(api.force_login)(users[name])
        got = await database_sync_to_async(api.get)(f"/api/v1/games/{game.pk}/drawings")
        assert got.status_code == 200 if name == "bob" else got.status_code == 403
        assert b"A0607" not in got.content

    # Only the one who drew it removes it; the partner sees it go.
    with pytest.raises(ServiceError, match="only the one who drew it"):
        await database_sync_to_async(drawings.drawing_remove)(
            game=game.pk, user=users["abe"], drawing_id=arrow["id"])
    await database_sync_to_async(drawings.drawing_remove)(
        game=game.pk, user=users["ann"], drawing_id=arrow["id"])
    gone = await socks["abe"].until(lambda f: f["t"] == "drawing" and f["d"]["op"] == "remove")
    assert gone["d"]["id"] == arrow["id"]
    assert not [f for f in await socks["bob"].quiet(0.3) if f["t"] == "drawing"]


def test_it_refuses_a_malformed_drawing_and_stores_nothing(db):
    from tests.gamekit import person, started_game

    ann, bob = person("ann"), person("bob")
    game = started_game(ann, bob)
    for body, says in (({"kind": "arrow", "hexes": ["A0405"]}, "names 2 hex"),
                       ({"kind": "hex", "hexes": ["Z9999"]}, "is not a hex of this map"),
                       ({"kind": "label", "hexes": ["A0405"], "text": ""}, "needs its text"),
                       ({"kind": "label", "hexes": ["A0405"], "text": "x" * 41}, "at most 40"),
                       ({"kind": "spiral", "hexes": ["A0405"]}, "kind must be one of")):
        status, answer = draw(ann, game, **body)
        assert status == 400 and says in answer["message"], (body, answer)
    assert drawings.drawings_read(game=game, user=ann)["drawings"] == []


def test_drawings_are_kept_per_turn_and_the_replay_shows_each_sides(db):
    from tests.gamekit import person, started_game

    ann, bob, sam = person("ann"), person("bob"), person("sam")
    game = started_game(ann, bob)
    drawings.drawing_add(game=game.pk, user=ann, kind="circle", hexes=["A0405"])
    drawings.drawing_add(game=game.pk, user=bob, kind="label", hexes=["A0607"], text="hold")
    mine = drawings.drawings_read(game=game.pk, user=ann, turn=1)
    assert [d["kind"] for d in mine["drawings"]] == ["circle"] and mine["turn"] == 1
    assert drawings.drawings_read(game=game.pk, user=ann, turn=2)["drawings"] == []
    with pytest.raises(ServiceError):
        drawings.drawings_read(game=game.pk, user=sam)
    Game.objects.filter(pk=game.pk).update(status=FINISHED)
    replay = drawings.drawings_read(game=game.pk, user=sam)
    assert replay["side"] is None
    assert {(d["side"], d["kind"]) for d in replay["drawings"]} == {("ge", "circle"),
                                                                     ("su", "label")}
    with pytest.raises(ServiceError):
        drawings.drawing_add(game=game.pk, user=ann, kind="hex", hexes=["A0405"])
