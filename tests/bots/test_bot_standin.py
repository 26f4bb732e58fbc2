"""A bot stands in for an absent player: in an untimed game at a partner's request once the
player left (never at the opponent's), in a timed game once their side ran out of time (the
clocks' take-over, which lifts the flag); never weaker than the player's rating suggests; the
player gets the seat back on return, and a rated game's record says a bot stood in."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client

from games import services
from games.botplay import runner, standin, strength
from games.botplay.accounts import record_bot
from games.botplay.models import BotPlayed, BotStandIn, StandInChoice
from games.clocks import absence
from games.clocks.models import ClockEvent
from games.community.models.ratings import Rating
from games.community.ratings import pace_of, rate_game
from games.models import Presence, Seat
from games.services import account_life
from games.services.errors import ServiceError
from tests.clocks.kit import ROLL, send, sides, sweep, timed_game
from tests.gamekit import person, started_game, started_team_game


def seat_id(game, user) -> str:
    return Seat.objects.get(game=game, user=user).seat_id

pytestmark = pytest.mark.django_db
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def quick(settings):
    # What these tests check of a stand-in is its row, its level, the logs and the rating
    # record, not the bot's moves: the runner stays idle, where it played up to nine Elite
    # decisions after a stand-in was committed (most of this file's CPU). That a bot put in
    # a seat then plays there is test_bot_seats.py's
    # test_a_bot_takes_over_a_seat_whose_player_left_and_hands_it_back_when_they_return.
    settings.BOTS_RUN = False
    settings.BOT_STANDIN_AWAY_SECONDS = 60


def code_of(call, **kwargs) -> str:
    with pytest.raises(ServiceError) as exc:
        call(**kwargs)
    return exc.value.code


def test_in_an_untimed_game_a_partner_asks_a_bot_of_a_level_once_the_player_has_left(
        django_capture_on_commit_callbacks):
    with time_machine.travel(START, tick=False) as clock:
        ann, bob, cid, dan = person("ann"), person("bob"), person("cid"), person("dan")
        game = started_team_game((ann, dan), (cid, bob))
        bob_seat = Seat.objects.get(game=game, user=bob)
        presence = Presence.objects.create(channel_name="bob-1", game=game, user=bob,
                                           seat=bob_seat)
        asked = {"game": game, "user": cid, "seat_id": bob_seat.seat_id, "level": "elite"}
        assert code_of(standin.ask_stand_in, **asked) == "bot/player_here"  # his socket is open
        presence.delete()
        assert code_of(standin.ask_stand_in, **asked) == "bot/player_here"  # only just left
        clock.shift(61)
        assert code_of(standin.ask_stand_in, **{**asked, "level": "general"}) == "bot/level"
        assert code_of(standin.ask_stand_in, **{**asked, "user": person("stranger")}) == "seat/none"
        assert code_of(standin.ask_stand_in, **{**asked, "seat_id": seat_id(game, cid)}) == "seat/invalid"
        # The opponents may not choose who plays for Bob's side.
        assert code_of(standin.ask_stand_in, **{**asked, "user": ann}) == "bot/not_your_side"
        with django_capture_on_commit_callbacks(execute=True):
            row = standin.ask_stand_in(**asked)
        assert (row.level, row.reason, row.asked_by) == ("elite", "left", cid)
        assert code_of(standin.ask_stand_in, **asked) == "bot/standing_in"
        assert BotPlayed.objects.get(game=game).levels == ["elite"]
        assert runner.bot_seats(game.pk, [bob_seat.seat_id])[0][1] == "elite"
        # Bob opens the game again: the seat is his.
        Presence.objects.create(channel_name="bob-2", game=game, user=bob, seat=bob_seat)
        assert not BotStandIn.objects.filter(seat=bob_seat).exists()
        assert runner.bot_seats(game.pk, [bob_seat.seat_id]) == []


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
    with time_machine.travel(START, tick=False) as clock:
        ann, bob, cid, dan = person("ann"), person("bob"), person("cid"), person("dan")
        game = started_team_game((ann, dan), (cid, bob))
        target = seat_id(game, bob)
        c = Client()
        c.force_login(cid)
        url = f"/api/v1/games/{game.pk}/bot-stand-in"
        r = c.post(url, {"seat": target, "level": "recruit"}, content_type="application/json")
        assert r.status_code == 409 and r.json()["code"] == "bot/player_here"
        clock.shift(61)
        opponent = Client()
        opponent.force_login(ann)
        r = opponent.post(url, {"seat": target, "level": "recruit"}, content_type="application/json")
        assert r.status_code == 403 and r.json()["code"] == "bot/not_your_side"
        r = c.post(url, {"seat": target, "level": "recruit"}, content_type="application/json")
        assert r.status_code == 200 and r.json() == {"seat": target, "level": "recruit",
                                                     "reason": "left"}
        r = c.post("/api/v1/games/not-a-game/bot-stand-in", {"seat": "su-1", "level": "recruit"},
                   content_type="application/json")
        assert r.status_code == 404


def test_the_bot_is_never_weaker_than_the_absent_players_rating_suggests(
        django_capture_on_commit_callbacks):
    live = {"kind": "live", "base": 120, "increment": 0, "window": 20}
    with time_machine.travel(START, tick=False) as clock:
        ann, bob = person("axis"), person("allied")
        for user in (ann, bob):
            Rating.objects.create(user=user, ruleset="panzer_grenadier", pace="live", rating=1540)
        game = timed_game(ann, bob, live)
        send(game, ann, ROLL)
        clock.shift(121)
        assert sweep()["flagged"] == 1
        flagged = next(side for side, row in sides(game).items() if row.flagged_at)
        present = bob if flagged == "ge" else ann
        with django_capture_on_commit_callbacks(execute=True):
            row = standin.ask_stand_in(game=game, user=present, seat_id=f"{flagged}-1",
                                       level="recruit")
        assert row.level == "veteran"  # a 1540 player is not handed to a Recruit
    newcomer = person("newcomer")
    assert standin.level_floor(newcomer, game) == "recruit"
    rated = Rating.objects.create(user=newcomer, ruleset="panzer_grenadier", pace="live",
                                  rating=1540)
    assert standin.stand_in_level("recruit", newcomer, game) == "veteran"
    rated.rating = 1750
    rated.save()
    assert standin.stand_in_level("veteran", newcomer, game) == "elite"


def test_the_levels_floors_come_from_their_measured_scores_against_each_other():
    """Veteran over Recruit 0.84 and Elite over Veteran 0.60 (docs/bots.md, "Strength") are
    gaps of about 288 and 70 rating points; the Veteran stands at the starting rating."""
    assert strength.LEVEL_RATINGS == {"recruit": 1212, "veteran": 1500, "elite": 1570}
    assert round(strength.rating_gap(0.5)) == 0
    assert [strength.floor_for(r) for r in (None, 1000, 1499, 1500, 1569, 1570, 2100)] == [
        "recruit", "recruit", "recruit", "veteran", "veteran", "elite", "elite"]


def test_a_rated_game_with_a_bot_standing_in_says_so_in_its_rating_record():
    ann, bob = person("ann"), person("bob")
    for user in (ann, bob):
        user.set_password("a long enough passphrase")
        user.save()
    game = started_game(ann, bob, rated=True)
    record_bot(game.pk, "veteran")
    services.game_resign(game=game, seat=Seat.objects.select_related("side").get(game=game, user=bob))
    record = rate_game(game.pk)
    assert record.status == "rated"
    assert record.reason == "a bot (veteran) stood in for a player who was away"


def test_the_absent_players_own_choice_lets_the_opponent_call_that_bot_and_no_other():
    """Issue 51: in an untimed game the absent player's side decides who stands in: a
    partner, or the player's own standing choice, at a level no weaker than their rating
    suggests; the opponent calls the bot the player chose, whatever level they ask for."""
    with time_machine.travel(START, tick=False) as clock:
        ann, bob = person("ann"), person("bob")
        game = started_game(ann, bob)
        api = {user: Client() for user in (ann, bob)}
        for user, c in api.items():
            c.force_login(user)
        url = f"/api/v1/games/{game.pk}/bot-stand-in"
        clock.shift(61)  # Bob has been away long enough
        ask = {"seat": "su-1", "level": "recruit"}
        r = api[ann].post(url, ask, content_type="application/json")
        assert (r.status_code, r.json()["code"]) == (403, "bot/not_your_side")  # no choice yet
        assert not BotStandIn.objects.exists()
        # Bob chooses a Veteran to stand in for him while he is away.
        assert api[bob].get("/api/v1/account/stand-in").json() == {"level": None}
        r = api[bob].put("/api/v1/account/stand-in", {"level": "general"},
                         content_type="application/json")
        assert r.status_code == 400 and standin.stand_in_choice(bob) is None
        r = api[bob].put("/api/v1/account/stand-in", {"level": "veteran"},
                         content_type="application/json")
        assert r.json() == {"level": "veteran"}
        r = api[ann].post(url, ask, content_type="application/json")
        assert r.status_code == 200 and r.json() == {"seat": "su-1", "level": "veteran",
                                                     "reason": "left"}
        log = ClockEvent.objects.get(game=game, kind="bot")
        # The log names the player others see, never the seat id (issue 47).
        assert (log.side_id, log.text) == ("su", "A Veteran bot stands in for bob until they "
                                                  "return")
        # Back to nobody: the opponent may not call one any more.
        BotStandIn.objects.all().delete()
        r = api[bob].put("/api/v1/account/stand-in", {"level": None},
                         content_type="application/json")
        assert r.json() == {"level": None}
        r = api[ann].post(url, ask, content_type="application/json")
        assert r.status_code == 403 and not BotStandIn.objects.exists()


def test_the_players_choice_is_raised_to_the_floor_and_a_rated_game_says_a_bot_stood_in(
        django_capture_on_commit_callbacks):
    with time_machine.travel(START, tick=False) as clock:
        ann, bob = person("ann"), person("bob")
        for user in (ann, bob):
            user.set_password("a long enough passphrase")
            user.save()
            Rating.objects.create(user=user, ruleset="panzer_grenadier", pace="correspondence",
                                  rating=1600)
        game = started_game(ann, bob, rated=True)
        standin.stand_in_choice_set(user=bob, level="recruit")
        clock.shift(61)
        with django_capture_on_commit_callbacks(execute=True):
            row = standin.ask_stand_in(game=game, user=ann, seat_id="su-1", level="recruit")
        assert row.level == "elite"  # rated 1600, above the Elite's 1570
        assert "An Elite bot stands in for bob until they return (the game is rated: its record " \
            "will say so)" == ClockEvent.objects.get(
            game=game, kind="bot").text
        services.game_resign(game=game, seat=Seat.objects.select_related("side").get(
            game=game, user=bob))
    assert rate_game(game.pk).reason == "a bot (elite) stood in for a player who was away"


def test_the_choice_goes_with_the_account_and_comes_with_its_export():
    bob = person("bob")
    standin.stand_in_choice_set(user=bob, level="elite")
    c = Client()
    c.force_login(bob)
    assert c.get("/api/v1/account/export").json()["settings"]["stand_in"] == {"level": "elite"}
    bob.set_unusable_password()
    bob.save()
    account_life.account_delete(user=bob, password=None)
    assert not StandInChoice.objects.exists()


def test_the_game_shows_its_players_the_bot_an_away_player_chose_where_an_opponent_may_call_it():
    """The seats panel offers an opponent the bot the player chose: the game's seats carry
    that level (raised to the player's floor) in an untimed game, and nothing in a timed one."""
    ann, bob = person("ann"), person("bob")
    untimed = started_game(ann, bob)
    api = Client()
    api.force_login(ann)

    def stand_ins(game) -> dict:
        return {s["id"]: s["stand_in"] for s in api.get(f"/api/v1/games/{game.pk}").json()["seats"]}

    assert stand_ins(untimed) == {"ge-1": None, "su-1": None}
    standin.stand_in_choice_set(user=bob, level="recruit")
    assert stand_ins(untimed) == {"ge-1": None, "su-1": "recruit"}
    Rating.objects.create(user=bob, ruleset="panzer_grenadier", pace=pace_of(untimed.options),
                          rating=1700)
    assert stand_ins(untimed)["su-1"] == standin.level_floor(bob, untimed) != "recruit"
    timed = timed_game(ann, bob, {"kind": "live", "base": 600, "increment": 0, "window": 20})
    assert stand_ins(timed) == {"ge-1": None, "su-1": None}  # the clocks decide there
