"""Seats: join a free seat, leave or be removed before the start, divide a team's units,
rematch with sides swapped, claim a guest account."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from games import services
from games.models import ABANDONED, ACTIVE, FINISHED, OPEN, Game, Seat
from games.services import ServiceError
from games.services.division import division
from tests.gamekit import SCENARIO, seat, started_game


def refused(call, **kwargs) -> str:
    with pytest.raises(ServiceError) as exc:
        call(**kwargs)
    return exc.value.code


def team_game(creator, seats_per_side=2):
    return services.game_create(
        user=creator, scenario=SCENARIO, side="ge", seats_per_side=seats_per_side
    )


def test_a_full_side_and_a_started_game_refuse_another_player(people):
    ann, bob, cid, dan = people("ann", "bob", "cid", "dan")
    game = team_game(ann)
    services.game_join(game=game, user=bob, side="ge")
    assert refused(services.game_join, game=game, user=cid, side="ge") == "seat/full"
    services.game_join(game=game, user=cid, side="su")
    assert refused(services.game_join, game=game, user=cid, side="su") == "seat/taken"
    services.game_join(game=game, user=dan, side="su")
    game.refresh_from_db()
    assert game.status == ACTIVE  # the last seat filled starts it
    eve = people("eve")[0]
    assert refused(services.game_join, game=game, user=eve, side="su") == "game/not_open"


def test_a_player_leaves_before_the_start_and_the_seat_is_free_again(people):
    ann, bob, cid = people("ann", "bob", "cid")
    game = team_game(ann)
    services.game_join(game=game, user=bob, side="su")
    services.game_leave(game=game, user=bob)
    assert not Seat.objects.filter(game=game, user=bob).exists()
    services.game_join(game=game, user=cid, side="su")
    assert Game.objects.get(pk=game.pk).status == OPEN


def test_the_last_player_to_leave_abandons_the_game(people):
    (ann,) = people("ann")
    game = team_game(ann)
    services.game_leave(game=game, user=ann)
    assert Game.objects.get(pk=game.pk).status == ABANDONED


def test_nobody_leaves_a_started_game_they_resign_instead(people):
    ann, bob = people("ann", "bob")
    game = started_game(ann, bob)
    assert refused(services.game_leave, game=game, user=bob) == "game/started"
    assert refused(services.game_leave, game=game, user=people("cid")[0]) == "seat/none"


def test_the_creator_removes_a_player_before_the_start_and_only_the_creator(people):
    ann, bob, cid = people("ann", "bob", "cid")
    game = team_game(ann)
    services.game_join(game=game, user=bob, side="su")
    services.game_join(game=game, user=cid, side="su")
    bob_seat = seat(game, bob).seat_id
    assert refused(services.seat_remove, game=game, by=cid, seat_id=bob_seat) == (
        "seat/not_creator"
    )
    assert refused(services.seat_remove, game=game, by=ann, seat_id="ge-1") == "seat/yours"
    assert refused(services.seat_remove, game=game, by=ann, seat_id="ge-2") == "seat/free"
    services.seat_remove(game=game, by=ann, seat_id=bob_seat)
    assert not Seat.objects.filter(game=game, user=bob).exists()


def test_nobody_is_removed_from_a_started_game(people):
    ann, bob = people("ann", "bob")
    game = started_game(ann, bob)
    assert refused(services.seat_remove, game=game, by=ann, seat_id="su-1") == "game/started"


def test_a_rematch_swaps_the_sides_and_starts_when_both_ask(people):
    ann, bob = people("ann", "bob")
    game = started_game(ann, bob)
    assert refused(services.game_rematch, game=game, user=ann) == "game/not_over"
    services.game_resign(game=game, seat=seat(game, ann))
    assert Game.objects.get(pk=game.pk).status == FINISHED
    again = services.game_rematch(game=game, user=bob)
    assert again.status == OPEN and seat(again, bob).side.side_id == "ge"
    same = services.game_rematch(game=game, user=ann)
    assert same.pk == again.pk and same.status == ACTIVE
    assert seat(again, ann).side.side_id == "su"
    assert again.options == Game.objects.get(pk=game.pk).options


def test_by_default_each_seat_of_a_side_gets_its_own_formations(people):
    (ann,) = people("ann")
    game = team_game(ann)
    assert division(game) == {"ge-1": ["ge-kg"], "ge-2": ["ge-pz"], "su-1": ["su-co"],
                              "su-2": ["su-tk"]}  # fmt: skip


def test_the_first_seat_of_a_side_changes_its_division_and_the_start_follows_it(people):
    ann, bob, cid, dan = people("ann", "bob", "cid", "dan")
    game = team_game(ann)
    services.game_join(game=game, user=bob, side="ge")
    plan = {"ge-1": ["ge-pz"], "ge-2": ["ge-kg"]}
    assert refused(services.division_set, game=game, user=bob, side="ge", seats=plan) == (
        "division/not_first_seat"
    )
    bad = {"ge-1": ["ge-pz", "ge-kg"], "ge-2": ["ge-kg"]}
    assert refused(services.division_set, game=game, user=ann, side="ge", seats=bad) == (
        "division/invalid"
    )
    services.division_set(game=game, user=ann, side="ge", seats=plan)
    services.game_join(game=game, user=cid, side="su")
    services.game_join(game=game, user=dan, side="su")
    game.refresh_from_db()
    assert game.status == ACTIVE
    from games import engine_adapter as engine

    scen = engine.scenario(SCENARIO)
    forms = {f.id: set(f.units) for f in scen.formations}
    ann_units, bob_units = set(seat(game, ann).units), set(seat(game, bob).units)
    assert forms["ge-pz"] <= ann_units and not forms["ge-kg"] & ann_units
    assert bob_units == forms["ge-kg"]
    assert refused(services.division_set, game=game, user=ann, side="ge", seats=plan) == (
        "game/started"
    )


def test_a_guest_claims_the_account_and_keeps_its_games(people):
    users = get_user_model().objects
    guest = users.create_user(username="Grenadier-1234")
    guest.set_unusable_password()
    guest.save()
    bob = people("bob")[0]
    game = started_game(guest, bob)
    services.guest_claim(user=guest, username="hanna", password="a long enough secret 42")
    hanna = users.get(username="hanna")
    assert hanna.pk == guest.pk and hanna.check_password("a long enough secret 42")
    assert seat(game, hanna).side.side_id == "ge"
    assert refused(services.guest_claim, user=hanna, username="x", password="y") == (
        "auth/not_guest"
    )


def test_a_guest_cannot_claim_a_taken_name(people):
    (bob,) = people("bob")
    guest = get_user_model().objects.create_user(username="Grenadier-9")
    guest.set_unusable_password()
    guest.save()
    code = refused(services.guest_claim, user=guest, username="BOB", password="long secret 42!")
    assert code == "auth/username_taken"


def test_a_rematch_left_waiting_for_an_opponent_counts_toward_the_open_games_cap(
        people, settings):
    ann, bob = people("ann", "bob")
    game = started_game(ann, bob)
    services.game_resign(game=game, seat=seat(game, ann))
    settings.PGWEB_MAX_OPEN_GAMES = 1
    services.game_create(user=bob, scenario=SCENARIO, side="ge", capped=True)
    assert refused(services.game_rematch, game=game, user=bob) == "games/too_many_open"
    assert Game.objects.filter(created_by=bob, status=OPEN).count() == 1


def test_a_rematch_keeps_every_option_the_game_was_played_with(people):
    """The clock and the other apps' options (rated, spectator delay) come along, not only
    the base rules: a rated live game's rematch is a rated live game."""
    ann, bob = people("ann", "bob")
    live = "live-30+20"  # a preset: 30 minutes a side, 20 seconds an activation
    game = services.game_create(user=ann, scenario="meeting-at-kessel", side="ge",
                                options={"time_control": live})
    services.game_join(game=game, user=bob, side="su")
    services.game_resign(game=game, seat=seat(game, ann))
    again = services.game_rematch(game=game, user=bob)
    assert again.options == Game.objects.get(pk=game.pk).options
    assert again.options["time_control"]["kind"] == "live"
