"""Web Push to a local push endpoint: the payload is encrypted for the browser's keys (decrypted
here with http_ece) and signed with the server's VAPID key; a revoked subscription is dropped."""

from __future__ import annotations

import base64
import json
import time

import pytest
from cryptography.exceptions import InvalidSignature
from django.conf import settings
from django.urls import reverse

from games.notifications import vapid
from games.notifications.addresses import socket as resolver
from games.notifications.models import DROPPED, SENT, Delivery, PushSubscription
from tests.gamekit import started_game
from tests.notifications.servers import Browser, vapid_claims

pytestmark = pytest.mark.django_db


def subscribe(client, user, receiver, browser, path="/push/sub-1"):
    client.force_login(user)
    answer = client.post(
        reverse("notifications-push-subscribe"),
        json.dumps({"endpoint": receiver.url(path), "keys": browser.keys()}),
        content_type="application/json",
    )
    assert answer.status_code == 201, answer.content
    return answer


def test_a_push_message_reaches_the_endpoint_encrypted_for_the_browser(
    axis_player, allied_player, receiver, client, django_capture_on_commit_callbacks
):
    browser = Browser()
    subscribe(client, axis_player, receiver, browser)
    with django_capture_on_commit_callbacks(execute=True):
        game = started_game(axis_player, allied_player)
    [request] = receiver.requests
    assert request.path == "/push/sub-1", request.headers
    assert request.headers["content-encoding"] == "aes128gcm"
    # RFC 8292: a JWT signed (ES256) by the server's VAPID key, for the push service's origin.
    claims, key = vapid_claims(request.headers["authorization"])
    assert key == vapid.public_key()
    assert claims["aud"] == f"http://127.0.0.1:{receiver.port}"
    assert claims["sub"] == settings.VAPID_SUBJECT
    assert time.time() < claims["exp"] <= time.time() + 24 * 3600
    payload = json.loads(browser.decrypt(request.body))
    assert payload["title"].startswith("Your move: ")
    assert payload["url"] == f"http://testserver/games/{game.pk}/"
    assert b"Your move" not in request.body  # what travels is ciphertext
    assert Delivery.objects.get(channel="push").status == SENT


def test_a_revoked_subscription_is_dropped(
    axis_player, allied_player, receiver, client, django_capture_on_commit_callbacks
):
    receiver.statuses = [410]
    subscribe(client, axis_player, receiver, Browser())
    with django_capture_on_commit_callbacks(execute=True):
        started_game(axis_player, allied_player)
    row = Delivery.objects.get(channel="push")
    assert row.status == DROPPED and "410" in row.last_error
    assert not PushSubscription.objects.exists()


def test_a_subscription_must_name_an_endpoint_and_its_keys(axis_player, client, loopback_allowed):
    client.force_login(axis_player)
    answer = client.post(
        reverse("notifications-push-subscribe"), "{}", content_type="application/json"
    )
    assert answer.status_code == 400
    assert answer.json()["code"] == "push/invalid"
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    ("endpoint", "why"),
    [
        ("https://10.1.2.3/push", "private network address"),
        ("https://[2002:a9fe:a9fe::]/push", "link-local address"),  # 6to4 of 169.254.169.254
        ("https://[2002:7f00:1::]/push", "loopback address"),  # 6to4 of 127.0.0.1
    ],
)
def test_a_push_endpoint_on_a_private_address_is_refused(
        axis_player, client, settings, endpoint, why):
    settings.NOTIFICATIONS_ALLOW_LOOPBACK = False
    client.force_login(axis_player)
    body = {"endpoint": endpoint, "keys": Browser().keys()}
    answer = client.post(
        reverse("notifications-push-subscribe"), json.dumps(body), content_type="application/json"
    )
    assert answer.status_code == 400
    assert why in answer.json()["message"]
    assert not PushSubscription.objects.exists()


def test_the_service_worker_is_served_under_its_scope(client):
    answer = client.get(reverse("notifications-sw"))
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    assert b"showNotification" in answer.content


def test_a_forged_vapid_signature_does_not_verify(
    axis_player, allied_player, receiver, client, django_capture_on_commit_callbacks
):
    subscribe(client, axis_player, receiver, Browser())
    with django_capture_on_commit_callbacks(execute=True):
        started_game(axis_player, allied_player)
    [request] = receiver.requests
    header = request.headers["authorization"]
    token = header.split("t=", 1)[1].split(",", 1)[0]
    head, body, signature = token.split(".")
    # The same signature over other claims (another audience) must not pass.
    other = json.dumps({"aud": "https://evil.example", "exp": 1, "sub": "x"}).encode()
    forged_body = base64.urlsafe_b64encode(other).rstrip(b"=").decode()
    forged = header.replace(f"{head}.{body}.", f"{head}.{forged_body}.")
    with pytest.raises(InvalidSignature):
        vapid_claims(forged)


def test_a_push_goes_to_the_address_that_was_checked_however_dns_answers_later(
    axis_player, allied_player, receiver, client, monkeypatch, django_capture_on_commit_callbacks
):
    """DNS rebinding: the push service's name resolves to a good address when checked, then to
    a private one. The request must go to the checked address, looked up once."""
    browser = Browser()
    real = resolver.getaddrinfo
    lookups = []

    def rebinding(host, port, *args, **kwargs):
        if host != "push.rebind.test":
            return real(host, port, *args, **kwargs)
        lookups.append(host)
        address = "127.0.0.1" if len(lookups) == 1 else "10.255.255.1"
        return real(address, port, *args, **kwargs)

    client.force_login(axis_player)
    endpoint = f"http://push.rebind.test:{receiver.port}/push/rebind"
    monkeypatch.setattr(resolver, "getaddrinfo", rebinding)
    answer = client.post(
        reverse("notifications-push-subscribe"),
        json.dumps({"endpoint": endpoint, "keys": browser.keys()}),
        content_type="application/json",
    )
    assert answer.status_code == 201
    lookups.clear()  # the next lookup (at sending time) is the first of the delivery
    with django_capture_on_commit_callbacks(execute=True):
        started_game(axis_player, allied_player)
    assert lookups == ["push.rebind.test"]  # checked once; never resolved again to send
    [request] = receiver.requests
    assert request.path == "/push/rebind"
    assert request.headers["host"] == f"push.rebind.test:{receiver.port}"
    assert json.loads(browser.decrypt(request.body))["title"].startswith("Your move: ")
    assert Delivery.objects.get(channel="push").status == SENT
