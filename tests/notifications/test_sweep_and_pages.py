"""The settings page, unsubscribe links, the daily digest and the clocks' warning."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.clocks import signals as clock_signals
from games.notifications import sweep
from games.notifications.models import DIGEST, DIGESTED, SENT, Delivery, NotificationSettings
from games.notifications.preferences import settings_of
from games.notifications.unsubscribe import ALL, url_for
from tests.gamekit import seat, started_game

pytestmark = pytest.mark.django_db


def test_the_settings_page_needs_a_signed_in_player(client):
    answer = client.get(reverse("notifications-settings"))
    assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]


def test_the_settings_page_saves_the_switches(axis_player, client):
    client.force_login(axis_player)
    page = client.get(reverse("notifications-settings")).content.decode()
    assert "Your time is running out" in page and "Web Push" in page
    answer = client.post(
        reverse("notifications-settings"),
        {
            "email": "axis@example.test",
            "email_digest": "on",
            "email_your_move": "on",
            "push_game_over": "on",
        },
    )
    assert answer.status_code == 302
    prefs = NotificationSettings.objects.get(user=axis_player)
    assert prefs.email == "axis@example.test" and prefs.email_digest
    assert prefs.wants("email", "your_move") and not prefs.wants("email", "game_over")
    assert prefs.wants("push", "game_over") and not prefs.wants("browser", "your_move")


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"email": "not an address"}, "Enter a valid email address."),
        ({"email_digest": "on"}, "A daily digest needs an e-mail address."),
        ({"webhook_url": "gopher://example.test/"}, "must start with http:// or https://"),
    ],
)
def test_bad_input_on_the_settings_page_gets_a_clear_error_and_changes_nothing(
    axis_player, client, data, error
):
    client.force_login(axis_player)
    before = settings_of(axis_player)
    answer = client.post(reverse("notifications-settings"), {"browser_your_move": "on", **data})
    assert answer.status_code == 400
    assert error in answer.content.decode()
    assert "Nothing was saved" in answer.content.decode()
    after = NotificationSettings.objects.get(user=axis_player)
    assert after.updated_at == before.updated_at


def test_an_unsubscribe_link_asks_first_and_works_signed_out(axis_player):
    path = url_for(axis_player.pk, "email", ALL).removeprefix("http://testserver")
    visitor = Client()
    page = visitor.get(path)
    assert page.status_code == 200 and b"Unsubscribe" in page.content
    assert settings_of(axis_player).email_game_over  # a link scanner's GET changes nothing
    assert visitor.post(path).status_code == 200
    prefs = settings_of(axis_player)
    assert not any(prefs.wants("email", k) for k in ("your_move", "time_running_out", "game_over"))
    assert prefs.wants("push", "your_move")


def test_a_forged_unsubscribe_link_is_refused(axis_player):
    path = url_for(axis_player.pk, "email", ALL).removeprefix("http://testserver")
    answer = Client().post(path.replace("/unsubscribe/", "/unsubscribe/x"))
    assert answer.status_code == 400 and b"not valid" in answer.content
    assert settings_of(axis_player).email_your_move


def test_the_daily_digest_gathers_the_moves_into_one_mail_a_day(
    axis_player, allied_player, smtp_server, loopback_allowed, django_capture_on_commit_callbacks
):
    prefs = settings_of(axis_player)
    prefs.email, prefs.email_digest = "axis@example.test", True
    prefs.save()
    with django_capture_on_commit_callbacks(execute=True):
        first = started_game(axis_player, allied_player)
        second = started_game(axis_player, allied_player)
    assert Delivery.objects.filter(user=axis_player, status=DIGEST).count() == 2
    assert smtp_server.messages == []
    now = timezone.now()
    assert sweep.run(now)["digests"] == 1
    [mail] = smtp_server.messages
    assert mail["Subject"] == "Your move in 2 games"
    body = mail.get_body(("plain",)).get_content()
    assert f"/games/{first.pk}/" in body and f"/games/{second.pk}/" in body
    assert mail["List-Unsubscribe"]
    assert not Delivery.objects.filter(status=DIGEST).exists()
    assert Delivery.objects.filter(status=DIGESTED).count() == 2
    # Another move the same day waits for tomorrow's digest.
    with django_capture_on_commit_callbacks(execute=True):
        started_game(axis_player, allied_player)
    assert sweep.run(now + timedelta(hours=1))["digests"] == 0
    assert sweep.run(now + timedelta(days=1, minutes=1))["digests"] == 1
    assert len(smtp_server.messages) == 2


def test_the_clocks_warning_reaches_the_player_once(
    axis_player, allied_player, smtp_server, loopback_allowed, django_capture_on_commit_callbacks
):
    prefs = settings_of(axis_player)
    prefs.email = "axis@example.test"
    prefs.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = started_game(axis_player, allied_player)
    smtp_server.messages.clear()
    deadline = timezone.now() + timedelta(hours=2, minutes=5)
    for _ in range(2):  # the clocks' signal, as sent after their reminder commits (twice)
        with django_capture_on_commit_callbacks(execute=True):
            clock_signals.time_running_out.send(
                sender=None, game_id=game.pk, side_id="ge",
                seat_ids=(seat(game, axis_player).seat_id,), deadline=deadline,
                remaining=7500.0,
            )  # fmt: skip
    [mail] = smtp_server.messages
    assert mail["Subject"].startswith("Your time is running out: ")
    assert "2 hours left" in mail.get_body(("plain",)).get_content()
    assert Delivery.objects.get(kind="time_running_out").status == SENT


def test_time_left_reads_in_words():
    assert sweep.remaining_words(7500.0) == "2 hours"
    assert sweep.remaining_words(timedelta(days=1, hours=3)) == "1 day"
    assert sweep.remaining_words(61) == "1 minute"
    assert sweep.remaining_words(0) == "0 seconds"
