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
from games.designer.catalogue import players_battles, players_cards
from games.lobby.forms import SignupForm
from games.lobby.thumbnail import thumbnail_svg
from games.throttles import throttle_check


def _next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or "/"
    allowed = url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()})
    return target if allowed else "/"


def lobby_context() -> dict:
    """The scenarios and sides the lobby's quick-match form offers, grouped by game: two games
    may each have a "German" side, and a scenario's title does not say which game it is."""
    scenarios = sorted(engine.scenarios().values(), key=lambda s: (not s.learning, s.size["total"]))
    battles = players_battles()  # players' published battles, marked with their author
    games = []
    for g in engine.games_list():
        mine = [s for s in scenarios if s.ruleset == g["id"]]
        theirs = [(s, author) for s, author in battles if s.ruleset == g["id"]]
        sides: dict[str, str] = {}
        for scen in [*mine, *(s for s, _ in theirs)]:
            for side in scen.sides:
                sides.setdefault(side.id, side.name)
        if mine or theirs:
            games.append({"title": g["title"],
                          "scenarios": [{"id": s.id, "title": s.title} for s in mine]
                          + [{"id": s.id, "title": f"{s.title} (by {author})"} for s, author in theirs],
                          "sides": sorted(sides.items(), key=lambda kv: kv[1])})
    return {
        "option_names": {
            o["id"]: o["name"] for g in engine.games_list() for o in engine.option_choices(g["id"])
        },
        "games": games,
    }


@require_GET
def new_game(request: HttpRequest) -> HttpResponse:
    """Pick a scenario, a side, seats per side and the options; the page posts to the API."""
    scenarios = [engine.scenario_summary(s) for s in engine.scenarios().values()]
    scenarios.sort(key=lambda s: (not s["learning"], s["size"]["total"]))
    bundled_only = request.GET.get("origin") == "bundled"
    if not bundled_only:  # players' published battles after the bundled ones, by author
        scenarios += [{**engine.scenario_summary(engine.scenario(c["play_id"])),
                       "author": c["author"], "page": c["page"]}
                      for c in players_cards(user=request.user)]
    wanted = request.GET.get("scenario")
    if not any(s["id"] == wanted for s in scenarios):
        wanted = None
    games = []
    for g in engine.games_list():
        mine = [s for s in scenarios if s["ruleset"] == g["id"]]
        if not mine:
            continue
        choices = engine.option_choices(g["id"])
        games.append({
            **g,
            "scenarios": mine,
            # Double-blind has its own box; its additions (18.11) show only when it is ticked.
            "double_blind": next((o for o in choices if o["id"] == "double_blind"), None),
            "optional_rules": [o for o in choices if o["id"] != "double_blind"],
        })
    return render(request, "games/new_game.html", {"games": games, "wanted": wanted,
                                                   "bundled_only": bundled_only})


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
            return redirect("player", username=user.get_username())
    return render(
        request,
        "accounts/claim.html",
        {"error": error, "is_guest": services.is_guest(request.user)},
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
