"""Check where a webhook or a push endpoint may point: http(s) to a public address only, so a
player cannot make the server request its own loopback, private, link-local or reserved
ranges (no request forgery). Loopback is allowed only when NOTIFICATIONS_ALLOW_LOOPBACK is on
(the tests' local receivers)."""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings


class AddressRefused(ValueError):
    """The URL may not be used; the message says why, in words for the settings page."""


@dataclass(frozen=True)
class Target:
    """A checked URL and the address it resolved to (the request goes to that address)."""

    url: str
    scheme: str
    host: str
    port: int
    path: str
    address: str


def _refusal(ip: ipaddress.IPv4Address | ipaddress.IPv6Address, allow_loopback: bool) -> str:
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return _refusal(ip.ipv4_mapped, allow_loopback)
    if ip.is_loopback:
        return "" if allow_loopback else "the server's own loopback address"
    for flag, words in (
        ("is_unspecified", "an unspecified address"),
        ("is_link_local", "a link-local address"),
        ("is_reserved", "a reserved address"),
        ("is_multicast", "a multicast address"),
        ("is_private", "a private network address"),
    ):
        if getattr(ip, flag):
            return words
    if not ip.is_global:
        return "an address that is not public"
    return ""


def check_url(url: str, *, https_only: bool = False) -> Target:
    """Parse and resolve a URL; raise AddressRefused unless every address it names is public."""
    allow_loopback = bool(getattr(settings, "NOTIFICATIONS_ALLOW_LOOPBACK", False))
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as exc:
        raise AddressRefused(f"not a valid URL: {exc}") from None
    schemes = ("https",) if https_only else ("http", "https")
    if parts.scheme not in schemes:
        raise AddressRefused(
            f"the address must start with {' or '.join(s + '://' for s in schemes)}"
        )
    host = parts.hostname
    if not host:
        raise AddressRefused("the address has no host name")
    if parts.username or parts.password:
        raise AddressRefused("the address may not carry a user name or password")
    port = port or (443 if parts.scheme == "https" else 80)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise AddressRefused(f"the host {host!r} could not be found") from None
    addresses = sorted({info[4][0] for info in infos})
    if not addresses:
        raise AddressRefused(f"the host {host!r} could not be found")
    for address in addresses:
        why = _refusal(ipaddress.ip_address(address.split("%")[0]), allow_loopback)
        if why:
            raise AddressRefused(f"{host} points at {why} ({address}); use a public address")
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return Target(url.strip(), parts.scheme, host, port, path, addresses[0])
