"""Web Push to a local push endpoint: the payload is encrypted for the browser's keys (decrypted
here with http_ece) and signed with the server's VAPID key; a revoked subscription is dropped."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.notifications import vapid
from games.notifications.models import DROPPED, SENT, Delivery, PushSubscription
from tests.gamekit import started_game
from tests.notifications.servers import Browser

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
    assert request.headers["authorization"].startswith("vapid t=")
    assert f"k={vapid.public_key()}" in request.headers["authorization"]
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


def test_a_push_endpoint_on_a_private_address_is_refused(axis_player, client, settings):
    settings.NOTIFICATIONS_ALLOW_LOOPBACK = False
    client.force_login(axis_player)
    body = {"endpoint": "https://10.1.2.3/push", "keys": Browser().keys()}
    answer = client.post(
        reverse("notifications-push-subscribe"), json.dumps(body), content_type="application/json"
    )
    assert answer.status_code == 400
    assert "private network address" in answer.json()["message"]
    assert not PushSubscription.objects.exists()


def test_the_service_worker_is_served_under_its_scope(client):
    answer = client.get(reverse("notifications-sw"))
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    assert b"showNotification" in answer.content
