"""Rated games: opted into when opened, for people with accounts only, rated once at the end,
per game and pace; team games move every player by the team result."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games import services
from games.community import ratings
from games.community.models import RatedGame, Rating, RatingChange
from games.models import Game
from tests.community.kit import guest, rated_game, rated_team_game, resign
from tests.gamekit import started_game

pytestmark = pytest.mark.django_db


def test_a_rated_game_moves_both_ratings_when_it_ends(members, django_capture_on_commit_callbacks):
    ann, bob = members("ann", "bob")
    game = rated_game(ann, bob)
    with django_capture_on_commit_callbacks(execute=True):
        resign(game, bob)
    a = Rating.objects.get(user=ann, ruleset="panzer_grenadier", pace="correspondence")
    b = Rating.objects.get(user=bob, ruleset="panzer_grenadier", pace="correspondence")
    assert a.rating > 1500 > b.rating
    assert a.rating - 1500 == pytest.approx(1500 - b.rating)  # equal ratings, equal stakes
    assert a.deviation < 350 and (a.wins, a.losses, a.games) == (1, 0, 1)
    assert (b.wins, b.losses) == (0, 1)
    record = RatedGame.objects.get(game=game)
    assert record.status == "rated" and record.pace == "correspondence"
    changes = {c.user_id: c for c in RatingChange.objects.filter(rated_game=record)}
    assert changes[ann.pk].score == 1.0 and changes[ann.pk].side_id == "ge"
    assert changes[bob.pk].rating_after == b.rating


def test_a_game_is_rated_once_however_often_its_end_is_heard(members):
    ann, bob = members("ann", "bob")
    game = rated_game(ann, bob)
    resign(game, bob)
    first = ratings.rate_game(game.pk)
    again = ratings.rate_game(game.pk)
    assert first.pk == again.pk
    assert ratings.rate_missed() == 0
    assert Rating.objects.get(user=ann).games == 1


def test_the_sweep_rates_a_finished_game_whose_end_was_not_heard(members):
    ann, bob = members("ann", "bob")
    game = rated_game(ann, bob)
    resign(game, ann)  # no on-commit callbacks run in this test: as if the process died
    assert not RatedGame.objects.exists()
    assert ratings.rate_missed() == 1
    assert Rating.objects.get(user=bob).wins == 1


def test_a_casual_game_changes_no_rating(members, django_capture_on_commit_callbacks):
    ann, bob = members("ann", "bob")
    game = started_game(ann, bob)
    assert game.options["rated"] is False
    with django_capture_on_commit_callbacks(execute=True):
        resign(game, bob)
    assert not Rating.objects.exists() and not RatedGame.objects.exists()


def test_a_live_clock_rates_the_live_pace_and_untimed_counts_as_correspondence(members):
    ann, bob, cid, dan = members("ann", "bob", "cid", "dan")
    live = rated_game(ann, bob, time_control="live-15+10")
    resign(live, bob)
    ratings.rate_game(live.pk)
    untimed = rated_game(cid, dan)
    resign(untimed, dan)
    ratings.rate_game(untimed.pk)
    assert Rating.objects.get(user=ann).pace == "live"
    assert Rating.objects.get(user=cid).pace == "correspondence"


def test_guests_cannot_open_or_join_a_rated_game(members):
    (ann,) = members("ann")
    visitor = guest("Grenadier-1")
    with pytest.raises(services.ServiceError) as err:
        services.game_create(user=visitor, scenario="meeting-at-kessel", side="ge",
                             options={"rated": True})
    assert err.value.code == "rated/not_allowed" and "guests" in err.value.message
    game = services.game_create(user=ann, scenario="meeting-at-kessel", side="ge",
                                options={"rated": True})
    with pytest.raises(services.ServiceError) as err:
        services.game_join(game=game, user=visitor, side="su")
    assert err.value.code == "rated/not_allowed"
    assert Game.objects.get(pk=game.pk).status == "open"


def test_bots_cannot_sit_in_a_rated_game(members):
    from games.botplay.seats import play_against_bot

    (ann,) = members("ann")
    with pytest.raises(services.ServiceError) as err:
        play_against_bot(user=ann, scenario="meeting-at-kessel", side="ge", level="recruit",
                         options={"rated": True})
    assert err.value.code == "rated/not_allowed" and "bots" in err.value.message
    assert not Game.objects.exists()


def test_rated_must_be_true_or_false(members):
    (ann,) = members("ann")
    with pytest.raises(services.ServiceError) as err:
        services.game_create(user=ann, scenario="meeting-at-kessel", side="ge",
                             options={"rated": "yes"})
    assert err.value.code == "options/invalid"


def test_a_team_game_moves_each_player_by_the_team_result(members):
    ann, bob, cid, dan = members("ann", "bob", "cid", "dan")
    Rating.objects.create(user=ann, ruleset="panzer_grenadier", pace="correspondence",
                          rating=1800, deviation=60)
    Rating.objects.create(user=bob, ruleset="panzer_grenadier", pace="correspondence",
                          rating=1700, deviation=200)
    game = rated_team_game((ann, bob), (cid, dan))
    resign(game, cid)
    ratings.rate_game(game.pk)
    after = {r.user_id: r for r in Rating.objects.all()}
    gain_ann = after[ann.pk].rating - 1800
    gain_bob = after[bob.pk].rating - 1700
    assert 0 < gain_ann < gain_bob  # the same win; the uncertain rating moves more
    assert after[cid.pk].rating < 1500 and after[dan.pk].rating == pytest.approx(
        after[cid.pk].rating)
    assert 1500 - after[cid.pk].rating > gain_bob  # newcomers lose more: 350 RD


def test_an_idle_rating_becomes_less_certain_before_its_next_game(members):
    ann, bob = members("ann", "bob")
    old = timezone.now() - timezone.timedelta(days=365)
    Rating.objects.create(user=ann, ruleset="panzer_grenadier", pace="correspondence",
                          rating=1600, deviation=50, rated_at=old)
    game = rated_game(ann, bob)
    resign(game, bob)
    ratings.rate_game(game.pk)
    change = RatingChange.objects.get(user=ann)
    assert change.deviation_before > 90  # grew from 50 over a year away
