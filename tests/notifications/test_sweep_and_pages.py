"""The settings page and the unsubscribe links."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.notifications.models import NotificationSettings
from games.notifications.preferences import settings_of
from games.notifications.unsubscribe import ALL, url_for

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
