"""A scenario's play counts and side balance in rated games (added to its page)."""

from __future__ import annotations

from django.db.models import Count, Q

from games.models import ABANDONED, ACTIVE, FINISHED, Game
from games.scenario_revisions import split_by_revision

from ..models.ratings import RATED, RatingChange
from .names import side_names


def scenario_stats(scenario_id: str) -> dict:
    """Games played (finished, in play, of them rated: every revision of the scenario) and,
    in rated games on its current revision, each side's results and its players' mean
    rating before the game; `left_out`: the rated games played on an earlier (or unknown)
    revision, not in those results (games.scenario_revisions decides)."""
    counts = Game.objects.filter(scenario=scenario_id).exclude(status=ABANDONED).aggregate(
        finished=Count("pk", filter=Q(status=FINISHED)),
        playing=Count("pk", filter=Q(status=ACTIVE)),
        rated=Count("pk", filter=Q(status=FINISHED, rating_record__status=RATED)),
    )
    names = side_names(scenario_id)
    sides = {s: {"side": s, "name": n, "wins": 0, "draws": 0, "losses": 0, "ratings": []}
             for s, n in names.items()}
    seen: set = set()
    changes, older = split_by_revision(
        RatingChange.objects.filter(rated_game__game__scenario=scenario_id), scenario_id,
        lookup="rated_game__game__scenario_revision")
    for c in changes:
        row = sides.get(c.side_id)
        if row is None:
            continue
        row["ratings"].append(c.rating_before)
        if (c.rated_game_id, c.side_id) in seen:
            continue  # a team's result counts once
        seen.add((c.rated_game_id, c.side_id))
        row["wins" if c.score == 1 else "draws" if c.score == 0.5 else "losses"] += 1
    for row in sides.values():
        ratings = row.pop("ratings")
        row["mean_rating"] = round(sum(ratings) / len(ratings)) if ratings else None
        played = row["wins"] + row["draws"] + row["losses"]
        row["score"] = round(100 * (row["wins"] + row["draws"] / 2) / played) if played else None
    left_out = older.order_by().values("rated_game_id").distinct().count()
    return {**counts, "sides": list(sides.values()), "left_out": left_out,
            "counted": len({game for game, _ in seen})}
