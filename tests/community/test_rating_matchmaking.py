"""Quick match with ratings: rated seekers are paired within a rating range that widens while
they wait; rated and casual seekers are not mixed; the sweep pairs those whose range grew."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games import services
from games.community import matchmaking
from games.community.models import Rating
from games.models import Game, Seek

pytestmark = pytest.mark.django_db

RATED = {"rated": True}


def rated(user, value, pace="correspondence"):
    Rating.objects.create(user=user, ruleset="panzer_grenadier", pace=pace, rating=value,
                          deviation=60, games=30)
    return user


def waited(seek, seconds):
    Seek.objects.filter(pk=seek.pk).update(
        created_at=timezone.now() - timezone.timedelta(seconds=seconds))


def status(seek):
    return Seek.objects.get(pk=seek.pk).status


def test_the_range_starts_narrow_widens_in_steps_and_opens_at_last():
    assert matchmaking.rating_range(0) == 100
    assert matchmaking.rating_range(9.9) == 100
    assert matchmaking.rating_range(10) == 150
    assert matchmaking.rating_range(65) == 400
    assert matchmaking.rating_range(119) == 650
    assert matchmaking.rating_range(120) is None


def test_two_far_apart_are_paired_only_once_one_has_waited_long_enough(members):
    ann, bob = members("ann", "bob")
    rated(ann, 1500)
    rated(bob, 1820)
    first = services.seek_create(user=ann, options=RATED)
    second = services.seek_create(user=bob, options=RATED)
    assert status(first) == status(second) == "waiting"
    waited(first, 45)  # ann's range: 300, the gap is 320
    assert services.seek_pair() == [] and status(first) == "waiting"
    waited(first, 50)  # 350
    (game,) = services.seek_pair()
    assert status(first) == status(second) == "matched"
    assert game.options["rated"] is True


def test_quick_match_prefers_an_opponent_within_range_over_an_older_seeker(members):
    ann, bob, cid = members("ann", "bob", "cid")
    rated(bob, 1900)
    rated(ann, 1500)
    rated(cid, 1560)
    oldest = services.seek_create(user=bob, options=RATED)
    middle = services.seek_create(user=ann, options=RATED)
    newest = services.seek_create(user=cid, options=RATED)
    assert status(oldest) == "waiting"
    assert status(middle) == status(newest) == "matched"
    assert Seek.objects.get(pk=middle.pk).game_id == Seek.objects.get(pk=newest.pk).game_id


def test_after_two_minutes_anyone_will_do_and_the_sweep_pairs_them(members):
    ann, bob = members("ann", "bob")
    rated(ann, 1200)
    rated(bob, 2200)
    first = services.seek_create(user=ann, options=RATED)
    services.seek_create(user=bob, options=RATED)
    assert matchmaking.pair_waiting(timezone.now()) == 0
    waited(first, 121)
    assert matchmaking.pair_waiting(timezone.now()) == 1
    assert status(first) == "matched"


def test_the_pace_of_the_clock_asked_for_picks_the_rating_compared(members):
    ann, bob = members("ann", "bob")
    rated(ann, 1500, pace="live")
    rated(bob, 1520, pace="live")
    rated(ann, 1500)
    rated(bob, 1900)  # far apart by correspondence, close at live play
    first = services.seek_create(user=ann, options=RATED, time_control="live-30+20")
    services.seek_create(user=bob, options=RATED, time_control="live-30+20")
    assert status(first) == "matched"


def test_rated_and_casual_seekers_are_not_put_together(members):
    ann, bob, cid = members("ann", "bob", "cid")
    first = services.seek_create(user=ann, options=RATED)
    services.seek_create(user=bob)
    assert status(first) == "waiting"
    services.seek_create(user=cid, options=RATED)
    assert status(first) == "matched"
    game = Game.objects.get(pk=Seek.objects.get(pk=first.pk).game_id)
    assert game.options["rated"] is True
    assert Seek.objects.get(user=bob).status == "waiting"


def test_casual_seekers_ignore_ratings(members):
    ann, bob = members("ann", "bob")
    rated(ann, 1000)
    rated(bob, 2400)
    first = services.seek_create(user=ann)
    services.seek_create(user=bob)
    assert status(first) == "matched"


def test_an_unknown_seek_option_is_refused(members):
    (ann,) = members("ann")
    with pytest.raises(services.ServiceError) as err:
        services.seek_create(user=ann, options={"colour": "red"})
    assert err.value.code == "seek/invalid" and not Seek.objects.exists()


def test_a_rated_seek_over_rest(members):
    from django.test import Client

    ann, bob = members("ann", "bob")
    for user in (ann, bob):
        client = Client()
        client.force_login(user)
        answer = client.post("/api/v1/matchmaking/seeks", {"options": {"rated": True}},
                             content_type="application/json")
        assert answer.status_code == 201, answer.content
    assert answer.json()["status"] == "matched"
    assert Game.objects.get(pk=answer.json()["game"]).options["rated"] is True
