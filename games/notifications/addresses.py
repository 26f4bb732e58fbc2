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


NAT64 = ipaddress.ip_network("64:ff9b::/96")  # RFC 6052's well-known prefix
NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")  # RFC 8215: a network's own translators


def embedded_ipv4(ip: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address carries and reaches: mapped (::ffff:a.b.c.d), 6to4
    (2002:aabb:ccdd::), Teredo (2001:0::, its server and client) and NAT64 (64:ff9b::a.b.c.d).

    A request to such an address can end at the IPv4 one (a 6to4 relay, a Teredo tunnel, a
    NAT64 gateway), so each is checked as if named: `[2002:7f00:1::]` is 127.0.0.1.
    """
    found = []
    if ip.ipv4_mapped is not None:
        found.append(ip.ipv4_mapped)
    if ip.sixtofour is not None:
        found.append(ip.sixtofour)
    if ip.teredo is not None:
        found.extend(ip.teredo)
    if ip in NAT64:
        found.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
    return found


def _refusal(ip: ipaddress.IPv4Address | ipaddress.IPv6Address, allow_loopback: bool) -> str:
    if isinstance(ip, ipaddress.IPv6Address):
        if ip in NAT64_LOCAL:
            return "a private network address"
        carried = embedded_ipv4(ip)
        for inner in carried:
            why = _refusal(inner, allow_loopback)
            if why:
                return why
        if carried:
            # Where the request ends is the IPv4 address it carries, judged above; the v6
            # prefix itself (2002::/16 and the rest) counts as special-purpose on Python 3.13.
            return ""
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
