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

from games.notifications.addresses import AddressRefused, Target, check_url
from games.notifications.content import plain_text
from games.notifications.models import Delivery
from games.notifications.senders import GiveUp, TryLater

TIMEOUT = urllib3.Timeout(connect=5, read=10)
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


def post(target: Target, payload: bytes, headers: dict[str, str]) -> int:
    """POST to the checked address with the URL's host name (Host header, TLS name)."""
    host_header = target.host if target.port in (80, 443) else f"{target.host}:{target.port}"
    if target.scheme == "https":
        pool: urllib3.HTTPConnectionPool = urllib3.HTTPSConnectionPool(
            target.address, target.port, timeout=TIMEOUT, retries=False,
            server_hostname=target.host, assert_hostname=target.host,
        )  # fmt: skip
    else:
        pool = urllib3.HTTPConnectionPool(
            target.address, target.port, timeout=TIMEOUT, retries=False
        )
    with pool:
        response = pool.urlopen(
            "POST", target.path, body=payload, headers={**headers, "Host": host_header},
            redirect=False, assert_same_host=False,
        )  # fmt: skip
        return response.status


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
        status = post(target, payload, headers)
    except urllib3.exceptions.HTTPError as exc:
        raise TryLater(f"the webhook could not be reached: {exc}") from None
    if 200 <= status < 300:
        return
    if status in (408, 425, 429) or status >= 500:
        raise TryLater(f"the webhook answered {status}")
    raise GiveUp(f"the webhook answered {status}")
