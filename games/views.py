"""Render pgweb's pages and answer the health check."""

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    """Show the lobby: where players find and open games (games.lobby draws it live)."""
    from games.lobby.views import lobby_context

    return render(request, "games/lobby.html", lobby_context())


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Answer a load balancer: 200 when the database answers, 503 when it does not."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any database failure means "not healthy"
        return JsonResponse({"status": "error", "database": str(exc)}, status=503)
    return JsonResponse({"status": "ok"})
