"""Send a notification to a player's webhook: a Discord/Slack-compatible JSON body, signed
with HMAC-SHA256 over "<timestamp>.<body>" (header X-Pgweb-Signature: t=...,v1=...).

The URL is checked again at sending time and the request goes to the very address that was
checked (no second lookup a rebinding DNS server could answer differently), with no
redirects followed."""

from __future__ import annotations

import hashlib
import hmac
import json
import time

import urllib3

from games.notifications.addresses import AddressRefused, check_url
from games.notifications.content import plain_text
from games.notifications.models import Delivery
from games.notifications.pinned import post
from games.notifications.senders import GiveUp, TryLater

SIGNATURE_HEADER = "X-Pgweb-Signature"


def body(delivery: Delivery) -> bytes:
    """`content` for Discord, `text` for Slack, and the message itself for anything else."""
    msg = delivery.message
    text = plain_text(msg)
    data = {"username": "pgweb", "content": text, "text": text, "pgweb": msg}
    return json.dumps(data, separators=(",", ":"), sort_keys=True).encode("utf-8")


def signature(secret: str, timestamp: int, payload: bytes) -> str:
    """The signature header's value; receivers recompute it with their copy of the secret."""
    mac = hmac.new(secret.encode("utf-8"), f"{timestamp}.".encode() + payload, hashlib.sha256)
    return f"t={timestamp},v1={mac.hexdigest()}"


def send(delivery: Delivery, secret: str) -> None:
    try:
        target = check_url(delivery.target)
    except AddressRefused as exc:
        raise GiveUp(str(exc)) from None
    payload = body(delivery)
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "pgweb-notifications",
        SIGNATURE_HEADER: signature(secret, int(time.time()), payload),
    }
    try:
        status = post(target, payload, headers).status_code
    except urllib3.exceptions.HTTPError as exc:
        raise TryLater(f"the webhook could not be reached: {exc}") from None
    if 200 <= status < 300:
        return
    if status in (408, 425, 429) or status >= 500:
        raise TryLater(f"the webhook answered {status}")
    raise GiveUp(f"the webhook answered {status}")
