"""Leaderboards: the best established ratings per game and pace, provisional ones apart."""

from __future__ import annotations

from games.player_names import player_name

from ..models.ratings import PROVISIONAL_DEVIATION, Rating
from .names import PACE_NAMES, game_names

LIMIT = 100


def _row(rank: int | None, r: Rating) -> dict:
    return {"rank": rank, "name": player_name(r.user), "rating": round(r.rating),
            "deviation": round(r.deviation), "games": r.games, "wins": r.wins,
            "draws": r.draws, "losses": r.losses, "provisional": r.provisional}


def board(ruleset: str, pace: str, limit: int = LIMIT) -> dict:
    """One leaderboard: `ranked` (established ratings, best first) and `provisional`."""
    rows = Rating.objects.filter(ruleset=ruleset, pace=pace, user__is_active=True,
                                 games__gt=0).select_related("user").order_by("-rating", "pk")
    ranked = rows.filter(deviation__lte=PROVISIONAL_DEVIATION)[:limit]
    provisional = rows.filter(deviation__gt=PROVISIONAL_DEVIATION)[:limit]
    return {
        "ruleset": ruleset, "pace": pace, "game": game_names().get(ruleset, ruleset),
        "pace_name": PACE_NAMES.get(pace, pace),
        "ranked": [_row(i, r) for i, r in enumerate(ranked, 1)],
        "provisional": [_row(None, r) for r in provisional],
    }


def boards(limit: int = 10) -> list[dict]:
    """Every game and pace, the top of each."""
    return [board(g, p, limit) for g in game_names() for p in PACE_NAMES]


def known(ruleset: str, pace: str) -> bool:
    return ruleset in game_names() and pace in PACE_NAMES
