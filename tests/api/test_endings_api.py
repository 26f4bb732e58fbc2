"""Ending a game by agreement through REST: a draw offered and accepted is rated as a draw,
an abort before the first move is never rated, and each shows in the game over notice."""

from __future__ import annotations

import pytest
from django.test import Client

from games.community.models import RatedGame, Rating
from games.models import FINISHED, Game
from games.notifications import content
from tests.community.kit import member, rated_game
from tests.gamekit import started_game, started_team_game

pytestmark = pytest.mark.django_db


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_draw_offered_and_accepted_over_rest_is_rated_as_a_draw(
    django_capture_on_commit_callbacks,
):
    ann, bob = member("ann"), member("bob")
    game = rated_game(ann, bob)
    draw = f"/api/v1/games/{game.pk}/draw"
    a, b = client_of(ann), client_of(bob)
    assert b.get(draw).json() == {"offers": []}
    assert b.post(draw, {"answer": "accept"}, content_type="application/json").json()["code"] == (
        "draw/no_offer"
    )
    made = a.post(draw, {"answer": "offer"}, content_type="application/json")
    assert made.status_code == 200 and made.json()["v"] is None
    assert b.get(draw).json()["offers"] == [
        {"by": "ge", "stands": True, "agreed": ["ge-1"], "waiting": ["su-1"]}
    ]
    with django_capture_on_commit_callbacks(execute=True):
        done = b.post(draw, {"answer": "accept"}, content_type="application/json")
    assert done.json() == {"offers": [], "v": 2}
    game.refresh_from_db()
    assert (game.status, game.result["winner"], game.result["reason"]) == (
        FINISHED, None, "drawn by agreement",
    )  # fmt: skip
    ratings = {r.user_id: r for r in Rating.objects.filter(user__in=[ann, bob])}
    assert ratings[ann.pk].draws == ratings[bob.pk].draws == 1
    assert ratings[ann.pk].rating == pytest.approx(1500) == ratings[bob.pk].rating
    assert content._result_words(game.result, {}) == "The players agreed a draw."


def test_an_aborted_rated_game_changes_no_rating(django_capture_on_commit_callbacks):
    ann, bob = member("ann"), member("bob")
    game = rated_game(ann, bob)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client_of(bob).post(f"/api/v1/games/{game.pk}/abort")
    assert answer.json() == {"v": 2}
    record = RatedGame.objects.get(game=game)
    assert (record.status, record.reason) == ("unrated", "aborted before the first move")
    assert not Rating.objects.filter(user__in=[ann, bob]).exists()
    game.refresh_from_db()
    assert "aborted" in content._result_words(game.result, {})


def test_abort_and_draw_are_refused_to_strangers_and_after_the_first_move():
    ann, bob = member("ann"), member("bob")
    game = started_game(ann, bob)
    outsider = client_of(member("sam"))
    assert outsider.post(f"/api/v1/games/{game.pk}/abort").json()["code"] == "seat/none"
    assert outsider.get(f"/api/v1/games/{game.pk}/draw").status_code == 403
    a = client_of(ann)
    rolled = a.post(f"/api/v1/games/{game.pk}/commands",
                    {"id": 1, "v": 1, "command": {"type": "roll_initiative"}},
                    content_type="application/json")  # fmt: skip
    assert rolled.status_code == 200, rolled.content
    refused = a.post(f"/api/v1/games/{game.pk}/abort")
    assert (refused.status_code, refused.json()["code"]) == (409, "game/started")
    bad = a.post(f"/api/v1/games/{game.pk}/draw", {"answer": "maybe"},
                 content_type="application/json")  # fmt: skip
    assert bad.status_code == 400
    assert Game.objects.get(pk=game.pk).version == 2


def test_the_schema_documents_the_draw_and_abort_endpoints(client):
    paths = client.get("/api/v1/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    assert {"get", "post"} <= set(paths["/api/v1/games/{game_id}/draw"])
    assert "post" in paths["/api/v1/games/{game_id}/abort"]


def test_the_commands_endpoint_takes_the_sockets_draw_commands_too():
    ann, bob = member("ann"), member("bob")
    game = started_game(ann, bob)
    sent = client_of(ann).post(f"/api/v1/games/{game.pk}/commands",
                               {"id": 1, "v": 1, "command": {"type": "offer_draw"}},
                               content_type="application/json")  # fmt: skip
    assert sent.status_code == 200, sent.content
    assert client_of(bob).get(f"/api/v1/games/{game.pk}/draw").json()["offers"][0]["by"] == "ge"
    own = client_of(ann).post(f"/api/v1/games/{game.pk}/commands",
                              {"id": 2, "v": 1, "command": {"type": "end_agreed",
                                                            "outcome": "draw"}},
                              content_type="application/json")  # fmt: skip
    assert own.json()["code"] == "command/illegal"
    assert Game.objects.get(pk=game.pk).version == 1


def test_a_teams_offer_in_the_making_is_its_own_until_every_seat_agreed():
    ann, gia, bob, ben = (member(n) for n in ("ann", "gia", "bob", "ben"))
    game = started_team_game((ann, gia), (bob, ben))
    draw = f"/api/v1/games/{game.pk}/draw"
    client_of(ann).post(draw, {"answer": "offer"}, content_type="application/json")
    assert client_of(gia).get(draw).json()["offers"][0]["agreed"] == ["ge-1"]
    for other in (bob, ben):
        assert client_of(other).get(draw).json() == {"offers": []}
    # Bob's own offer now is his team's, not an answer that would tell him of theirs.
    mine = client_of(bob).post(draw, {"answer": "offer"}, content_type="application/json").json()
    assert [o["by"] for o in mine["offers"]] == ["su"]
    client_of(gia).post(draw, {"answer": "offer"}, content_type="application/json")
    assert [o["by"] for o in client_of(ben).get(draw).json()["offers"]] == ["ge", "su"]
