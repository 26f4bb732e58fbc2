"""A player's page: ratings and their history, results by scenario and side, current and
finished games, favourite scenarios, tournaments.

Private games show only to the player himself. Of a game being played it lists the public
facts (scenario, sides, who sits where, when it started, rated or not): nothing that moves
when a command is applied, so a double-blind game leaks nothing here.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from games.models import ABANDONED, ACTIVE, FINISHED, OPEN, Seat
from games.player_names import player_name
from games.services.accounts import is_guest

from ..models.moderation import Block, Mute
from ..models.ratings import Rating, RatingChange
from ..models.tournaments import Entry
from .names import PACE_NAMES, game_names, scenario_title, side_names

GAMES_LIMIT = 300
FINISHED_SHOWN = 50


def _outcome(result: dict | None, side: str) -> str:
    winner = (result or {}).get("winner")
    if winner is None:
        return "drawn"
    return "won" if winner == side else "lost"


def ratings_of(person: Any) -> list[dict]:
    names = game_names()
    return [
        {"ruleset": r.ruleset, "game": names.get(r.ruleset, r.ruleset), "pace": r.pace,
         "pace_name": PACE_NAMES.get(r.pace, r.pace), "rating": round(r.rating),
         "deviation": round(r.deviation), "provisional": r.provisional, "games": r.games,
         "wins": r.wins, "draws": r.draws, "losses": r.losses}
        for r in Rating.objects.filter(user=person, games__gt=0).order_by("ruleset", "pace")
    ]


def history(person: Any) -> list[dict]:
    """One series per game and pace: the rating after each rated game."""
    names = game_names()
    series: dict[tuple[str, str], dict] = {}
    for c in RatingChange.objects.filter(user=person).order_by("at", "pk"):
        key = (c.ruleset, c.pace)
        if key not in series:
            series[key] = {"label": f"{names.get(c.ruleset, c.ruleset)}, "
                                    f"{PACE_NAMES.get(c.pace, c.pace).lower()}",
                           "points": []}
        series[key]["points"].append((c.at, c.rating_after))
    return list(series.values())


def _visible(seats: list[Seat], viewer: Any, person: Any) -> list[Seat]:
    me = getattr(viewer, "pk", None) == person.pk
    return [s for s in seats if me or not s.game.options.get("private")]


def games_of(person: Any, viewer: Any) -> dict:
    """Current games, finished games, results by scenario and side, favourite scenarios."""
    seats = _visible(list(
        Seat.objects.filter(user=person).exclude(game__status=ABANDONED)
        .select_related("game", "side").order_by("-game__created_at")[:GAMES_LIMIT]
    ), viewer, person)
    game_ids = [s.game_id for s in seats]
    others: dict[Any, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(game_id__in=game_ids).exclude(user=person).select_related(
            "user", "side"):
        others[seat.game_id].append(seat)
    deltas = {c.rated_game_id: c.delta for c in RatingChange.objects.filter(
        user=person, rated_game_id__in=game_ids)}
    current, finished = [], []
    by_scenario: dict[tuple[str, str], Counter] = defaultdict(Counter)
    favourites: Counter = Counter()
    for seat in seats:
        game, side = seat.game, seat.side.side_id
        favourites[game.scenario] += 1
        row = {
            "id": str(game.pk), "scenario": game.scenario,
            "scenario_title": scenario_title(game.scenario), "side": seat.side.name,
            "rated": bool(game.options.get("rated")),
            "double_blind": bool(game.options.get("double_blind")),
            "partners": [player_name(s.user) for s in others[game.pk]
                         if s.user and s.side_id == seat.side_id],
            "opponents": [player_name(s.user) for s in others[game.pk]
                          if s.user and s.side_id != seat.side_id],
            "started_at": game.started_at, "finished_at": game.finished_at,
            "status": game.status,
        }
        if game.status in (ACTIVE, OPEN):
            current.append(row)
        elif game.status == FINISHED:
            row["outcome"] = _outcome(game.result, side)
            delta = deltas.get(game.pk)
            row["delta"] = None if delta is None else round(delta)
            finished.append(row)
            by_scenario[(game.scenario, side)][row["outcome"]] += 1
    results = []
    for (scenario, side), counts in sorted(by_scenario.items()):
        played = sum(counts.values())
        results.append({"scenario": scenario, "scenario_title": scenario_title(scenario),
                        "side": side_names(scenario).get(side, side), "played": played,
                        "won": counts["won"], "drawn": counts["drawn"], "lost": counts["lost"],
                        "score": round(100 * (counts["won"] + counts["drawn"] / 2) / played)})
    finished.sort(key=lambda r: r["finished_at"] or r["started_at"], reverse=True)
    return {
        "current": current,
        "finished": finished[:FINISHED_SHOWN],
        "finished_count": len(finished),
        "results": results,
        "favourites": [{"scenario": s, "title": scenario_title(s), "games": n}
                       for s, n in favourites.most_common(3)],
    }


def tournaments_of(person: Any) -> list[dict]:
    return [{"id": e.tournament_id, "name": e.tournament.name, "status": e.tournament.status,
             "withdrawn": e.withdrawn_at is not None}
            for e in Entry.objects.filter(user=person).select_related("tournament")
            .order_by("-tournament__created_at")[:20]]


def relation(viewer: Any, person: Any) -> dict:
    """What the viewer has done about this player (mute, block), for the buttons."""
    if not getattr(viewer, "is_authenticated", False) or viewer.pk == person.pk:
        return {"muted": False, "blocked": False}
    return {"muted": Mute.objects.filter(user=viewer, muted=person).exists(),
            "blocked": Block.objects.filter(user=viewer, blocked=person).exists()}


def own_lists(person: Any) -> dict:
    """On my own page: whom I muted and blocked (to undo it)."""
    return {"muted": [player_name(m.muted) for m in Mute.objects.filter(user=person)
                      .select_related("muted")],
            "blocked": [player_name(b.blocked) for b in Block.objects.filter(user=person)
                        .select_related("blocked")]}


def player_page(person: Any, viewer: Any) -> dict:
    me = getattr(viewer, "pk", None) == person.pk
    return {
        "person": person, "is_guest": is_guest(person), "is_me": me,
        "ratings": ratings_of(person), "history": history(person),
        "games": games_of(person, viewer), "tournaments": tournaments_of(person),
        "relation": relation(viewer, person), "own": own_lists(person) if me else None,
    }
