"""Quick match offers time controls, and the lobby lists my games whose move is mine first,
with the time left."""

from __future__ import annotations

import pytest

from games import engine_adapter as engine
from games import services
from games.lobby.selectors import lobby_lists
from games.models import Seek
from tests.clocks.kit import ROLL, send, timed_game
from tests.gamekit import person, started_game, state_of


def test_quick_match_pairs_seekers_who_want_the_same_clock(db):
    ann, bob, cid = person("ann"), person("bob"), person("cid")
    services.seek_create(user=ann, time_control="days-3")
    services.seek_create(user=bob, time_control="live-15+10")
    assert set(Seek.objects.values_list("status", flat=True)) == {"waiting"}
    seek = services.seek_create(user=cid)  # any clock: joins the oldest seeker's
    assert seek.status == "matched"
    assert seek.game.options["time_control"] == {"kind": "correspondence", "days": 3}


def test_quick_match_refuses_a_clock_it_does_not_know(db):
    with pytest.raises(services.ServiceError) as error:
        services.seek_create(user=person("ann"), time_control="days-4")
    assert error.value.code == "time_control/invalid"
    assert not Seek.objects.exists()


def test_my_games_list_the_ones_whose_move_is_mine_first_with_the_time_left(
    axis_player, allied_player, clock
):
    waiting = timed_game(axis_player, allied_player, "days-2")
    send(waiting, axis_player, ROLL)
    (deciding,) = engine.deciding_sides(state_of(waiting))
    me = allied_player if deciding == "ge" else axis_player  # the player who now waits
    untimed = started_game(axis_player, allied_player)  # both may roll: my move, no clock
    mine = lobby_lists(me)["mine"]
    assert [c["id"] for c in mine] == [str(untimed.pk), str(waiting.pk)]
    assert [c["my_move"] for c in mine] == [True, False]
    assert "clock" not in mine[0]
    assert mine[1]["clock"]["label"] == "2 days a move"
    assert mine[1]["time_left"] == 2 * 86_400


def test_the_least_time_left_comes_first_among_my_moves(axis_player, allied_player, clock):
    slow = timed_game(axis_player, allied_player, "days-14")
    fast = timed_game(axis_player, allied_player, "live-15+10")
    mine = lobby_lists(axis_player)["mine"]
    assert [c["id"] for c in mine] == [str(fast.pk), str(slow.pk)]
    assert mine[0]["time_left"] == 900 and mine[0]["my_move"]
