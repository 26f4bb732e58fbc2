"""A deleted player is "deleted player" everywhere others look (issue 53): the game's seats
and page, the replay, the other player's page and export, leaderboards, tournaments, the
rating records and the game log; their own page and ratings are gone, and their old name is
in none of it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from games.clocks.models import ClockEvent
from games.community.models.ratings import RatedGame, Rating
from games.community.models.tournaments import Entry, Tournament
from games.player_names import player_name, without_name
from games.services import account_life
from tests.accounts.test_delete_and_export import played_and_resigned

pytestmark = pytest.mark.django_db
DELETED = "deleted player"


def test_a_name_is_taken_out_of_a_text_only_where_it_stands_as_a_word():
    assert without_name("ann is back: bob hands ge-1 back", "ann") == f"{DELETED} is back: " \
                                                                      "bob hands ge-1 back"
    assert without_name("joanne and anna, not ann.", "ann") == "joanne and anna, not ann."
    assert without_name("ann.", "ann.") == DELETED


def a_deleted_player_who_played(ann, bob):
    """Ann played Bob, had a rating, a tournament of her own, a rating record and log lines
    naming her; then she deleted her account."""
    game = played_and_resigned(ann, bob)
    for user in (ann, bob):
        Rating.objects.create(user=user, ruleset="panzer_grenadier", pace="correspondence",
                              rating=1600, deviation=60, games=12)
    RatedGame.objects.create(game=game, ruleset="panzer_grenadier", pace="correspondence",
                             status="unrated", reason="ann: a guest account",
                             rated_at=timezone.now())
    ClockEvent.objects.create(game=game, version=2, at=timezone.now(), kind="vacation",
                              text="ann is on vacation for 3 day(s)")
    cup = Tournament.objects.create(name="Spring cup", kind="swiss", created_by=ann)
    for user in (ann, bob):
        Entry.objects.create(tournament=cup, user=user, seed=1600)
    account_life.account_delete(user=ann, password="correct horse battery")
    return game, cup, get_user_model().objects.get(pk=ann.pk)


def test_others_see_deleted_player_everywhere_and_never_the_old_name(ann, bob):
    game, cup, gone = a_deleted_player_who_played(ann, bob)
    assert player_name(gone) == DELETED and player_name(bob) == "bob"
    c = Client()
    c.force_login(bob)
    seen = c.get(f"/api/v1/games/{game.pk}").json()
    assert [s["user"] for s in seen["seats"]] == [DELETED, "bob"]
    for page in (f"/games/{game.pk}/", f"/games/{game.pk}/replay", "/players/bob/",
                 f"/tournaments/{cup.pk}/"):
        text = c.get(page).content.decode()
        assert DELETED in text or page.startswith("/tournaments"), page
        assert gone.username not in text and ">ann<" not in text, page
    assert c.get("/api/v1/account/export").json()["games"][0]["players"] == [
        {"seat": "ge-1", "side": "ge", "player": DELETED},
        {"seat": "su-1", "side": "su", "player": "bob"}]
    board = c.get("/api/v1/leaderboards/panzer_grenadier/correspondence").json()
    names = [r["name"] for r in board["ranked"] + board["provisional"]]
    assert names == ["bob"]  # her rating is no entry of anyone's
    cup_json = c.get(f"/api/v1/tournaments/{cup.pk}").json()
    assert cup_json["tournament"]["created_by"] == DELETED
    assert sorted(r["name"] for r in cup_json["standings"]) == ["bob", DELETED]
    # Records and log lines written with her name name a deleted player now.
    assert RatedGame.objects.get(game=game).reason == f"{DELETED}: a guest account"
    assert ClockEvent.objects.get(game=game).text == f"{DELETED} is on vacation for 3 day(s)"


def test_a_deleted_player_has_no_page_and_no_ratings_to_read(ann, bob):
    _, _, gone = a_deleted_player_who_played(ann, bob)
    anyone = Client()
    for name in (gone.username, DELETED, "ann"):
        assert anyone.get(f"/players/{name}/").status_code == 404
        assert anyone.get(f"/api/v1/players/{name}/ratings").status_code == 404
