"""Render the game page (play or watch) and the replay page; the board fills them in."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from games import engine_adapter as engine
from games import selectors
from games.models import ABANDONED, FINISHED, Game


def _game_or_404(game_id: str) -> Game:
    game = selectors.game_or_none(game_id)
    if game is None:
        raise Http404("no such game")
    return game


def _boot(request: HttpRequest, game: Game, **extra: object) -> dict:
    """What the page's script starts from: who is looking, the map and the counter types."""
    member = selectors.membership(game, request.user, request.GET.get("side"))
    sides = [{"id": s.side_id, "name": s.name} for s in game.sides.order_by("pk")]
    return {
        "game": str(game.pk),
        "scenario": game.scenario,
        "status": game.status,
        "version": game.version,
        "seat": member.seat_id,
        "side": member.side_id,
        "audience": member.audience,
        "user": request.user.get_username() if request.user.is_authenticated else None,
        "sides": sides,
        "api": f"/api/v1/games/{game.pk}",
        "lobby": reverse("lobby"),
        "map": engine.map_payload(game.scenario),
        "types": engine.counter_types(game.scenario),
        **extra,
    }


@require_GET
def game_page(request: HttpRequest, game_id: str) -> HttpResponse:
    """Play (a seat) or watch (a spectator) one game."""
    game = _game_or_404(game_id)
    boot = _boot(request, game)
    return render(request, "games/game.html", {"game": game, "boot": boot})


@require_GET
def replay_page(request: HttpRequest, game_id: str) -> HttpResponse:
    """Step through an ended game from either side's view or the full view."""
    game = _game_or_404(game_id)
    boot = _boot(request, game, ended=game.status in (FINISHED, ABANDONED))
    return render(request, "games/replay.html", {"game": game, "boot": boot})
