"""The vacation page: days left this year, going away and coming back, the games it stops;
bad input gets a clear error and changes nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.clocks.models import Vacation
from tests.clocks.kit import sides, timed_game

DAY = 86_400


def page(client, user):
    client.force_login(user)
    return client.get(reverse("vacation"))


def test_the_page_needs_a_signed_in_player(client, db):
    answer = client.get(reverse("vacation"))
    assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]


def test_it_is_reachable_from_the_header_and_shows_the_days_left(axis_player, client, clock):
    answer = page(client, axis_player)
    text = answer.content.decode()
    assert answer.status_code == 200
    assert 'class="vacation-link" href="/vacation/"' in text  # the site header
    assert '<strong id="days-left">30</strong> of 30 vacation days left' in text
    lobby = client.get(reverse("lobby")).content.decode()
    assert 'id="lobby-vacation" href="/vacation/"' in lobby


def test_going_on_vacation_stops_the_correspondence_clocks_and_coming_back_restarts_them(
    axis_player, allied_player, client, clock
):
    game = timed_game(axis_player, allied_player, "days-3")
    live = timed_game(axis_player, allied_player, "live-15+10")
    client.force_login(axis_player)
    answer = client.post(reverse("vacation"), {"action": "go", "days": "5"})
    assert answer.status_code == 302
    assert sides(game)["ge"].paused and not sides(live)["ge"].paused
    text = client.get(reverse("vacation")).content.decode()
    assert "You are on vacation" in text and '<strong id="days-left">25</strong>' in text
    assert "clock stopped for your vacation" in text
    assert "live: its clock does not stop" in text
    clock.shift(DAY + 5)
    answer = client.post(reverse("vacation"), {"action": "back"})
    assert answer.status_code == 302
    assert not sides(game)["ge"].paused and sides(game)["ge"].running_since is not None
    text = client.get(reverse("vacation")).content.decode()
    assert '<strong id="days-left">28</strong>' in text  # two started days used
    assert "Welcome back" in text


@pytest.mark.parametrize(
    ("days", "says"),
    [
        ("0", "Ensure this value is greater than or equal to 1."),
        ("", "This field is required."),
        ("two", "Enter a whole number."),
        ("31", "you have 30 vacation day(s) left this year, not 31"),
    ],
)
def test_bad_days_get_a_clear_error_and_change_nothing(axis_player, client, clock, days, says):
    client.force_login(axis_player)
    answer = client.post(reverse("vacation"), {"action": "go", "days": days})
    assert answer.status_code == 400
    text = answer.content.decode()
    assert "Nothing was changed" in text and says in text
    assert not Vacation.objects.exists()


def test_coming_back_when_not_away_says_so(axis_player, client, clock):
    client.force_login(axis_player)
    answer = client.post(reverse("vacation"), {"action": "back"})
    assert answer.status_code == 409
    assert "you are not on vacation" in answer.content.decode()
