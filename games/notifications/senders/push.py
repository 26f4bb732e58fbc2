"""Send a notification by Web Push: the payload encrypted for the browser (RFC 8291,
aes128gcm) and signed with the server's VAPID key (RFC 8292) by pywebpush, and posted to the
very address the endpoint's check resolved (games.notifications.pinned), as webhooks are."""

from __future__ import annotations

import json

import urllib3
from django.conf import settings

from games.notifications import vapid
from games.notifications.addresses import AddressRefused, Target, check_url
from games.notifications.models import Delivery, PushSubscription
from games.notifications.pinned import PinnedSession
from games.notifications.senders import GiveUp, Revoked, TryLater

TIMEOUT = 10  # seconds
TTL = 24 * 3600  # a push service may hold the message this long for an offline browser
GONE = (404, 410)  # the subscription expired or was revoked: drop it


def payload(delivery: Delivery) -> str:
    """What the service worker receives: title, body and where a click leads."""
    msg = delivery.message
    body = msg["text"]
    if msg.get("lines"):
        body += "\n" + "\n".join(msg["lines"][:3])
    return json.dumps(
        {
            "title": msg["title"],
            "body": body,
            "url": msg["url"],
            "tag": f"pgweb-{msg.get('game', '')}",
        },
        separators=(",", ":"),
    )


def check_endpoint(endpoint: str) -> Target:
    """A push endpoint is a URL the browser chose: hold it to the same rule as webhooks."""
    return check_url(endpoint, https_only=not settings.NOTIFICATIONS_ALLOW_LOOPBACK)


def send(delivery: Delivery) -> None:
    # pywebpush is imported on the first push sent, not with this module: it brings aiohttp
    # and the encryption libraries (a quarter of a second of CPU), which every process would
    # otherwise pay at start-up (the notifications app loads this module when ready), also
    # those that never send a push.
    from pywebpush import WebPushException, webpush

    sub = PushSubscription.objects.filter(pk=delivery.target).first()
    if sub is None:
        raise Revoked("the browser's subscription is gone")
    try:
        target = check_endpoint(sub.endpoint)
    except AddressRefused as exc:
        raise GiveUp(str(exc)) from None
    try:
        webpush(
            sub.info(),
            data=payload(delivery),
            vapid_private_key=vapid.private_key_file(),
            vapid_claims={"sub": settings.VAPID_SUBJECT},
            timeout=TIMEOUT,
            ttl=TTL,
            requests_session=PinnedSession(target),
        )
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in GONE:
            sub.delete()
            raise Revoked(f"the push service answered {status}: subscription dropped") from None
        raise TryLater(f"the push service answered {status or exc}") from None
    except urllib3.exceptions.HTTPError as exc:
        raise TryLater(f"the push service could not be reached: {exc}") from None
