"""A scenario's balance: how often each side won, in finished games between people and in
stored bot-against-bot arena runs, with the number of games behind each figure."""

from __future__ import annotations

from typing import Any

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


def scenario_balance(scenario_id: str, sides: list[str]) -> dict[str, Any]:
    """{"people": {...}, "bots": {...}}: games and wins by side (and draws) for each source."""
    people: dict[str, int] = {}
    finished = Game.objects.filter(scenario=scenario_id, status=FINISHED).exclude(
        seats__user__bot__isnull=False).values_list("result", flat=True)
    for result in finished:
        winner = (result or {}).get("winner") or "draw"
        people[winner] = people.get(winner, 0) + 1
    bots: dict[str, int] = {}
    levels = set()
    for run in ArenaRun.objects.filter(scenario=scenario_id):
        levels.add(run.levels)
        for k, v in run.side_wins.items():
            bots[k] = bots.get(k, 0) + int(v)
    return {"people": _rates(people, sides),
            "bots": {**_rates(bots, sides), "levels": sorted(levels)}}


def store_arena(scenario_id: str, levels: str, side_wins: dict[str, int]) -> ArenaRun:
    return ArenaRun.objects.create(scenario=scenario_id, levels=levels,
                                   games=sum(side_wins.values()), side_wins=side_wins)
