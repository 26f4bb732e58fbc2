"""The bots' step hook asks, after every command, whether a bot plays a seat that may act
now; it asks in one plain SQL query (`runner.bot_may_act`), which must agree with the
seats `runner.bot_seats` finds: a bot's own seat, a stand-in, never a person's seat nor a
seat of another game."""

from __future__ import annotations

import pytest

from games.botplay import runner
from games.botplay.accounts import bot_user
from games.botplay.models import BotStandIn
from tests.gamekit import person, seat, started_game

pytestmark = pytest.mark.django_db


def agree(game, seat_ids: list[str]) -> bool:
    """bot_may_act's answer, checked against the ORM's bot_seats."""
    answer = runner.bot_may_act(game.pk, seat_ids)
    assert answer == bool(runner.bot_seats(game.pk, seat_ids))
    return answer


def test_people_in_every_seat_means_no_bot_may_act():
    ann, bob = person("ann"), person("bob")
    game = started_game(ann, bob)
    seats = [seat(game, ann).seat_id, seat(game, bob).seat_id]
    assert not agree(game, seats)
    assert not agree(game, [])


def test_a_bot_in_its_own_seat_is_found_by_its_seat_only():
    ann, bot = person("ann"), bot_user("recruit")
    game = started_game(ann, bot)
    ann_seat, bot_seat = seat(game, ann).seat_id, seat(game, bot).seat_id
    assert agree(game, [bot_seat])
    assert agree(game, [ann_seat, bot_seat])
    assert not agree(game, [ann_seat])
    # The same seat id in a game of people is not a bot's.
    other = started_game(person("cid"), person("dan"))
    assert not agree(other, [bot_seat])


def test_a_stand_in_plays_the_seat_of_the_player_it_stands_in_for():
    ann, bob = person("ann"), person("bob")
    game = started_game(ann, bob)
    bob_seat = seat(game, bob)
    assert not agree(game, [bob_seat.seat_id])
    BotStandIn.objects.create(seat=bob_seat, level="veteran")
    assert agree(game, [bob_seat.seat_id])
    assert not agree(game, [seat(game, ann).seat_id])
