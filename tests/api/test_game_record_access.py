"""Who may read an ended game's record (selectors.may_review): its players always; anyone
else only where the spectator policy shows spectators the ended game, the same rule as the
view after the end. The history, the export (with the seed) and the replay page obey it."""

from __future__ import annotations

import pytest
from django.test import Client

from games import services
from games.models import Seat
from tests.gamekit import person, started_game

pytestmark = pytest.mark.django_db

RECORD = ("history", "history?audience=side:ge", "history?audience=full", "export")


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def resigned_game(spectators: str):
    ann, bob = person("ann"), person("bob")
    game = started_game(ann, bob, spectators=spectators)
    services.game_resign(game=game, seat=Seat.objects.get(game=game, user=bob))
    game.refresh_from_db()
    assert game.status == "finished"
    return game, as_user(ann), as_user(bob)


def test_a_game_played_without_spectators_keeps_its_record_for_its_players():
    game, ann, bob = resigned_game("none")
    for outsider in (Client(), as_user(person("cleo"))):
        assert outsider.get(f"/api/v1/games/{game.pk}/view").status_code == 403
        for path in RECORD:
            answer = outsider.get(f"/api/v1/games/{game.pk}/{path}")
            assert answer.status_code == 403, path
            assert answer.json()["code"] == "audience/none"
            assert "seed" not in answer.content.decode()
        replay = outsider.get(f"/games/{game.pk}/replay")
        assert replay.status_code == 403
        assert 'id="gate"' in replay.content.decode()
    for player in (ann, bob):
        for path in RECORD:
            assert player.get(f"/api/v1/games/{game.pk}/{path}").status_code == 200, path
        assert player.get(f"/games/{game.pk}/replay").status_code == 200


@pytest.mark.parametrize("policy", ["public", "coach", "after_end"])
def test_a_game_that_shows_spectators_its_end_shows_them_its_record(policy):
    game, _, _ = resigned_game(policy)
    for outsider in (Client(), as_user(person("cleo"))):
        for path in RECORD:
            assert outsider.get(f"/api/v1/games/{game.pk}/{path}").status_code == 200, path
        assert outsider.get(f"/games/{game.pk}/replay").status_code == 200
