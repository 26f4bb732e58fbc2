"""The designer's pages: the catalogue of battles, a battle's page, and the designer itself
(a mode of the game's SVG board: static/games/js/designer/)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games.bots.levels import PLAYABLE
from games.player_names import is_deleted, player_name
from games.rules import registry
from games.rules.common.fronts import FRONTS
from games.services.errors import ServiceError

from . import catalogue, library, services
from .models import Scenario


def battles(request: HttpRequest) -> HttpResponse:
    """The catalogue: a card per battle, filtered by the form's choices (no script needed)."""
    return render(request, "designer/battles.html",
                  {"catalogue": catalogue.browse(request.GET, request.user)})


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
        "author": player_name(scenario.author), "author_listed": not is_deleted(scenario.author),
        "moderator": request.user.is_staff, "game_title": registry.ruleset(scenario.ruleset).title,
    })


@login_required
def design(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    """The designer: a new battle on a blank board, or one of the designer's own."""
    # A new battle without a chosen game starts in the registry's default game; a game named
    # that pgweb does not have is an error, not a silent swap to another game.
    boot = {"ruleset": request.GET.get("ruleset") or registry.DEFAULT, "slug": None,
            "copy": request.GET.get("copy") or None}  # a battle to copy into a new one
    if slug is not None:
        scenario = Scenario.objects.filter(slug=slug, author=request.user).first()
        if scenario is None:
            raise Http404(f"no battle of yours called {slug}")
        boot = {"ruleset": scenario.ruleset, "slug": slug, "copy": None}
    if boot["ruleset"] not in registry.RULESETS:
        raise Http404(f"pgweb has no game called {boot['ruleset']!r}")
    games = [{"id": r.id, "title": r.title} for r in registry.RULESETS.values()]
    # What the page's script needs beyond the battle: the games (an import may switch to the
    # other), the ids a new battle has before the first save names it, the size an import
    # may have, and whose copies of unsaved edits this browser keeps.
    boot |= {"games": games, "limit": services.MAX_DOCUMENT_BYTES, "user": request.user.pk,
             "unchosen_ids": {r: services.unchosen_id(r) for r in registry.RULESETS}}
    # Your battles, each with its id (two may share a title) and whether it has a draft.
    mine = (Scenario.objects.filter(author=request.user).order_by("-updated_at")
            .annotate(drafts=Count("revisions", filter=Q(revisions__published_at__isnull=True)),
                      published=Count("revisions", filter=Q(revisions__published_at__isnull=False))))
    return render(request, "designer/design.html", {"boot": boot, "games": games,
                                                    "mine": mine, "fronts": FRONTS.items(),
                                                    "levels": PLAYABLE})


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
