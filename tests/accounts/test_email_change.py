"""Changing the account's address: a link mailed to the new address confirms it; nothing
changes before, and a link works once. Through a real SMTP server."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from games.notifications.models import NotificationSettings
from games.notifications.preferences import settings_of
from tests.notifications.servers import free_port

pytestmark = pytest.mark.django_db


def confirm_link(mail) -> str:
    text = mail.get_body(("plain",)).get_content()
    return re.search(r"https?://testserver(/accounts/email/confirm/\S+/)", text).group(1)


def email_of(user) -> str:
    return get_user_model().objects.get(pk=user.pk).email


def test_a_new_address_becomes_the_accounts_once_its_link_is_followed(
    ann, smtp_server, loopback_allowed, client
):
    settings_of(ann)  # notifications went to the account's address, verified
    client.force_login(ann)
    answer = client.post("/accounts/email/", {"email": "ann@new.example.test"}, follow=True)
    assert b"We sent a link to ann@new.example.test" in answer.content
    [mail] = smtp_server.messages
    assert mail["To"] == "ann@new.example.test"
    assert email_of(ann) == "ann@example.test"
    link = confirm_link(mail)
    done = client.get(link)
    assert done.status_code == 200 and b"ann@new.example.test" in done.content
    assert email_of(ann) == "ann@new.example.test"
    prefs = NotificationSettings.objects.get(user=ann)
    assert (prefs.email, prefs.email_verified) == ("ann@new.example.test", True)
    used = client.get(link)
    assert used.status_code == 400 and b"used or replaced" in used.content


def test_a_bad_address_or_a_forged_link_changes_nothing(ann, smtp_server, client):
    client.force_login(ann)
    answer = client.post("/accounts/email/", {"email": "not an address"}, follow=True)
    assert b"is not an e-mail address" in answer.content
    assert smtp_server.messages == []
    assert client.get("/accounts/email/confirm/forged-token/").status_code == 400
    assert email_of(ann) == "ann@example.test"


def test_the_api_mails_the_confirmation_link_too(ann, smtp_server, client):
    client.force_login(ann)
    answer = client.post("/api/v1/account/email", {"email": "ann@api.example.test"},
                         content_type="application/json")  # fmt: skip
    assert (answer.status_code, answer.json()) == (202, {"sent_to": "ann@api.example.test"})
    assert [m["To"] for m in smtp_server.messages] == ["ann@api.example.test"]
    assert email_of(ann) == "ann@example.test"


def test_a_mail_server_that_is_down_is_said_and_changes_nothing(ann, client, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", free_port()  # nobody listens
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    client.force_login(ann)
    answer = client.post("/api/v1/account/email", {"email": "ann@down.example.test"},
                         content_type="application/json")  # fmt: skip
    assert (answer.status_code, answer.json()["code"]) == (503, "account/mail_failed")
    assert email_of(ann) == "ann@example.test"
