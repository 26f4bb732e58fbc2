"""Vacation: days away a year, during which a player's seats' correspondence time stands
still, and a team partner may act for them."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.clocks import absence, vacation
from games.clocks.models import Vacation
from games.services.errors import ServiceError
from tests.clocks.conftest import START
from tests.clocks.kit import ROLL, log_of, send, sides, sweep, team_game, timed_game
from tests.gamekit import person

DAY = 86_400


def test_a_player_has_thirty_days_a_year_and_cannot_take_more(axis_player, clock):
    assert vacation.standing(axis_player).to_json() == {
        "allowance": 30, "used": 0, "left": 30, "until": None,
    }  # fmt: skip
    with pytest.raises(ServiceError) as error:
        vacation.vacation_start(user=axis_player, days=31)
    assert error.value.code == "vacation/too_long"
    assert "30 vacation day(s) left" in error.value.message
    assert not Vacation.objects.exists()
    for bad in (0, -2, "3", 2.5, True, None):
        with pytest.raises(ServiceError) as error:
            vacation.vacation_start(user=axis_player, days=bad)
        assert error.value.code == "vacation/invalid"
    account = vacation.vacation_start(user=axis_player, days=10)
    assert (account.used, account.left) == (10, 20)
    with pytest.raises(ServiceError) as error:
        vacation.vacation_start(user=axis_player, days=1)
    assert error.value.code == "vacation/already"


def test_coming_back_early_gives_the_unused_days_back(axis_player, clock):
    vacation.vacation_start(user=axis_player, days=10)
    clock.shift(2 * DAY + 60)
    account = vacation.vacation_end(user=axis_player)
    assert (account.used, account.left, account.current) == (3, 27, None)  # a started day counts


def test_a_correspondence_clock_stands_still_while_its_deciding_player_is_away(
    axis_player, allied_player, clock
):
    game = timed_game(axis_player, allied_player, "days-3")
    clock.shift(DAY)
    vacation.vacation_start(user=axis_player, days=5)
    ge = sides(game)["ge"]
    assert (ge.paused, ge.running_since, ge.remaining) == (True, None, 2 * DAY)
    assert ("vacation", "") in log_of(game)
    clock.shift(3 * DAY)  # the Soviets are not away: their time ran out meanwhile
    assert sweep()["flagged"] == 1
    assert sides(game)["ge"].flagged_at is None
    clock.shift(2 * DAY)  # the vacation is over: the German clock runs from where it stopped
    assert sweep()["vacations"] == 1
    ge = sides(game)["ge"]
    assert (ge.paused, ge.remaining) == (False, 2 * DAY)
    assert ge.deadline == START + timedelta(days=6 + 2)
    assert sweep()["vacations"] == 0


def test_a_live_clock_does_not_stop_for_a_vacation(axis_player, allied_player, clock):
    game = timed_game(axis_player, allied_player, "live-15+10")
    vacation.vacation_start(user=axis_player, days=3)
    assert sides(game)["ge"].running_since is not None
    assert not sides(game)["ge"].paused


def test_a_team_partner_may_act_for_a_seat_whose_player_is_on_vacation(db, clock):
    game, (ann, bob, cid, dan) = team_game("days-2")
    vacation.vacation_start(user=ann, days=4)
    assert sides(game)["ge"].paused
    version = game.version
    outcome = absence.command_for_seat(
        game=game, user=bob, seat_id="ge-1", command=ROLL, base_version=version
    )
    assert outcome.ok and outcome.version == version + 1
    # An opponent, or a partner of a player at home, may not.
    stranger = absence.command_for_seat(
        game=game, user=cid, seat_id="ge-1", command=ROLL, base_version=version + 1
    )
    assert stranger.code == "seat/not_yours"
    home = absence.command_for_seat(
        game=game, user=dan, seat_id="su-1", command=ROLL, base_version=version + 1
    )
    assert home.code == "seat/not_yours"


def test_a_stranger_cannot_go_on_vacation_without_signing_in(db):
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(ServiceError) as error:
        vacation.vacation_start(user=AnonymousUser(), days=1)
    assert error.value.code == "auth/required"
    assert person("someone")  # the table is usable afterwards
    send  # noqa: B018  (imported for symmetry with the other clock tests)


def test_a_partner_acting_for_a_seat_gets_its_previews_and_why_not_from_the_api(db, clock):
    """The board shows odds and reasons for the seat a partner plays for (?seat=); nobody else
    may ask for another's seat."""
    from rest_framework.test import APIClient

    game, (ann, bob, cid, dan) = team_game("days-2")
    vacation.vacation_start(user=ann, days=4)
    api = APIClient()
    api.force_authenticate(bob)
    url = f"/api/v1/games/{game.pk}/preview?unit=anything&seat=ge-1"
    answer = api.get(url)
    assert answer.status_code == 200 and answer.json()["seat"] == "ge-1"
    api.force_authenticate(cid)
    refused = api.get(url)
    assert refused.status_code == 403 and refused.json()["code"] == "seat/not_yours"
    api.force_authenticate(dan)
    assert api.get(f"/api/v1/games/{game.pk}/preview?unit=x&seat=su-1").status_code == 403


def test_a_partner_acting_for_a_seat_sends_the_id_and_version_the_commands_endpoint_takes(
        db, clock):
    """The act-for endpoint checks a command as /commands and the socket do: an id that is
    no bounded whole number is refused and stores nothing."""
    from rest_framework.test import APIClient

    from games.models import GameStep

    game, (ann, bob, _cid, _dan) = team_game("days-2")
    vacation.vacation_start(user=ann, days=4)
    api = APIClient()
    api.force_authenticate(bob)
    url = f"/api/v1/games/{game.pk}/seats/ge-1/command"
    steps = GameStep.objects.filter(game=game).count()
    for bad in ("abc", 2**70, [1], -1, True, None):
        answer = api.post(url, {"v": game.version, "command": ROLL, "id": bad}, format="json")
        assert answer.status_code == 400, (bad, answer.content)
    assert GameStep.objects.filter(game=game).count() == steps
    sent = api.post(url, {"v": game.version, "command": ROLL, "id": 7}, format="json")
    assert sent.status_code == 200 and sent.json()["t"] == "ack"
