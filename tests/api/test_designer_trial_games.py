"""A designer's trial of a draft (Try it, docs/designer.md): a private game nobody else
lists, watches or reads, which its designer plays or watches; and the pages of games of
designer-made scenarios (trials and published battles) open like any other game's."""

from __future__ import annotations

import pytest
from django.test import Client

from games import broadcast, selectors
from games import engine_adapter as engine
from games.models import Game
from tests.designkit import pl_situation
from tests.gamekit import person, signed_in

# Publishing's bot game runs as it is queued.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("immediate_tasks")]


def post(client: Client, path: str, body=None):
    return client.post(path, body if body is not None else {}, content_type="application/json")


def tried(designer: Client, **body) -> str:
    made = post(designer, "/api/v1/designer/scenarios",
                {"ruleset": "panzer_leader", "document": pl_situation(id="outpost")})
    assert made.status_code == 201, made.content
    answer = post(designer, "/api/v1/designer/scenarios/outpost/try", body)
    assert answer.status_code == 201, answer.content
    return answer.json()["game"]


def listed(client: Client) -> str:
    return (client.get("/api/v1/games?status=active").content.decode()
            + client.get("/api/v1/lobby").content.decode())


@pytest.mark.parametrize("body", [{"side": "german"}, {"watch": True}], ids=["try", "watch"])
def test_a_trial_of_a_draft_is_listed_watched_and_opened_by_its_designer_only(body):
    designer = signed_in("designer_player")
    game_id = tried(designer, **body)
    game = Game.objects.get(pk=game_id)
    assert game.options["private"] is True
    for outsider in (Client(), signed_in("stranger")):
        assert game_id not in listed(outsider)
        assert outsider.get(f"/api/v1/games/{game_id}/view").status_code == 403
        page = outsider.get(f"/games/{game_id}/")
        assert page.status_code == 403 and 'data-reason="no_spectators"' in page.content.decode()
    assert designer.get(f"/api/v1/games/{game_id}/view").status_code == 200
    assert 'id="board"' in designer.get(f"/games/{game_id}/").content.decode()


def test_the_designer_watching_bots_play_gets_the_spectators_frames_alone():
    designer = signed_in("designer_player")
    game = Game.objects.get(pk=tried(designer, watch=True))
    owner, stranger = game.created_by, person("stranger")
    assert selectors.membership(game, owner).audience == engine.PUBLIC
    assert selectors.membership(game, stranger).audience is None
    assert selectors.membership(game, None).audience is None
    # The spectators' group (where the designer's socket is) gets each step's frame.
    assert engine.PUBLIC in broadcast.audiences(selectors.state_at(game.pk, game.version),
                                                game.spectators)


def test_a_trial_ended_opens_its_replay_to_its_designer_and_a_gate_to_others():
    designer = signed_in("designer_player")
    game_id = tried(designer, side="german")
    assert post(designer, f"/api/v1/games/{game_id}/resign").status_code == 200
    assert designer.get(f"/games/{game_id}/replay").status_code == 200
    assert designer.get(f"/api/v1/games/{game_id}/history").status_code == 200
    for outsider in (Client(), signed_in("stranger")):
        page = outsider.get(f"/games/{game_id}/replay")
        assert page.status_code == 403 and 'id="gate"' in page.content.decode()
        assert outsider.get(f"/games/{game_id}/").status_code == 403
        assert outsider.get(f"/api/v1/games/{game_id}/export").status_code == 403


def test_the_pages_of_a_published_designer_battles_game_open():
    designer = signed_in("designer_player")
    made = post(designer, "/api/v1/designer/scenarios",
                {"ruleset": "panzer_leader", "document": pl_situation(id="outpost")})
    assert made.status_code == 201, made.content
    published = post(designer, "/api/v1/designer/scenarios/outpost/publish")
    assert published.status_code == 202, published.content
    play_id = published.json()["revisions"][0]["play_id"]
    opened = post(designer, "/api/v1/games", {"scenario": play_id, "side": "german"})
    assert opened.status_code == 201, opened.content
    game_id = opened.json()["id"]
    waiting = Client().get(f"/games/{game_id}/")  # a gate page names the scenario
    assert waiting.status_code == 200 and 'data-reason="not_started"' in waiting.content.decode()
    bob = signed_in("bob")
    assert post(bob, f"/api/v1/games/{game_id}/join", {"side": "allied"}).status_code == 200
    assert Client().get(f"/games/{game_id}/").status_code == 200  # signed out: watch as guest
    assert post(bob, f"/api/v1/games/{game_id}/resign").status_code == 200
    for viewer in (Client(), bob, designer):
        assert viewer.get(f"/games/{game_id}/replay").status_code == 200
