"""Quick match: compatible seekers are paired oldest first into a game; never with themselves;
a cancelled seek is never paired."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from games import services
from games.models import ACTIVE, CANCELLED, MATCHED, WAITING, Game, Seat, Seek
from games.services import ServiceError
from games.services.matchmaking import _groups, queue_counts


def seats_of(game: Game) -> dict[str, str]:
    return {
        s.user.username: s.side.side_id
        for s in Seat.objects.filter(game=game).select_related("user", "side")
    }


def test_two_seekers_for_any_scenario_land_in_one_started_learning_game(people):
    ann, bob = people("ann", "bob")
    first = services.seek_create(user=ann)
    assert first.status == WAITING and queue_counts()["1"] == 1
    second = services.seek_create(user=bob)
    first.refresh_from_db()
    assert first.status == second.status == MATCHED
    assert first.game_id == second.game_id
    game = first.game
    assert game.scenario == "meeting-at-kessel" and game.status == ACTIVE
    assert sorted(seats_of(game).values()) == ["ge", "su"]
    assert queue_counts()["1"] == 0


def test_side_wishes_are_granted(people):
    ann, bob = people("ann", "bob")
    services.seek_create(user=ann, side="su")
    seek = services.seek_create(user=bob)
    assert seats_of(seek.game) == {"ann": "su", "bob": "ge"}


def test_two_seekers_wanting_the_same_side_are_not_paired(people):
    ann, bob, cid = people("ann", "bob", "cid")
    services.seek_create(user=ann, side="ge")
    assert services.seek_create(user=bob, side="ge").status == WAITING
    seek = services.seek_create(user=cid, side="su")
    assert seek.status == MATCHED
    # The oldest (ann) is preferred over bob, who wanted the same side.
    assert seats_of(seek.game) == {"ann": "ge", "cid": "su"}
    assert Seek.objects.get(user__username="bob").status == WAITING


def test_different_scenarios_do_not_match_but_any_matches_either(people):
    ann, bob, cid = people("ann", "bob", "cid")
    services.seek_create(user=ann, scenario="melnitsa-bridgehead")
    assert services.seek_create(user=bob, scenario="sosna-line").status == WAITING
    seek = services.seek_create(user=cid)
    assert seek.status == MATCHED and seek.game.scenario == "melnitsa-bridgehead"
    assert set(seats_of(seek.game)) == {"ann", "cid"}


def test_different_team_sizes_do_not_match(people):
    ann, bob = people("ann", "bob")
    services.seek_create(user=ann, team_size=1)
    assert services.seek_create(user=bob, team_size=2).status == WAITING
    assert queue_counts() == {"1": 1, "2": 1, "3": 0}


def test_the_longest_waiting_seeker_is_paired_first(people):
    ann, bob, cid, dan, eve = people("ann", "bob", "cid", "dan", "eve")
    for german in (ann, bob, cid):
        assert services.seek_create(user=german, side="ge").status == WAITING
    first = services.seek_create(user=dan, side="su")
    assert set(seats_of(first.game)) == {"ann", "dan"}
    second = services.seek_create(user=eve, side="su")
    assert set(seats_of(second.game)) == {"bob", "eve"}
    assert Seek.objects.get(user=cid).status == WAITING


def test_four_seekers_form_a_two_a_side_game_with_each_seat_its_own_units(people):
    four = people("ann", "bob", "cid", "dan")
    seeks = [services.seek_create(user=u, team_size=2) for u in four]
    assert [s.status for s in seeks[:3]] == [WAITING] * 3
    for s in seeks:
        s.refresh_from_db()
    assert {s.status for s in seeks} == {MATCHED} and len({s.game_id for s in seeks}) == 1
    game = seeks[0].game
    assert game.status == ACTIVE and game.seats_per_side == 2
    seats = list(Seat.objects.filter(game=game).select_related("side"))
    assert sorted(s.side.side_id for s in seats) == ["ge", "ge", "su", "su"]
    assert all(s.units for s in seats)
    for side in ("ge", "su"):
        a, b = (set(s.units) for s in seats if s.side.side_id == side)
        assert not a & b  # each seat commands its own units


def test_three_a_side_picks_a_scenario_with_three_formations_a_side(people):
    six = people("a1", "a2", "a3", "b1", "b2", "b3")
    seeks = [services.seek_create(user=u, team_size=3) for u in six]
    game = Seek.objects.get(pk=seeks[0].pk).game
    assert game is not None and game.scenario == "melnitsa-bridgehead"
    assert all(s.units for s in Seat.objects.filter(game=game))


def test_nobody_is_paired_with_themselves(people):
    (ann,) = people("ann")
    services.seek_create(user=ann)
    with pytest.raises(ServiceError) as refused:
        services.seek_create(user=ann)
    assert refused.value.code == "seek/exists"
    with pytest.raises(IntegrityError), transaction.atomic():
        Seek.objects.create(user=ann)  # the database allows one waiting seek a user
    # Had it two, pairing would still skip the second: seekers are grouped by person.
    bob = people("bob")[0]
    twice = [Seek(user=ann), Seek(user=ann), Seek(user=bob)]
    ((scenario, members),) = _groups(twice)
    assert [m.user for m in members] == [ann, bob]
    assert _groups(twice[:2]) == []


def test_a_cancelled_seeker_is_never_paired(people):
    ann, bob, cid = people("ann", "bob", "cid")
    seek = services.seek_create(user=ann)
    services.seek_cancel(seek=seek, user=ann)
    assert Seek.objects.get(pk=seek.pk).status == CANCELLED
    other = services.seek_create(user=bob)
    assert other.status == WAITING
    assert services.seek_create(user=cid).status == MATCHED
    assert Seek.objects.get(pk=seek.pk).status == CANCELLED
    assert "ann" not in seats_of(Seek.objects.get(pk=other.pk).game)


def test_only_the_seeker_cancels_and_a_matched_seek_stays_matched(people):
    ann, bob = people("ann", "bob")
    seek = services.seek_create(user=ann)
    with pytest.raises(ServiceError):
        services.seek_cancel(seek=seek, user=bob)
    services.seek_create(user=bob)
    assert services.seek_cancel(seek=seek, user=ann).status == MATCHED


@pytest.mark.parametrize(
    "wish, code",
    [
        ({"team_size": 5}, "seek/invalid"),
        ({"scenario": "nowhere"}, "scenario/unknown"),
        ({"scenario": "meeting-at-kessel", "team_size": 3}, "seek/invalid"),
        ({"side": "us"}, "side/unknown"),
    ],
)
def test_impossible_wishes_are_refused(people, wish, code):
    (ann,) = people("ann")
    with pytest.raises(ServiceError) as refused:
        services.seek_create(user=ann, **wish)
    assert refused.value.code == code
