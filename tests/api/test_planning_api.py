"""A side's plans over REST: its seats read and change them, its coach reads them, the other
side and spectators get nothing of them, and a bad request changes nothing."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games import services
from games.services import spectators
from tests.gamekit import person

pytestmark = pytest.mark.django_db

ORDER = {"units": {"kind": "all"}, "at": {"kind": "afv"}, "min_chance": 37, "answer": "fire"}


def client(user) -> APIClient:
    api = APIClient()
    api.force_login(user)
    return api


@pytest.fixture
def coached_game():
    ann, bob, cleo, sam = (person(n) for n in ("ann", "bob", "cleo", "sam"))
    game = services.game_create(user=ann, scenario="meeting-at-kessel", side="ge",
                                options={"spectators": "coach"})
    services.game_join(game=game, user=bob, side="su")
    game.refresh_from_db()
    spectators.coach_invite(game=game, user=bob, username="cleo")
    return game, {"ann": ann, "bob": bob, "cleo": cleo, "sam": sam}


def test_a_side_sets_its_orders_and_its_coach_reads_them(coached_game):
    game, people = coached_game
    url = f"/api/v1/games/{game.pk}/orders"
    put = client(people["bob"]).put(url, {"orders": [ORDER]}, format="json")
    assert put.status_code == 200 and put.json()["orders"] == [ORDER]
    coach = client(people["cleo"]).get(url)
    assert coach.status_code == 200 and coach.json()["sides"]["su"]["orders"] == [ORDER]
    assert coach.json()["may_write"] is False
    assert client(people["cleo"]).put(url, {"orders": []}, format="json").status_code == 403


def test_a_game_waiting_for_its_seats_has_no_orders_yet_and_says_so():
    """The game page of a player waiting for an opponent asks for its side's orders: the
    answer is a clear refusal, not a server error, and the page asks again at the start."""
    ann = person("ann")
    game = services.game_create(user=ann, scenario="meeting-at-kessel", side="ge")
    url = f"/api/v1/games/{game.pk}/orders"
    answer = client(ann).get(url)
    assert answer.status_code == 409 and answer.json()["code"] == "game/not_started"
    put = client(ann).put(url, {"orders": [ORDER]}, format="json")
    assert put.status_code == 409 and put.json()["code"] == "game/not_started"
    services.game_join(game=game, user=person("bob"), side="su")
    started = client(ann).get(url)
    assert started.status_code == 200 and started.json()["sides"]["ge"]["orders"] == []


def test_the_other_side_and_a_spectator_learn_nothing_of_the_orders(coached_game):
    game, people = coached_game
    url = f"/api/v1/games/{game.pk}/orders"
    before = {n: client(people["ann"]).get(p).content
              for n, p in (("orders", url), ("view", f"/api/v1/games/{game.pk}/view"),
                           ("legal", f"/api/v1/games/{game.pk}/legal"))}
    client(people["bob"]).put(url, {"orders": [ORDER]}, format="json")
    after = {n: client(people["ann"]).get(p).content
             for n, p in (("orders", url), ("view", f"/api/v1/games/{game.pk}/view"),
                          ("legal", f"/api/v1/games/{game.pk}/legal"))}
    assert before == after  # byte for byte
    assert b"min_chance" not in client(people["ann"]).get(f"/games/{game.pk}/").content
    assert client(people["sam"]).get(url).status_code == 403


def test_a_bad_order_is_refused_with_its_number_and_nothing_changes(coached_game):
    game, people = coached_game
    url = f"/api/v1/games/{game.pk}/orders"
    bob = client(people["bob"])
    bob.put(url, {"orders": [ORDER]}, format="json")
    bad = bob.put(url, {"orders": [ORDER, {"at": {"kind": "sideways"}}]}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "orders/invalid"
    assert bad.json()["message"].startswith("order 2: at.kind must be one of")
    assert bob.get(url).json()["sides"]["su"]["orders"] == [ORDER]
    assert bob.put(url, {"orders": "fire!"}, format="json").status_code == 400


def test_a_coach_sees_the_sides_drawings_but_does_not_draw(coached_game):
    game, people = coached_game
    url = f"/api/v1/games/{game.pk}/drawings"
    made = client(people["bob"]).post(url, {"kind": "hex", "hexes": ["A0405"]}, format="json")
    assert made.status_code == 201
    assert [d["id"] for d in client(people["cleo"]).get(url).json()["drawings"]] == [
        made.json()["id"]]
    assert client(people["cleo"]).post(url, {"kind": "hex", "hexes": ["A0405"]},
                                       format="json").status_code == 403
    assert client(people["ann"]).get(url).json()["drawings"] == []
    gone = client(people["ann"]).delete(f"{url}/{made.json()['id']}")
    assert gone.status_code == 404  # not ann's side's: no such drawing, nothing said of it


def test_a_turn_or_an_invitation_of_non_ascii_digits_is_refused_not_a_crash(coached_game):
    game, people = coached_game
    bob = client(people["bob"])
    for turn in ("²", "\u0661", "-1", "9" * 30):  # "²".isdigit(), and int("١") is 1
        answer = bob.get(f"/api/v1/games/{game.pk}/drawings", {"turn": turn})
        assert answer.status_code == 400 and answer.json()["code"] == "request/invalid", turn
    assert bob.get(f"/api/v1/games/{game.pk}/drawings", {"turn": "1"}).status_code == 200
    for invite in ("²", "9" * 30):
        answer = bob.delete(f"/api/v1/games/{game.pk}/coaches/{invite}")
        assert answer.status_code == 404 and answer.json()["code"] == "coach/none", invite
    assert spectators.CoachInvite.objects.filter(game=game).count() == 1  # nothing revoked
