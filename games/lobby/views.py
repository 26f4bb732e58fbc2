"""The lobby's pages: create a game, sign up, sign in, sign out, claim a guest account, and
scenario map thumbnails (a player's page is the community app's)."""

from __future__ import annotations

from django.contrib.auth import login, logout, update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import engine_adapter as engine
from games import services
from games.designer.catalogue import browse, chosen_battle, first_battle
from games.lobby.forms import SignupForm
from games.lobby.thumbnail import thumbnail_svg
from games.page_parts import PartHooks, filled
from games.throttles import throttle_check


def _next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or "/"
    allowed = url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()})
    return target if allowed else "/"


def battle_picker(request: HttpRequest) -> dict:
    """The battle a page's forms play (`?scenario=`, else the first bundled one) and the
    catalogue to choose another from, open when the player is browsing or filtering."""
    chosen = chosen_battle(request.GET.get("scenario"), request.user)
    found = browse(request.GET, request.user)
    return {
        "catalogue": found,
        "chosen": chosen,
        "battle": chosen or first_battle(),
        "keep": {"scenario": chosen["play_id"] if chosen else "", "browse": "1"},
        "browsing": found["filtered"] or "browse" in request.GET,
    }


# Other apps' lines in the lobby's My games (games/page_parts.py): the community app lists
# the player's tournaments.
LOBBY_LINES: PartHooks = []


def lobby_context(request: HttpRequest) -> dict:
    """The lobby: quick match and Play against a bot for the chosen battle (quick match may
    take any), the catalogue to choose from, option names for the game cards, the other
    apps' lines."""
    return {
        "lines": filled(LOBBY_LINES, request),
        "option_names": {
            o["id"]: o["name"] for g in engine.games_list() for o in engine.option_choices(g["id"])
        },
        **battle_picker(request),
    }


@require_GET
def new_game(request: HttpRequest) -> HttpResponse:
    """Open a game of the chosen battle: a side, seats per side, the options, the clock; the
    page posts to the API. Another battle is chosen from the catalogue on the page."""
    picker = battle_picker(request)
    card = picker["catalogue"]["by_play_id"].get(picker["battle"].get("play_id"))
    games = []
    for g in engine.games_list():
        choices = engine.option_choices(g["id"])
        games.append({
            **g,
            # Double-blind has its own box; its additions (18.11) show only when it is ticked.
            "double_blind": next((o for o in choices if o["id"] == "double_blind"), None),
            "optional_rules": [o for o in choices if o["id"] != "double_blind"],
        })
    play_id = picker["battle"].get("play_id")
    seats = services.seat_choices(play_id) if play_id else range(1, 2)
    return render(request, "games/new_game.html",
                  {**picker, "card": card, "games": games, "seat_choices": seats})


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST":
        try:
            throttle_check("signup", request)
        except services.ServiceError as exc:
            form.add_error(None, exc.message)
            context = {"form": form, "next": _next(request)}
            return render(request, "accounts/signup.html", context, status=exc.status)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(_next(request))
    return render(request, "accounts/signup.html", {"form": form, "next": _next(request)})


@require_http_methods(["GET", "POST"])
def signin(request: HttpRequest) -> HttpResponse:
    form = AuthenticationForm(request, data=request.POST or None)
    if request.method == "POST" and form.is_valid():
        login(request, form.get_user())
        return redirect(_next(request))
    return render(request, "accounts/login.html", {"form": form, "next": _next(request)})


@require_POST
def signout(request: HttpRequest) -> HttpResponse:
    logout(request)
    return redirect("/")


@login_required(login_url="/accounts/login/")
@require_http_methods(["GET", "POST"])
def claim(request: HttpRequest) -> HttpResponse:
    """A guest picks a name and a password and keeps their games."""
    error, status = None, 200
    if request.method == "POST":
        try:
            throttle_check("signup", request)  # a claim makes a named account, as a sign-up
            user = services.guest_claim(
                user=request.user,
                username=request.POST.get("username", ""),
                password=request.POST.get("password", ""),
            )
        except services.ServiceError as exc:
            error, status = exc.message, exc.status
        else:
            update_session_auth_hash(request, user)
            # Back to the page that sent the guest here (a tournament to enter), else theirs.
            if request.POST.get("next"):
                return redirect(_next(request))
            return redirect("player", username=user.get_username())
    return render(
        request,
        "accounts/claim.html",
        {"error": error, "is_guest": services.is_guest(request.user), "next": _next(request)},
        status=status,
    )


@require_GET
def thumbnail(request: HttpRequest, scenario_id: str) -> HttpResponse:
    try:
        svg = thumbnail_svg(scenario_id)
    except KeyError:
        raise Http404("no such scenario") from None
    response = HttpResponse(svg, content_type="image/svg+xml")
    response["Cache-Control"] = "public, max-age=86400"
    return response
