"""Rate limits against abuse: new accounts per address, writes and seeks per user, chat lines
per user, expensive reads (an ended game's record, the designer's check) per user or
address, frames per socket.

The counting is Django REST framework's `SimpleRateThrottle` (a sliding window of hit times
in the cache), so the REST views, the HTML pages and the chat service share one mechanism and
one set of rates. With `REDIS_URL` (or `CACHE_URL`) set the cache is Redis, so several daphne
processes count together.

The client's address is `client_address`: the TCP peer (`REMOTE_ADDR`) unless
`PGWEB_TRUSTED_PROXIES` says how many reverse proxies stand in front and append to
`X-Forwarded-For`; a header the client wrote itself is never believed beyond that. DRF's own
`get_ident` trusts any `X-Forwarded-For` when `NUM_PROXIES` is unset, which let one address
mint accounts by sending a new header each time; django-axes uses the same function. Rates come from `settings.PGWEB_RATES` (each overridable from the environment as
`PGWEB_RATE_<SCOPE>`, e.g. `PGWEB_RATE_GUEST=30/hour`) and are read at each check, so a test
can change them with the `settings` fixture.

Login attempts are not counted here: django-axes locks an address and name out after
repeated failures (settings `AXES_*`).
"""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from rest_framework.throttling import SimpleRateThrottle

from games.services.errors import ServiceError


def client_address(request: Any) -> str:
    """The address a request came from, trusting `settings.PGWEB_TRUSTED_PROXIES` proxies.

    With n trusted proxies, each appends the address it saw to `X-Forwarded-For`, so the
    client is the n-th entry from the right; what lies left of it was written by the client
    and is ignored. With none (the default), `X-Forwarded-For` is ignored altogether.
    """
    meta = getattr(request, "META", {})
    remote = meta.get("REMOTE_ADDR") or ""
    trusted = settings.PGWEB_TRUSTED_PROXIES
    forwarded = meta.get("HTTP_X_FORWARDED_FOR")
    if trusted <= 0 or not forwarded:
        return remote
    hops = [hop.strip() for hop in forwarded.split(",")]
    return hops[-min(trusted, len(hops))] or remote


class ScopedThrottle(SimpleRateThrottle):
    """Count hits of one scope for one caller: the signed-in user, else the address."""

    by_address = False  # True: count per client address even when signed in
    methods: frozenset[str] | None = None  # the HTTP methods counted; None: every request

    def allow_request(self, request: Any, view: Any) -> bool:
        if self.methods is not None and getattr(request, "method", None) not in self.methods:
            return True
        return super().allow_request(request, view)

    def get_rate(self) -> str | None:
        return settings.PGWEB_RATES.get(self.scope)

    def get_ident(self, request: Any) -> str:
        return client_address(request)

    def get_cache_key(self, request: Any, view: Any) -> str:
        user = getattr(request, "user", None)
        if not self.by_address and getattr(user, "is_authenticated", False):
            ident = f"user-{user.pk}"
        else:
            ident = self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def throttle_class(
    scope_name: str, *, per_address: bool = False, methods: frozenset[str] | None = UNSAFE
) -> type[ScopedThrottle]:
    """A throttle class for one scope, for a DRF view's `throttle_classes`."""
    return type(
        f"{scope_name.title()}Throttle",
        (ScopedThrottle,),
        {"scope": scope_name, "by_address": per_address, "methods": methods},
    )


PER_ADDRESS = frozenset({"guest", "signup"})  # scopes counted per client address

GuestThrottle = throttle_class("guest", per_address=True)
# New named accounts per address: a sign-up, and a guest claiming a name (else guests minted
# at the guest rate and then claimed would make named accounts faster than sign-ups may).
SignupThrottle = throttle_class("signup", per_address=True)
WriteThrottle = throttle_class("write")  # every API view's default (settings.REST_FRAMEWORK)
SeekThrottle = throttle_class("seek")
# Expensive reads: an ended game's history and export replay every step (GETs, so counted
# whatever the method); the designer's check of a whole document.
ReviewThrottle = throttle_class("review", methods=None)
CheckThrottle = throttle_class("check")


class _Caller:
    """What a throttle needs of a request, for callers that have none (the chat service)."""

    def __init__(self, user: Any) -> None:
        self.user = user
        self.META: dict[str, str] = {}


def throttle_check(scope_name: str, request: Any = None, *, user: Any = None) -> None:
    """Count one hit of `scope_name`; raise ServiceError `rate/limited` (429) past the rate."""
    throttle = throttle_class(scope_name, per_address=scope_name in PER_ADDRESS, methods=None)()
    caller = request if request is not None else _Caller(user)
    if not throttle.allow_request(caller, None):
        wait = throttle.wait() or 0
        raise ServiceError(
            "rate/limited",
            f"too many {scope_name} requests; try again in {max(1, round(wait))} s",
            429,
        )


class FrameBucket:
    """A token bucket for one socket's frames: `burst` at once, `per_second` sustained.

    Kept in the consumer (one per socket), so it needs no cache round trip per frame.
    `clock` is injectable so tests need no sleeps.
    """

    def __init__(self, per_second: float, burst: int, clock=time.monotonic) -> None:
        self.per_second, self.burst, self.clock = per_second, burst, clock
        self.tokens = float(burst)
        self.at = clock()

    def take(self) -> bool:
        """Spend one token; False when the socket sends faster than allowed."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.per_second)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def frame_bucket() -> FrameBucket:
    """A socket's bucket with the configured rates (`PGWEB_SOCKET_FRAMES`)."""
    per_second, burst = settings.PGWEB_SOCKET_FRAMES
    return FrameBucket(per_second, burst)


def login_locked_out(request: Any, original_response: Any = None, credentials: Any = None) -> HttpResponse:
    """django-axes' answer to a locked-out sign-in: 429 with a stable code, JSON on the API."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    message = f"too many failed sign-ins; try again in {minutes} minutes"
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "auth/locked_out", "message": message}, status=429)
    return render(request, "accounts/locked_out.html", {"message": message}, status=429)
