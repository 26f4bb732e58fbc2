"""The designer's pages: the catalogue of battles, a battle's page, and the designer itself
(a mode of the game's SVG board: static/games/js/designer/)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games.rules import registry
from games.services.errors import ServiceError

from . import catalogue, library, services
from .models import Scenario

FILTERS = {
    "ruleset": [("", "Both games")] + [(r.id, r.title) for r in registry.RULESETS.values()],
    "origin": [("", "Bundled and players'"), ("bundled", "Bundled only"),
               ("players", "Players' only")],
    "size": [("", "Any size"), ("small", "Small"), ("medium", "Medium"), ("large", "Large")],
    "length": [("", "Any length"), ("short", "Under an hour"), ("evening", "An evening"),
               ("long", "Longer")],
    "team": [("", "Any seats"), ("1", "Team play"), ("0", "One a side")],
    "front": [("", "Any front"), ("east", "Eastern front"), ("west", "Western front"),
              ("other", "Elsewhere")],
}


def battles(request: HttpRequest) -> HttpResponse:
    """The catalogue: a card per battle, filtered by the form's choices (no script needed)."""
    chosen = {k: request.GET.get(k, "") for k in FILTERS}
    for key, choices in FILTERS.items():
        if chosen[key] not in {v for v, _ in choices}:
            chosen[key] = ""
    team = {"1": True, "0": False}.get(chosen["team"])
    cards = catalogue.cards(ruleset=chosen["ruleset"] or None, origin=chosen["origin"] or None,
                            size=chosen["size"] or None, length=chosen["length"] or None,
                            team=team, front=chosen["front"] or None, user=request.user)
    filters = [{"name": k, "choices": v, "value": chosen[k]} for k, v in FILTERS.items()]
    return render(request, "designer/battles.html", {"cards": cards, "filters": filters})


def battle(request: HttpRequest, slug: str) -> HttpResponse:
    """A battle's page: author, revisions, briefings (as text), map, balance, Play this."""
    scenario = Scenario.objects.filter(slug=slug).select_related("author").first()
    if scenario is None or not library.may_see(scenario, request.user):
        raise Http404(f"no battle {slug}")
    latest = library.latest_published(scenario)
    card = catalogue.card(scenario, latest) if latest and latest.engine_id else None
    if card is not None:
        names = {s["id"]: s["name"] for s in card["sides"]}
        for source in [card["balance"]["people"], *card["balance"]["bots"]]:
            for row in source["sides"]:
                row["name"] = names.get(row["side"], "Draw")
    mine = scenario.author_id is not None and scenario.author_id == request.user.pk
    revisions = scenario.revisions.order_by("-number")
    if not mine:
        revisions = revisions.filter(published_at__isnull=False)
    return render(request, "designer/battle.html", {
        "scenario": scenario, "card": card, "revisions": revisions, "mine": mine,
        "moderator": request.user.is_staff, "game_title": registry.ruleset(scenario.ruleset).title,
    })


@login_required
def design(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    """The designer: a new battle on a blank board, or one of the designer's own."""
    # A new battle without a chosen game starts in the registry's default game; a game named
    # that pgweb does not have is an error, not a silent swap to another game.
    boot = {"ruleset": request.GET.get("ruleset") or registry.DEFAULT, "slug": None}
    if slug is not None:
        scenario = Scenario.objects.filter(slug=slug, author=request.user).first()
        if scenario is None:
            raise Http404(f"no battle of yours called {slug}")
        boot = {"ruleset": scenario.ruleset, "slug": slug}
    if boot["ruleset"] not in registry.RULESETS:
        raise Http404(f"pgweb has no game called {boot['ruleset']!r}")
    games = [{"id": r.id, "title": r.title} for r in registry.RULESETS.values()]
    mine = Scenario.objects.filter(author=request.user).order_by("-updated_at")
    return render(request, "designer/design.html", {"boot": boot, "games": games,
                                                    "mine": mine})


@require_POST
@login_required
def report(request: HttpRequest, slug: str) -> HttpResponse:
    scenario = Scenario.objects.filter(slug=slug).first()
    if scenario is None or not library.may_see(scenario, request.user):
        raise Http404(f"no battle {slug}")
    try:
        services.report(scenario=scenario, user=request.user, reason=request.POST.get("reason"))
        messages.info(request, "Thank you: the moderators will look at it.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("battle", slug=slug)


@require_POST
@login_required
def hide(request: HttpRequest, slug: str) -> HttpResponse:
    scenario = Scenario.objects.filter(slug=slug).first()
    if scenario is None:
        raise Http404(f"no battle {slug}")
    try:
        services.hide(scenario=scenario, by=request.user, reason=request.POST.get("reason", ""),
                      hidden=request.POST.get("hidden", "1") == "1")
        messages.info(request, "Hidden." if scenario.hidden else "Shown again.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("battle", slug=slug)
