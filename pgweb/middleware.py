"""Pages for what Django answers bare: 503 "try again" while the database cannot be reached
(instead of Django's 500), and a page for a form's address opened on its own (405).

A PostgreSQL restart or fail-over makes every query raise a connection error for a few
seconds. Django would answer each request with its generic 500 (and, on the health check,
the driver's error text); here the API answers `{"code": "service/unavailable", "message"}`
and pages a short HTML notice, both 503 with `Retry-After`, and the error is logged once per
request without its text reaching the client. Nothing else is caught: any other exception is
still a 500 and a bug. Sockets handle the same errors in games/consumers.py.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string

from games.outages import DATABASE_DOWN, DATABASE_MESSAGE, RETRY_AFTER_SECONDS, UNAVAILABLE

logger = logging.getLogger(__name__)

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>pgweb: try again shortly</title></head>
<body><h1>pgweb is briefly unavailable</h1>
<p>The game database is not answering just now; nothing you did was lost. Reload this page
in a few seconds. Open games reconnect by themselves.</p></body></html>
"""


def unavailable_response(request: HttpRequest) -> HttpResponse:
    """503 in the caller's shape: JSON for the API, a small page (no template, no database,
    no script) for everything else."""
    if request.path.startswith("/api/") or request.path == "/healthz":
        response: HttpResponse = JsonResponse(
            {"code": UNAVAILABLE, "message": DATABASE_MESSAGE}, status=503
        )
    else:
        response = HttpResponse(PAGE, status=503, content_type="text/html; charset=utf-8")
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


class DatabaseUnavailableMiddleware:
    """Turn a view's database connection error into `unavailable_response`."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, DATABASE_DOWN):
            return None
        logger.warning("database unavailable for %s %s: %s", request.method, request.path,
                       exception.__class__.__name__)  # fmt: skip
        return unavailable_response(request)


class FormOnlyPageMiddleware:
    """A page, not a blank 405, where a browser opens an address that only takes a form's
    answer (`/bots/play`, a tournament's actions, sign-out): back from a game, a bookmark or
    a reload lands there, and an empty page is a dead end. The status and its `Allow`
    header stay; the API's answers are its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (response.status_code == 405 and request.method == "GET" and not response.streaming
                and not request.path.startswith("/api/") and not response.content):
            response.content = render_to_string("405.html", request=request)
            response["Content-Type"] = "text/html; charset=utf-8"
        return response


# Codes for what Django answers before or around a view, in the API's error shape.
API_STATUS_CODES = {
    400: ("request/invalid", "the request could not be read"),
    403: ("auth/forbidden", "you may not do this"),
    404: ("request/not_found", "no such address in the API"),
    405: ("request/method_not_allowed", "this address does not take that method"),
    413: ("request/too_large", "the request body is too large"),
    500: ("server/error", "the server failed; the error is logged"),
}


def _is_json(response: HttpResponse) -> bool:
    return response.get("Content-Type", "").startswith(("application/json", "application/problem+json"))


class ApiJsonMiddleware:
    """Every answer under /api/ is JSON: a refusal Django makes in HTML (a path its router
    did not match, a body over DATA_UPLOAD_MAX_MEMORY_SIZE, a CSRF failure, a server error)
    is answered as `{"code", "message"}`, the shape of the API's own refusals.

    A body longer than Django reads is refused here, from its Content-Length, with 413,
    before any view reads it (Django's own refusal is a 400 page). Multipart bodies are left
    to Django, which spools their files to disk.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith("/api/"):
            return self.get_response(request)
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        length = request.META.get("CONTENT_LENGTH") or "0"
        multipart = request.META.get("CONTENT_TYPE", "").startswith("multipart/")
        if limit is not None and not multipart and length.isdigit() and int(length) > limit:
            return JsonResponse({"code": "request/too_large",
                                 "message": f"the request body is over {limit} bytes"}, status=413)  # fmt: skip
        response = self.get_response(request)
        if response.status_code < 400 or response.streaming or _is_json(response):
            return response
        code, message = API_STATUS_CODES.get(
            response.status_code, (f"request/http_{response.status_code}", "the request was refused")
        )
        answer = JsonResponse({"code": code, "message": message}, status=response.status_code)
        for header in ("Allow", "Retry-After"):
            if response.has_header(header):
                answer[header] = response[header]
        return answer
