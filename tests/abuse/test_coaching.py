"""Coaching by invitation: a side's view goes only to the coaches its players invite (by name
or link), never with the power to act, and stops when they revoke it. Enforced in the
services, the REST API, the socket and the game page alike."""

from __future__ import annotations

import json
import re

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games import engine_adapter as engine
from games import selectors
from games.models import CoachInvite, Game
from games.services import spectators
from games.services.errors import ServiceError
from tests.consumers.conftest import Sock, game_path, sign_in
from tests.gamekit import person, started_game


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def boot_of(page: str) -> dict:
    found = re.search(r'<script id="pg-boot" type="application/json">(.*?)</script>', page, re.S)
    return json.loads(found.group(1))


@pytest.fixture
def table(db):
    """Ann plays the Germans, Bob the Soviets, under the coach policy; Cleo and Dan watch."""
    ann, bob, cleo, dan = (person(n) for n in ("ann", "bob", "cleo", "dan"))
    game = started_game(ann, bob, spectators="coach")
    return game, ann, bob, cleo, dan


def refused(code: str, call, **kwargs) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        call(**kwargs)
    assert caught.value.code == code, caught.value.message
    return caught.value


# -- who may invite whom -----------------------------------------------------------------


def test_an_invited_coach_sees_the_inviting_side_and_nobody_else_does(table):
    game, ann, bob, cleo, dan = table
    assert selectors.membership(game, cleo, "ge").audience is None  # not invited: no side
    assert selectors.membership(game, cleo).audience == engine.PUBLIC
    spectators.coach_invite(game=game, user=ann, username="cleo")
    coach = selectors.membership(game, cleo)
    assert (coach.audience, coach.side_id, coach.coach, coach.is_player) == ("side:ge", "ge", True, False)
    assert selectors.membership(game, cleo, "ge").audience == "side:ge"
    assert selectors.membership(game, cleo, "su").audience is None  # never the other side
    assert selectors.membership(game, dan, "ge").audience is None


def test_coaching_needs_the_coach_policy_a_seat_and_someone_who_does_not_play(db):
    ann, bob, cleo = person("ann"), person("bob"), person("cleo")
    public = started_game(ann, bob)
    refused("coach/not_allowed", spectators.coach_invite, game=public, user=ann, username="cleo")
    game = started_game(person("ann2"), person("bob2"), spectators="coach")
    refused("seat/none", spectators.coach_invite, game=game, user=cleo, username="cleo")
    refused("coach/is_player", spectators.coach_invite, game=game, user=game.created_by, username="bob2")
    refused("user/unknown", spectators.coach_invite, game=game, user=game.created_by, username="nobody")
    refused("coach/invalid", spectators.coach_invite, game=game, user=game.created_by)
    assert not CoachInvite.objects.exists()


def test_one_person_coaches_one_side_of_a_game(table):
    game, ann, bob, cleo, dan = table
    first = spectators.coach_invite(game=game, user=ann, username="cleo")
    assert spectators.coach_invite(game=game, user=ann, username="Cleo").pk == first.pk
    error = refused("coach/other_side", spectators.coach_invite, game=game, user=bob, username="cleo")
    assert error.message == "cleo already coaches German"


def test_a_link_makes_its_first_taker_the_coach_and_is_then_spent(table):
    game, ann, bob, cleo, dan = table
    link = spectators.coach_invite(game=game, user=bob, link=True)
    refused("coach/is_player", spectators.coach_accept, game=game, user=ann, token=link.token)
    taken = spectators.coach_accept(game=game, user=dan, token=link.token)
    assert (taken.pk, taken.user, taken.token) == (link.pk, dan, None)
    assert selectors.membership(game, dan).audience == "side:su"
    refused("coach/link_spent", spectators.coach_accept, game=game, user=cleo, token=link.token)
    assert selectors.membership(game, cleo).audience == engine.PUBLIC


