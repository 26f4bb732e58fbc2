"""The community's pages: a player, the leaderboards, the tournaments; and the plain form
posts behind their buttons (mute, block, report, enter a tournament...), each answered with
a redirect back and a message saying what happened or why not."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from games import engine_adapter as engine
from games.clocks.control import choices as clock_choices
from games.player_names import is_deleted
from games.services.accounts import is_guest
from games.services.errors import ServiceError

from . import blocks, moderation
from .chart import rating_chart
from .models.moderation import REASONS
from .models.tournaments import KINDS, Tournament
from .selectors import leaderboards
from .selectors.names import game_names
from .selectors.players import player_page
from .selectors.tournaments import listing, tournament_json
from .tournaments import service as tournaments


@require_GET
def player(request: HttpRequest, username: str) -> HttpResponse:
    """A player: ratings and their history, results by scenario and side, games."""
    person = get_object_or_404(get_user_model(), username=username)
    if is_deleted(person):  # a deleted account has no page: its games show "deleted player"
        raise Http404("no such player")
    context = player_page(person, request.user)
    context["chart"] = rating_chart(context["history"])
    context["reasons"] = REASONS
    return render(request, "community/player.html", context)


def _done(request: HttpRequest, action: Any, ok: str, back: str) -> HttpResponse:
    try:
        action()
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, ok)
    return redirect(back)


@require_POST
def player_action(request: HttpRequest, username: str, action: str) -> HttpResponse:
    """Mute, unmute, block, unblock or report a player (the buttons of his page)."""
    back = reverse("player", args=[username])
    user = request.user
    acts = {
        "mute": (lambda: blocks.mute(user=user, player=username),
                 f"You will not see {username}'s chat any more."),
        "unmute": (lambda: blocks.unmute(user=user, player=username),
                   f"You see {username}'s chat again."),
        "block": (lambda: blocks.block(user=user, player=username),
                  f"{username} is blocked: never matched with you, kept out of your games."),
        "unblock": (lambda: blocks.unblock(user=user, player=username),
                    f"{username} is no longer blocked."),
        "report": (lambda: moderation.report(
            user=user, player=username, reason=request.POST.get("reason", ""),
            text=request.POST.get("text", ""), game=request.POST.get("game") or None),
            "Thank you: the moderators will read your report."),
    }
    if action not in acts:
        raise Http404("no such action")
    do, ok = acts[action]
    return _done(request, do, ok, back)


@require_POST
def warning_read(request: HttpRequest, warning_id: int) -> HttpResponse:
    back = request.POST.get("next") or "/"
    if not back.startswith("/") or back.startswith("//"):
        back = "/"
    return _done(request, lambda: moderation.warning_read(user=request.user,
                                                          warning_id=warning_id),
                 "Noted.", back)


@require_GET
def leaderboard_index(request: HttpRequest) -> HttpResponse:
    return render(request, "community/leaderboards.html", {"boards": leaderboards.boards()})


@require_GET
def leaderboard(request: HttpRequest, ruleset: str, pace: str) -> HttpResponse:
    if not leaderboards.known(ruleset, pace):
        raise Http404("no such leaderboard")
    return render(request, "community/leaderboard.html",
                  {"board": leaderboards.board(ruleset, pace),
                   "boards": leaderboards.boards(limit=0)})


def _scenarios() -> list[dict]:
    """The two-sided scenarios a tournament may play, each game's together, easiest first."""
    games = game_names()
    scens = sorted(engine.scenarios().values(), key=lambda s: (
        getattr(s, "ruleset", ""), not s.learning, s.size["total"]))
    return [{"id": s.id, "title": s.title, "game": games.get(getattr(s, "ruleset", ""), "")}
            for s in scens if len(s.sides) == 2]


