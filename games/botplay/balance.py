"""A scenario's balance: how often each side won, in finished games between people and in
stored bot-against-bot arena runs, with the number of games behind each figure.

People's games are those no bot played in: none seated, none standing in for anyone
(BotPlayed). Arena runs are kept apart by the levels that played them: a Veteran mirror and
a Recruit mirror say different things about a scenario.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from games.models import FINISHED, Game

from .models import ArenaRun


def _rates(wins: dict[str, int], sides: list[str]) -> dict[str, Any]:
    games = sum(wins.values())
    return {
        "games": games,
        "sides": [
            {"side": s, "wins": wins.get(s, 0),
             "rate": round(wins.get(s, 0) / games, 2) if games else None}
            for s in [*sides, "draw"]
        ],
    }


def people_games(scenario_id: str):
    """Finished games of the scenario in which no bot played."""
    return (Game.objects.filter(scenario=scenario_id, status=FINISHED)
            .exclude(Q(seats__user__bot__isnull=False) | Q(bot_played__isnull=False))
            .distinct())


def scenario_balance(scenario_id: str, sides: list[str]) -> dict[str, Any]:
    """{"people": {...}, "bots": [{"levels": "a,b", ...}, ...]}: games and wins by side (and
    draws) for people, and for each pairing of levels in the arena runs."""
    people: dict[str, int] = {}
    for result in people_games(scenario_id).values_list("result", flat=True):
        winner = (result or {}).get("winner") or "draw"
        people[winner] = people.get(winner, 0) + 1
    by_levels: dict[str, dict[str, int]] = {}
    for run in ArenaRun.objects.filter(scenario=scenario_id).order_by("levels"):
        wins = by_levels.setdefault(run.levels, {})
        for k, v in run.side_wins.items():
            wins[k] = wins.get(k, 0) + int(v)
    return {"people": _rates(people, sides),
            "bots": [{"levels": lv, **_rates(w, sides)} for lv, w in sorted(by_levels.items())]}


def store_arena(scenario_id: str, levels: str, side_wins: dict[str, int]) -> ArenaRun:
    return ArenaRun.objects.create(scenario=scenario_id, levels=levels,
                                   games=sum(side_wins.values()), side_wins=side_wins)
