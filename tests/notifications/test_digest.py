"""The daily digest: "your move" mails gathered into one mail a day at the hour the player
picked in their time zone, through a real SMTP server; what it held is sent or dropped when
the player changes their mind."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.urls import reverse

from games import services
from games.notifications import digest, sweep
from games.notifications.models import DIGEST, DIGESTED, DROPPED, Delivery, NotificationSettings
from games.notifications.preferences import settings_of, switch_off
from tests.gamekit import seat, started_game

pytestmark = pytest.mark.django_db

MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # 10:00 in Paris
PARIS_SIX_PM = datetime(2026, 3, 2, 17, 0, tzinfo=UTC)


@pytest.fixture
def monday():
    with time_machine.travel(MONDAY, tick=False) as traveller:
        yield traveller


def save_settings(client, user, **fields):
    """Save the page's form; the address is the account's own, so it is verified at once."""
    user.email = "axis@example.test"
    user.save(update_fields=["email"])
    client.force_login(user)
    data = {"email": "axis@example.test", "email_your_move": "on", **fields}
    answer = client.post(reverse("notifications-settings"), data)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    return NotificationSettings.objects.get(user=user)


def held(user) -> int:
    return Delivery.objects.filter(user=user, status=DIGEST).count()


def two_games_waiting(axis_player, allied_player, capture):
    with capture(execute=True):
        first = started_game(axis_player, allied_player)
        second = started_game(axis_player, allied_player)
    return first, second


def test_the_digest_goes_out_once_a_day_at_the_hour_the_player_picked(
    axis_player, allied_player, client, smtp_server, loopback_allowed, monday,
    django_capture_on_commit_callbacks,
):  # fmt: skip
    prefs = save_settings(
        client, axis_player, email_digest="on", digest_hour="18", digest_timezone="Europe/Paris"
    )
    assert prefs.next_digest_at == PARIS_SIX_PM  # 18:00 in Paris is 17:00 UTC in March
    first, second = two_games_waiting(axis_player, allied_player, django_capture_on_commit_callbacks)
    assert held(axis_player) == 2 and smtp_server.messages == []
    # The sweep runs every few seconds; nothing goes out before the hour.
    assert sweep.run(PARIS_SIX_PM - timedelta(seconds=1))["digests"] == 0
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep.run(PARIS_SIX_PM)["digests"] == 1
    [mail] = smtp_server.messages
    assert mail["Subject"] == "Your move in 2 games"
    body = mail.get_body(("plain",)).get_content()
    assert f"/games/{first.pk}/" in body and f"/games/{second.pk}/" in body
    assert mail["List-Unsubscribe"]
    assert held(axis_player) == 0
    assert Delivery.objects.filter(status=DIGESTED).count() == 2
    assert settings_of(axis_player).next_digest_at == PARIS_SIX_PM + timedelta(days=1)
    # Another move the same evening waits for tomorrow's digest.
    with django_capture_on_commit_callbacks(execute=True):
        started_game(axis_player, allied_player)
    assert sweep.run(PARIS_SIX_PM + timedelta(hours=3))["digests"] == 0
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep.run(PARIS_SIX_PM + timedelta(days=1))["digests"] == 1
    assert len(smtp_server.messages) == 2


def test_the_digest_leaves_out_games_where_it_is_no_longer_the_players_move(
    axis_player, allied_player, client, smtp_server, loopback_allowed, monday,
    django_capture_on_commit_callbacks,
):  # fmt: skip
    save_settings(client, axis_player, email_digest="on", digest_hour="10", digest_timezone="UTC")
    first, second = two_games_waiting(axis_player, allied_player, django_capture_on_commit_callbacks)
    services.game_resign(game=first, seat=seat(first, allied_player))  # first is over
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep.run(MONDAY + timedelta(hours=1))["digests"] == 1
    [mail] = smtp_server.messages
    assert mail["Subject"] == "Your move in 1 game"
    body = mail.get_body(("plain",)).get_content()
    assert f"/games/{second.pk}/" in body and f"/games/{first.pk}/" not in body
    dropped = Delivery.objects.get(game=first, user=axis_player, channel="email")
    assert dropped.status == DROPPED and "no longer your move" in dropped.last_error


def test_turning_the_digest_off_sends_what_it_held_at_once(
    axis_player, allied_player, client, smtp_server, loopback_allowed, monday,
    django_capture_on_commit_callbacks,
):  # fmt: skip
    save_settings(client, axis_player, email_digest="on", digest_hour="18")
    two_games_waiting(axis_player, allied_player, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        prefs = save_settings(client, axis_player)  # the digest box left unticked
    assert not prefs.email_digest and prefs.next_digest_at is None
    [mail] = smtp_server.messages
    assert mail["Subject"] == "Your move in 2 games"
    assert held(axis_player) == 0
    # From now on, a mail per move.
    with django_capture_on_commit_callbacks(execute=True):
        started_game(axis_player, allied_player)
    assert [m["Subject"].split(":")[0] for m in smtp_server.messages] == [
        "Your move in 2 games", "Your move",
    ]  # fmt: skip


def test_removing_the_address_drops_what_the_digest_held_and_says_why(
    axis_player, allied_player, client, smtp_server, loopback_allowed, monday,
    django_capture_on_commit_callbacks,
):  # fmt: skip
    save_settings(client, axis_player, email_digest="on")
    two_games_waiting(axis_player, allied_player, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        save_settings(client, axis_player, email="")
    assert smtp_server.messages == [] and held(axis_player) == 0
    dropped = Delivery.objects.filter(user=axis_player, status=DROPPED)
    assert dropped.count() == 2
    assert {d.last_error for d in dropped} == {
        "held for the digest, dropped: the e-mail address was removed"
    }
    page = client.get(reverse("notifications-settings")).content.decode()
    assert "the e-mail address was removed" in page


def test_unsubscribing_from_move_mails_drops_what_the_digest_held(
    axis_player, allied_player, client, monday, django_capture_on_commit_callbacks, loopback_allowed
):
    save_settings(client, axis_player, email_digest="on")
    two_games_waiting(axis_player, allied_player, django_capture_on_commit_callbacks)
    switch_off(axis_player, "email", "your_move")
    assert held(axis_player) == 0
    assert Delivery.objects.filter(user=axis_player, status=DROPPED).count() == 2
    assert settings_of(axis_player).next_digest_at is None


def test_changing_the_hour_moves_the_next_digest(axis_player, client, monday):
    save_settings(client, axis_player, email_digest="on", digest_hour="18")
    prefs = save_settings(
        client, axis_player, email_digest="on", digest_hour="7", digest_timezone="Asia/Tokyo"
    )
    # 07:00 in Tokyo (UTC+9) is 22:00 UTC the day before: Monday's has passed, so Tuesday's.
    assert prefs.next_digest_at == datetime(2026, 3, 2, 22, 0, tzinfo=UTC)


def test_the_digest_hour_follows_the_players_clock_across_a_change_of_summer_time():
    prefs = NotificationSettings(digest_hour=8, digest_timezone="Europe/Paris")
    # Paris goes to summer time on Sunday 29 March 2026: 08:00 is 07:00 UTC before, 06:00 after.
    saturday = datetime(2026, 3, 28, 7, 0, tzinfo=UTC)
    sunday = digest.next_digest_at(prefs, saturday)
    assert sunday == datetime(2026, 3, 29, 6, 0, tzinfo=UTC)
    assert digest.next_digest_at(prefs, sunday) == datetime(2026, 3, 30, 6, 0, tzinfo=UTC)


def test_a_time_zone_the_page_does_not_offer_is_refused_and_nothing_is_saved(axis_player, client):
    client.force_login(axis_player)
    answer = client.post(
        reverse("notifications-settings"),
        {"email": "a@example.test", "email_digest": "on", "digest_timezone": "Mars/Olympus"},
    )
    assert answer.status_code == 400
    assert "Select a valid choice" in answer.content.decode()
    assert not settings_of(axis_player).email_digest