def test_the_sides_players_or_the_coach_revoke_and_the_other_side_cannot(table):
    game, ann, bob, cleo, dan = table
    invite = spectators.coach_invite(game=game, user=ann, username="cleo")
    refused("coach/not_yours", spectators.coach_revoke, game=game, user=bob, invite_id=invite.pk)
    refused("seat/none", spectators.coach_revoke, game=game, user=dan, invite_id=invite.pk)
    spectators.coach_revoke(game=game, user=ann, invite_id=invite.pk)
    assert selectors.membership(game, cleo, "ge").audience is None
    again = spectators.coach_invite(game=game, user=ann, username="cleo")
    spectators.coach_revoke(game=game, user=cleo, invite_id=again.pk)  # the coach steps down
    assert not CoachInvite.objects.exists()


# -- the REST API --------------------------------------------------------------------------


def test_over_rest_a_coach_reads_the_sides_view_and_can_never_act(table):
    game, ann, bob, cleo, dan = table
    base = f"/api/v1/games/{game.pk}"
    made = as_user(ann).post(f"{base}/coaches", {"username": "cleo"}, content_type="application/json")
    assert made.status_code == 201 and made.json()["user"] == "cleo"
    coach = as_user(cleo)
    view = coach.get(f"{base}/view").json()
    assert view["d"] == selectors.snapshot(game, "side:ge")["d"]
    assert coach.get(f"{base}/view", {"side": "su"}).status_code == 403
    assert as_user(dan).get(f"{base}/view", {"side": "ge"}).status_code == 403
    before = Game.objects.get(pk=game.pk).version
    legal = engine.legal_for(engine.decode_state(game.pk, game.version, game.state), "ge-1")
    for path, body in ((f"{base}/commands", {"id": 1, "v": before, "command": legal[0]}),
                       (f"{base}/resign", {})):  # fmt: skip
        answer = coach.post(path, body, content_type="application/json")
        assert answer.status_code == 403 and answer.json()["code"] == "seat/none", answer.json()
    assert coach.get(f"{base}/legal").status_code == 403
    assert Game.objects.get(pk=game.pk).version == before
    assert coach.get(f"{base}/coaches").json()["coach"] is True


def test_over_rest_players_list_make_links_and_revoke(table):
    game, ann, bob, cleo, dan = table
    base = f"/api/v1/games/{game.pk}/coaches"
    link = as_user(bob).post(base, {"link": True}, content_type="application/json").json()
    assert link["user"] is None and link["url"].endswith(f"/games/{game.pk}/coach/{link['token']}/")
    assert [i["id"] for i in as_user(bob).get(base).json()["invitations"]] == [link["id"]]
    assert as_user(ann).get(base).json()["invitations"] == []  # each side sees its own
    assert as_user(dan).get(base).status_code == 403
    assert as_user(ann).delete(f"{base}/{link['id']}").status_code == 403
    assert as_user(bob).delete(f"{base}/{link['id']}").status_code == 204
    assert as_user(bob).delete(f"{base}/{link['id']}").status_code == 404


# -- the pages -----------------------------------------------------------------------------


def test_the_coach_link_page_accepts_with_a_button_then_opens_the_sides_board(table):
    game, ann, bob, cleo, dan = table
    link = spectators.coach_invite(game=game, user=ann, link=True)
    url = f"/games/{game.pk}/coach/{link.token}/"
    signed_out = Client().get(url).content.decode()
    assert 'data-reason="coach_link"' in signed_out and 'id="watch-as-guest"' in signed_out
    page = as_user(cleo).get(url).content.decode()
    assert "ann invites you to coach German:" in page and 'method="post"' in page
    assert not CoachInvite.objects.filter(user=cleo).exists()  # opening it accepts nothing
    accepted = as_user(cleo).post(url)
    assert accepted.status_code == 302 and accepted["Location"] == f"/games/{game.pk}/"
    board = as_user(cleo).get(f"/games/{game.pk}/").content.decode()
    boot = boot_of(board)
    assert (boot["coach"], boot["side"], boot["seat"], boot["audience"]) == (True, "ge", None, "side:ge")
    assert "You coach German:" in board
    spent = as_user(dan).get(url)
    assert spent.status_code == 404 and 'data-reason="coach_link_spent"' in spent.content.decode()


