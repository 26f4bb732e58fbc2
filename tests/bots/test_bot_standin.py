"""A bot stands in for an absent player at the level their opponent or partner chose: in an
untimed game once the player left, in a timed game once their side ran out of time (the
clocks' take-over, which lifts the flag); the player gets the seat back on return."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from games.botplay import runner, standin
from games.botplay.models import BotPlayed, BotStandIn
from games.clocks import absence
from games.models import GameStep, Presence, Seat
from games.services.errors import ServiceError
from tests.clocks.kit import ROLL, send, sides, sweep, timed_game
from tests.gamekit import person, started_game

pytestmark = pytest.mark.django_db
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def quick(settings):
    settings.BOT_PAUSE_SECONDS = 0
    settings.BOT_STEP_SECONDS = 0
    settings.BOTS_RUN = True
    settings.BOT_STANDIN_AWAY_SECONDS = 60


def code_of(call, **kwargs) -> str:
    with pytest.raises(ServiceError) as exc:
        call(**kwargs)
    return exc.value.code


def test_in_an_untimed_game_the_opponent_asks_a_bot_of_a_level_once_the_player_has_left(
        django_capture_on_commit_callbacks):
    with time_machine.travel(START, tick=False) as clock:
        ann, bob = person("ann"), person("bob")
        game = started_game(ann, bob)
        bob_seat = Seat.objects.get(game=game, user=bob)
        presence = Presence.objects.create(channel_name="bob-1", game=game, user=bob,
                                           seat=bob_seat)
        asked = {"game": game, "user": ann, "seat_id": "su-1", "level": "elite"}
        assert code_of(standin.ask_stand_in, **asked) == "bot/player_here"  # his socket is open
        presence.delete()
        assert code_of(standin.ask_stand_in, **asked) == "bot/player_here"  # only just left
        clock.shift(61)
        assert code_of(standin.ask_stand_in, **{**asked, "level": "general"}) == "bot/level"
        assert code_of(standin.ask_stand_in, **{**asked, "user": person("stranger")}) == "seat/none"
        assert code_of(standin.ask_stand_in, **{**asked, "seat_id": "ge-1"}) == "seat/invalid"
        with django_capture_on_commit_callbacks(execute=True):
            row = standin.ask_stand_in(**asked)
        assert (row.level, row.reason, row.asked_by) == ("elite", "left", ann)
        assert code_of(standin.ask_stand_in, **asked) == "bot/standing_in"
        assert BotPlayed.objects.get(game=game).levels == ["elite"]
        # The Elite plays Bob's seat (here: his initiative roll) through command_submit.
        assert GameStep.objects.filter(game=game, seat=bob_seat).exists()
        assert runner.bot_seats(game.pk, ["su-1"])[0][1] == "elite"
        # Bob opens the game again: the seat is his.
        Presence.objects.create(channel_name="bob-2", game=game, user=bob, seat=bob_seat)
        assert not BotStandIn.objects.filter(seat=bob_seat).exists()
        assert runner.bot_seats(game.pk, ["su-1"]) == []


def test_in_a_timed_game_the_bot_comes_through_the_clocks_at_the_chosen_level(
        django_capture_on_commit_callbacks):
    live = {"kind": "live", "base": 120, "increment": 0, "window": 20}
    with time_machine.travel(START, tick=False) as clock:
        ann, bob = person("axis"), person("allied")
        game = timed_game(ann, bob, live)
        send(game, ann, ROLL)
        clock.shift(121)
        assert sweep()["flagged"] == 1
        flagged = next(side for side, row in sides(game).items() if row.flagged_at)
        absent, present = (ann, bob) if flagged == "ge" else (bob, ann)
        seat_id = f"{flagged}-1"
        assert code_of(standin.ask_stand_in, game=game, user=absent, seat_id=seat_id,
                       level="recruit") == "seat/invalid"  # not for oneself
        with django_capture_on_commit_callbacks(execute=True):
            row = standin.ask_stand_in(game=game, user=present, seat_id=seat_id,
                                       level="recruit")
        assert (row.level, row.reason) == ("recruit", "timeout")
        assert sides(game)[flagged].flagged_at is None  # the clocks lifted the flag
        # The clocks' own button (no level) still seats the Veteran.
        assert standin.TAKE_OVER_LEVEL == "veteran"
        assert standin.take_over in absence.BOT_TAKEOVER_HOOKS


def test_a_stand_in_is_refused_in_a_timed_game_before_the_side_runs_out():
    live = {"kind": "live", "base": 120, "increment": 0, "window": 20}
    ann, bob = person("axis"), person("allied")
    game = timed_game(ann, bob, live)
    assert code_of(standin.ask_stand_in, game=game, user=ann, seat_id="su-1",
                   level="veteran") == "clock/not_flagged"
    assert not BotStandIn.objects.exists()


def test_has_left_counts_from_the_players_last_command(django_capture_on_commit_callbacks):
    with time_machine.travel(START, tick=False) as clock:
        ann, bob = person("ann"), person("bob")
        game = started_game(ann, bob)
        seat = Seat.objects.get(game=game, user=bob)
        clock.shift(30)
        assert not standin.has_left(seat)
        clock.shift(31)
        assert standin.has_left(seat)
        assert standin.has_left(seat, now=START + timedelta(seconds=61))


def test_the_api_asks_a_bot_to_stand_in_and_answers_refusals_in_the_api_shape():
    from django.test import Client

    with time_machine.travel(START, tick=False) as clock:
        ann, bob = person("ann"), person("bob")
        game = started_game(ann, bob)
        c = Client()
        c.force_login(ann)
        url = f"/api/v1/games/{game.pk}/bot-stand-in"
        r = c.post(url, {"seat": "su-1", "level": "recruit"}, content_type="application/json")
        assert r.status_code == 409 and r.json()["code"] == "bot/player_here"
        clock.shift(61)
        r = c.post(url, {"seat": "su-1", "level": "recruit"}, content_type="application/json")
        assert r.status_code == 200 and r.json() == {"seat": "su-1", "level": "recruit",
                                                     "reason": "left"}
        r = c.post("/api/v1/games/not-a-game/bot-stand-in", {"seat": "su-1", "level": "recruit"},
                   content_type="application/json")
        assert r.status_code == 404