def _tournaments_page(request: HttpRequest, form: Any = None, status: int = 200) -> HttpResponse:
    """The list and the announce form; after a refusal, the form as the player left it (the
    scenarios ticked, the clock, rated, the start), so fixing one field loses nothing."""
    chosen = form.getlist("scenarios") if form is not None else []
    return render(request, "community/tournaments.html", {
        "tournaments": listing(), "kinds": KINDS, "scenarios": _scenarios(),
        "time_controls": clock_choices(), "form": form or {}, "chosen": chosen,
        "is_guest": is_guest(request.user),
    }, status=status)


@require_GET
def tournament_index(request: HttpRequest) -> HttpResponse:
    return _tournaments_page(request)


MAX_OFFSET_MINUTES = 14 * 60  # the furthest a time zone lies from UTC (UTC+14, UTC-12)


def _when(raw: str, offset: str = "") -> datetime | None:
    """The form's start: `raw` is what a datetime-local field sends, the player's own clock
    time; `offset` is the minutes their zone lies behind UTC at that time (the page's script
    fills it from the browser: JavaScript's getTimezoneOffset). Without the script, or for a
    time that names its own offset, the time is read as it stands (UTC when naive)."""
    if not raw:
        return None
    try:
        when = datetime.fromisoformat(raw)
    except ValueError:
        raise ServiceError("tournament/invalid", "the start time is not a date and time") from None
    if offset and when.tzinfo is None:
        try:
            minutes = int(offset)
        except ValueError:
            raise ServiceError("tournament/invalid", "the time zone is not a number") from None
        if abs(minutes) > MAX_OFFSET_MINUTES:
            raise ServiceError("tournament/invalid", "the time zone is out of range")
        when = when.replace(tzinfo=timezone(timedelta(minutes=-minutes)))
    return when  # tournament_create checks it as it checks the API's (start_time)


@require_POST
def tournament_new(request: HttpRequest) -> HttpResponse:
    """The create form: on success to the new tournament's page; else the form again."""
    post = request.POST
    try:
        rounds = int(post.get("rounds") or 0)
        max_players = int(post.get("max_players") or 32)
        t = tournaments.tournament_create(
            user=request.user, name=post.get("name", ""), kind=post.get("kind", ""),
            scenarios=post.getlist("scenarios"), time_control=post.get("time_control") or None,
            rated=post.get("rated") == "on", rounds=rounds, max_players=max_players,
            starts_at=_when(post.get("starts_at", ""), post.get("utc_offset", "")),
        )  # fmt: skip
    except (ServiceError, ValueError) as exc:
        messages.error(request, getattr(exc, "message", "rounds and players are numbers"))
        return _tournaments_page(request, post, status=400)
    return redirect("tournament", tournament_id=t.pk)


@require_GET
def tournament_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = get_object_or_404(Tournament.objects.select_related("created_by"), pk=tournament_id)
    data = tournament_json(t, request.user)
    may_start = (t.status == "registering" and request.user.is_authenticated
                 and (request.user.pk == t.created_by_id or request.user.is_staff))
    return render(request, "community/tournament.html",
                  {"t": t, "data": data, "may_start": may_start,
                   "is_guest": is_guest(request.user)})


@require_POST
def tournament_action(request: HttpRequest, tournament_id: int, action: str) -> HttpResponse:
    t = get_object_or_404(Tournament, pk=tournament_id)
    user = request.user
    acts = {
        "join": (lambda: tournaments.tournament_join(tournament=t, user=user),
                 "You are in. Your games start when you are paired."),
        "leave": (lambda: tournaments.tournament_leave(tournament=t, user=user),
                  "You left the tournament." if t.status == "registering"
                  else "You withdrew: your game in progress was resigned."),
        "start": (lambda: tournaments.tournament_start(tournament=t, by=user),
                  "The tournament has started: round 1 is paired."),
        "cancel": (lambda: tournaments.tournament_cancel(tournament=t, by=user),
                   "The tournament is cancelled."),
    }
    if action not in acts:
        raise Http404("no such action")
    do, ok = acts[action]
    if not user.is_authenticated:
        messages.error(request, "Sign in first.")
        return redirect("tournament", tournament_id=t.pk)
    return _done(request, do, ok, f"/tournaments/{t.pk}/")