def test_players_under_the_coach_policy_get_the_coaches_panel_and_others_do_not(table):
    game, ann, bob, cleo, dan = table
    assert boot_of(as_user(ann).get(f"/games/{game.pk}/").content.decode())["coaching"] is True
    assert boot_of(as_user(dan).get(f"/games/{game.pk}/").content.decode())["coaching"] is False
    plain = started_game(person("eve"), person("fay"))
    eve = plain.created_by
    assert boot_of(as_user(eve).get(f"/games/{plain.pk}/").content.decode())["coaching"] is False


# -- the socket ----------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
async def test_on_the_socket_a_coach_gets_the_sides_frames_talks_to_it_and_cannot_act(
    app, memory_layer
):
    ann, ann_cookie = await sign_in("ann")
    bob, bob_cookie = await sign_in("bob")
    _cleo, cleo_cookie = await sign_in("cleo")
    game = await database_sync_to_async(started_game)(ann, bob, spectators="coach")
    await database_sync_to_async(spectators.coach_invite)(game=game, user=ann, username="cleo")
    player = await Sock(app, game_path(game.pk), ann_cookie).open()
    enemy = await Sock(app, game_path(game.pk), bob_cookie).open()
    coach = await Sock(app, game_path(game.pk), cleo_cookie).open()
    for sock in (player, enemy, coach):
        await sock.at_version(1)
    assert coach.view == player.view  # the side's view, legal commands and all
    command = next(c for cs in coach.view["legal"]["ge-1"].values() for c in cs)
    await coach.send({"t": "cmd", "id": 1, "v": 1, "d": command})
    answer = await coach.answer(1)
    assert (answer["t"], answer["code"]) == ("reject", "seat/none")
    await coach.send({"t": "cmd", "id": 2, "v": 1, "d": command, "s": "ge-1"})  # acting "for" it
    assert (await coach.answer(2))["t"] == "reject"
    assert (await database_sync_to_async(Game.objects.get)(pk=game.pk)).version == 1
    await coach.send({"t": "chat", "d": {"channel": "side", "text": "hold the bridge"}})
    heard = await player.until(lambda f: f["t"] == "chat")
    assert heard["d"]["text"] == "hold the bridge" and heard["d"]["from"] == "cleo"
    assert not [f for f in await enemy.quiet(0.3) if f["t"] == "chat"]


@pytest.mark.django_db(transaction=True)
async def test_revoking_a_coach_closes_their_open_socket(app, memory_layer):
    ann, ann_cookie = await sign_in("ann")
    bob, _ = await sign_in("bob")
    _cleo, cleo_cookie = await sign_in("cleo")
    game = await database_sync_to_async(started_game)(ann, bob, spectators="coach")
    invite = await database_sync_to_async(spectators.coach_invite)(game=game, user=ann, username="cleo")
    coach = await Sock(app, game_path(game.pk), cleo_cookie).open()
    await coach.at_version(1)
    # Revoked at once, before the socket has written its presence row: the socket joined
    # the coach's group before it checked the invitation, so the revocation reaches it.
    await database_sync_to_async(spectators.coach_revoke)(game=game, user=ann, invite_id=invite.pk)
    told = await coach.until(lambda f: f["t"] in ("error", "closed"))
    assert (told["t"], told["code"]) == ("error", "coach/revoked")
    assert (await coach.until(lambda f: f["t"] == "closed"))["code"] == 4403
    again = await Sock(app, game_path(game.pk, extra="side=ge"), cleo_cookie).open()
    assert (await again.next())["code"] == 4403
