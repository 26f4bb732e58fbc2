"""Accept a websocket only from this site's own origin or one the settings trust.

A browser sends `Origin` with every websocket handshake, and cookies with it whatever page
opened the socket: a page on another origin must not open a signed-in socket (cross-site
websocket hijacking). Channels' `AllowedHostsOriginValidator` compares only the host with
ALLOWED_HOSTS, so `http://127.0.0.1:9999` or `ftp://localhost` passed for a site served on
`http://127.0.0.1:8000`. Here an origin is accepted as Django's CSRF check accepts one:

- the same origin as the request: scheme (https when the socket is wss, or when the proxy
  says so through SECURE_PROXY_SSL_HEADER), host and port equal to the `Host` header's,
  which itself must be one of ALLOWED_HOSTS (with DEBUG and none set: the loopback names,
  as Django allows them);
- or one of CSRF_TRUSTED_ORIGINS, scheme, host and port alike (`https://*.example.com`
  also trusts its subdomains, as Django does).

No `Origin` (not a browser), `null`, or a scheme other than http(s) is refused.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.utils.http import is_same_domain

DEFAULT_PORTS = {"http": 80, "https": 443}


def _origin_of(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an origin, the port filled in; None if it is no http(s) origin."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/"):
        return None
    if parts.username or parts.password or parts.query or parts.fragment:
        return None
    return parts.scheme, parts.hostname.lower(), port or DEFAULT_PORTS[parts.scheme]


def _site_scheme(scope: dict, headers: dict[bytes, bytes]) -> str:
    """The scheme the page that opened this socket was served with."""
    if scope.get("scheme") == "wss":
        return "https"
    proxied = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxied:
        header, value = proxied
        name = header.removeprefix("HTTP_").lower().replace("_", "-").encode("latin-1")
        if headers.get(name, b"").decode("latin-1").split(",")[0].strip() == value:
            return "https"
    return "http"


def _trusted(origin: tuple[str, str, int]) -> bool:
    """Whether CSRF_TRUSTED_ORIGINS names this origin (a `*.` host matches its subdomains)."""
    scheme, host, port = origin
    for entry in settings.CSRF_TRUSTED_ORIGINS:
        wildcard = "://*." in entry
        trusted = _origin_of(entry.replace("://*.", "://", 1))
        if trusted is None or trusted[0] != scheme or trusted[2] != port:
            continue
        if host == trusted[1] or (wildcard and is_same_domain(host, "." + trusted[1])):
            return True
    return False


def _allowed_hosts() -> list[str]:
    """ALLOWED_HOSTS, or with DEBUG and none set, the loopback names Django then allows."""
    if settings.DEBUG and not settings.ALLOWED_HOSTS:
        return [".localhost", "127.0.0.1", "[::1]"]
    return settings.ALLOWED_HOSTS


def origin_allowed(scope: dict) -> bool:
    """Whether a websocket handshake comes from this site's origin or a trusted one."""
    headers = dict(scope.get("headers", []))
    raw = headers.get(b"origin")
    if raw is None:
        return False
    origin = _origin_of(raw.decode("latin-1"))
    if origin is None:
        return False
    if _trusted(origin):
        return True
    host = headers.get(b"host", b"").decode("latin-1")
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, _allowed_hosts()):
        return False
    scheme = _site_scheme(scope, headers)
    return origin == _origin_of(f"{scheme}://{host}")


class SameOriginValidator:
    """ASGI middleware: a websocket from another origin is refused at the handshake (403)."""

    def __init__(self, application: Any):
        self.application = application

    async def __call__(self, scope: dict, receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
