"""Render pgweb's pages and answer the health check."""

from __future__ import annotations

import logging

from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

logger = logging.getLogger(__name__)


@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    """Show the lobby: where players find and open games (games.lobby draws it live)."""
    from games.lobby.views import lobby_context

    return render(request, "games/lobby.html", lobby_context(request))


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Answer a load balancer: 200 when the database answers, 503 when it does not.

    The driver's error text (host names, ports, user names) goes to the log, never into the
    answer: anyone may ask this URL.
    """
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any database failure means "not healthy"
        logger.warning("health check: the database does not answer (%r)", exc)
        return JsonResponse({"status": "error", "database": "unavailable"}, status=503)
    return JsonResponse({"status": "ok"})
