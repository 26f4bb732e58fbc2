"""A notification address gets mail only once verified: a link goes there when it is saved,
and following it starts the mails. The account's own address counts as verified."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.notifications.models import Delivery, NotificationSettings
from tests.gamekit import started_game

pytestmark = pytest.mark.django_db


def save_address(client, user, email: str):
    client.force_login(user)
    data = {"email": email, "email_your_move": "on"}
    return client.post(reverse("notifications-settings"), data, follow=True)


def test_no_mail_goes_to_a_new_address_until_its_link_is_followed(
    axis_player, allied_player, client, smtp_server, loopback_allowed,
    django_capture_on_commit_callbacks,
):  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        page = save_address(client, axis_player, "axis@elsewhere.test")
    assert b"We sent a link to axis@elsewhere.test" in page.content
    assert b"No mail goes to axis@elsewhere.test" in page.content
    [link_mail] = smtp_server.messages
    assert link_mail["To"] == "axis@elsewhere.test"
    with django_capture_on_commit_callbacks(execute=True):
        started_game(axis_player, allied_player)  # the initiative roll: both are told
    assert not Delivery.objects.filter(user=axis_player, channel="email").exists()
    assert len(smtp_server.messages) == 1

    link = re.search(r"https?://testserver(/notifications/verify/\S+/)",
                     link_mail.get_body(("plain",)).get_content()).group(1)  # fmt: skip
    assert client.get(link).status_code == 200
    assert NotificationSettings.objects.get(user=axis_player).email_verified
    with django_capture_on_commit_callbacks(execute=True):
        started_game(axis_player, allied_player)
    assert [m["To"] for m in smtp_server.messages[1:]] == ["axis@elsewhere.test"]


def test_a_link_for_an_address_changed_since_verifies_nothing(
    axis_player, client, smtp_server, loopback_allowed, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        save_address(client, axis_player, "first@elsewhere.test")
    old = re.search(r"(/notifications/verify/\S+/)",
                    smtp_server.messages[0].get_body(("plain",)).get_content()).group(1)  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        save_address(client, axis_player, "second@elsewhere.test")
    assert client.get(old).status_code == 400
    assert not NotificationSettings.objects.get(user=axis_player).email_verified


def test_the_accounts_own_address_is_verified_at_once(
    axis_player, client, smtp_server, django_capture_on_commit_callbacks
):
    axis_player.email = "axis@example.test"
    axis_player.save(update_fields=["email"])
    with django_capture_on_commit_callbacks(execute=True):
        save_address(client, axis_player, "axis@example.test")
    assert NotificationSettings.objects.get(user=axis_player).email_verified
    assert smtp_server.messages == []
