"""Render the game page (play or watch) and the replay page; the board fills them in."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from games import engine_adapter as engine
from games import selectors
from games.game_gate import Gate, Way, gate_for, missing_game
from games.models import ABANDONED, FINISHED, Game
from games.roster import commanders, seat_roster

DOUBLE_BLIND_WATCH_NOTE = (
    "A double-blind game: spectators see the public view, only what both sides have "
    "spotted, so most counters are hidden until the end. After the end the replay shows "
    "everything."
)


def _gate_page(request: HttpRequest, gate: Gate, game: Game | None = None) -> HttpResponse:
    title = engine.scenario_summary(engine.scenarios()[game.scenario])["title"] if game else ""
    context = {"gate": gate, "scenario_title": title}
    return render(request, "games/gate.html", context, status=gate.status)


def watch_note(game: Game, audience: str | None, seat_id: str | None) -> str:
    """Why a spectator's map is nearly empty, when it is (double-blind, public view)."""
    if seat_id or audience != engine.PUBLIC or game.status in (FINISHED, ABANDONED):
        return ""
    return DOUBLE_BLIND_WATCH_NOTE if game.options.get("double_blind") else ""


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
        "faces": engine.faces_for(game.scenario, game.options or {}, member.side_id),
        "title": engine.scenario(game.scenario).title,
        # Team games: who sits where and commands what; which seat commands each own unit.
        "seats": seat_roster(game, request.user),
        "commanders": commanders(game, member.side_id),
        **extra,
    }


@require_GET
def game_page(request: HttpRequest, game_id: str) -> HttpResponse:
    """Play (a seat) or watch (a spectator) one game; or say why not, and what to do."""
    game = selectors.game_or_none(game_id)
    if game is None:
        return _gate_page(request, missing_game())
    gate = gate_for(game, request.user, request.GET.get("side"), request.get_full_path())
    if gate is not None:
        return _gate_page(request, gate, game)
    boot = _boot(request, game)
    note = watch_note(game, boot["audience"], boot["seat"])
    return render(request, "games/game.html", {"game": game, "boot": boot, "watch_note": note})


@require_GET
def replay_page(request: HttpRequest, game_id: str) -> HttpResponse:
    """Step through an ended game from either side's view or the full view."""
    game = selectors.game_or_none(game_id)
    if game is None:
        return _gate_page(request, missing_game())
    if game.status not in (FINISHED, ABANDONED) or game.version < 1:
        back = Way("Back to the game", reverse("game", args=[game.pk]), primary=True)
        text = "A game can be replayed once it has ended; this one has not."
        return _gate_page(request, Gate("Nothing to replay yet", text, [back], 404, "no_replay"), game)
    boot = _boot(request, game, ended=game.status in (FINISHED, ABANDONED))
    return render(request, "games/replay.html", {"game": game, "boot": boot})
