"""Webhooks to a local HTTP receiver: a Discord/Slack-compatible body signed with HMAC-SHA256,
retried with backoff on a server error, and addresses that would forge requests refused."""

from __future__ import annotations

import hashlib
import hmac
import json

import pytest
from django.urls import reverse
from django.utils import timezone

from games.notifications import outbox
from games.notifications.addresses import AddressRefused, check_url
from games.notifications.models import FAILED, PENDING, SENT, Delivery, NotificationSettings
from games.notifications.preferences import settings_of
from games.notifications.senders.webhook import SIGNATURE_HEADER
from tests.gamekit import started_game

pytestmark = pytest.mark.django_db


def with_webhook(user, url):
    prefs = settings_of(user)
    prefs.webhook_url = url
    prefs.save()
    return prefs


def verify(secret: str, header: str, body: bytes) -> bool:
    fields = dict(part.split("=", 1) for part in header.split(","))
    mac = hmac.new(secret.encode(), f"{fields['t']}.".encode() + body, hashlib.sha256)
    return hmac.compare_digest(mac.hexdigest(), fields["v1"])


def test_a_webhook_gets_a_signed_discord_and_slack_compatible_body(
    axis_player, allied_player, receiver, django_capture_on_commit_callbacks
):
    prefs = with_webhook(axis_player, receiver.url("/hook?team=1"))
    with django_capture_on_commit_callbacks(execute=True):
        game = started_game(axis_player, allied_player)
    [request] = receiver.requests
    assert request.path == "/hook?team=1"
    assert request.headers["content-type"] == "application/json"
    assert verify(prefs.webhook_secret, request.headers[SIGNATURE_HEADER.lower()], request.body)
    assert not verify("another secret", request.headers[SIGNATURE_HEADER.lower()], request.body)
    body = json.loads(request.body)
    assert body["content"] == body["text"]
    assert body["content"].startswith("It is your move in ")
    assert body["pgweb"]["kind"] == "your_move" and body["pgweb"]["game"] == str(game.pk)


def test_a_webhook_that_fails_is_retried_with_backoff_then_sent(
    axis_player, allied_player, receiver, django_capture_on_commit_callbacks
):
    receiver.statuses = [503, 204]
    with_webhook(axis_player, receiver.url("/hook"))
    with django_capture_on_commit_callbacks(execute=True):
        started_game(axis_player, allied_player)
    row = Delivery.objects.get(channel="webhook")
    assert row.status == PENDING and "503" in row.last_error
    first_wait = row.next_attempt_at - timezone.now()
    Delivery.objects.filter(pk=row.pk).update(next_attempt_at=timezone.now())
    assert outbox.deliver(row.pk)[0] == SENT
    assert len(receiver.requests) == 2
    assert outbox.backoff(2) == 2 * outbox.backoff(1) and first_wait <= outbox.backoff(1)


def test_a_webhook_answering_a_client_error_is_not_retried(
    axis_player, allied_player, receiver, django_capture_on_commit_callbacks
):
    receiver.statuses = [404]
    with_webhook(axis_player, receiver.url("/gone"))
    with django_capture_on_commit_callbacks(execute=True):
        started_game(axis_player, allied_player)
    assert Delivery.objects.get(channel="webhook").status == FAILED


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("ftp://example.test/hook", "must start with http:// or https://"),
        ("javascript:alert(1)", "must start with http:// or https://"),
        ("http://127.0.0.1:8000/admin/", "loopback"),
        ("http://[::1]/", "loopback"),
        ("http://localhost/", "loopback"),
        ("http://10.0.0.5/", "private network"),
        ("http://192.168.1.1/", "private network"),
        ("http://169.254.169.254/latest/meta-data/", "link-local"),
        ("http://[::ffff:127.0.0.1]/", "loopback"),
        ("http://[2002:7f00:1::]/", "loopback"),  # 6to4 of 127.0.0.1
        ("https://[2002:a9fe:a9fe::]/", "link-local"),  # 6to4 of 169.254.169.254
        ("http://[2002:a00:5::1]/", "private network"),  # 6to4 of 10.0.0.5
        # Teredo: server 65.54.227.120, client 127.0.0.1 (stored inverted: 80ff:fffe)
        ("http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", "loopback"),
        ("http://[64:ff9b::7f00:1]/", "loopback"),  # NAT64 of 127.0.0.1
        ("http://[64:ff9b::a9fe:a9fe]/", "link-local"),  # NAT64 of 169.254.169.254
        ("http://[64:ff9b:1::a00:5]/", "private network"),  # a local NAT64 prefix
        ("http://0.0.0.0/", "unspecified"),
        ("http://240.0.0.1/", "reserved"),
        ("http://user:pw@93.184.216.34/", "user name or password"),
    ],
)
def test_webhook_addresses_that_would_forge_requests_are_refused(url, why, settings):
    settings.NOTIFICATIONS_ALLOW_LOOPBACK = False
    with pytest.raises(AddressRefused, match=why):
        check_url(url)


def test_a_public_address_is_accepted_and_loopback_only_when_allowed(settings):
    settings.NOTIFICATIONS_ALLOW_LOOPBACK = False
    assert check_url("https://93.184.216.34/hook").address == "93.184.216.34"
    assert check_url("https://[2002:5db8:d822::]/hook").address == "2002:5db8:d822::"  # 6to4, public
    settings.NOTIFICATIONS_ALLOW_LOOPBACK = True
    assert check_url("http://127.0.0.1:9/hook").port == 9


def test_the_settings_page_refuses_a_private_webhook_and_changes_nothing(
    axis_player, client, settings
):
    settings.NOTIFICATIONS_ALLOW_LOOPBACK = False
    client.force_login(axis_player)
    before = settings_of(axis_player)
    answer = client.post(
        reverse("notifications-settings"),
        {
            "webhook_url": "http://192.168.0.10/hook",
            "email": "a@example.test",
            "email_your_move": "on",
        },
    )
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "This webhook address cannot be used" in page and "private network address" in page
    after = NotificationSettings.objects.get(user=axis_player)
    assert (after.webhook_url, after.email) == (before.webhook_url, before.email)
