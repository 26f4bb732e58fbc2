"""A scenario's balance: how often each side won, in finished games between people and in
stored bot-against-bot arena runs, with the number of games behind each figure.

People's games are those no bot played in: none seated, none standing in for anyone
(BotPlayed). Arena runs are kept apart by the levels that played them: a Veteran mirror and
a Recruit mirror say different things about a scenario. Both count only what was played on
the scenario's current revision (games.scenario_revisions decides); the games left out,
played on earlier forces or before revisions were recorded, are counted apart and shown.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.db.models import Q

from games.models import FINISHED, Game
from games.rules.registry import all_scenarios
from games.scenario_revisions import current_revision, split_by_revision

from . import balance_file
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
    """Finished games of the scenario in which no bot played (on any revision)."""
    return (Game.objects.filter(scenario=scenario_id, status=FINISHED)
            .exclude(Q(seats__user__bot__isnull=False) | Q(bot_played__isnull=False))
            .distinct())


def scenario_balance(scenario_id: str, sides: list[str]) -> dict[str, Any]:
    """{"revision", "people": {...}, "bots": [{"levels": "a,b", ...}, ...], "left_out":
    {"people": games, "bots": games}}: games and wins by side (and draws) for people, and
    for each pairing of levels in the arena runs, on the scenario's current revision; and
    how many finished games were left out for being played on another (or an unknown) one.
    KeyError when no ruleset has the scenario."""
    games, older_games = split_by_revision(people_games(scenario_id), scenario_id)
    people: dict[str, int] = {}
    for result in games.values_list("result", flat=True):
        winner = (result or {}).get("winner") or "draw"
        people[winner] = people.get(winner, 0) + 1
    runs, older_runs = split_by_revision(ArenaRun.objects.filter(scenario=scenario_id),
                                         scenario_id)
    by_levels: dict[str, dict[str, int]] = {}
    for run in runs.order_by("levels"):
        wins = by_levels.setdefault(run.levels, {})
        for k, v in run.side_wins.items():
            wins[k] = wins.get(k, 0) + int(v)
    return {"revision": current_revision(scenario_id),
            "people": _rates(people, sides),
            "bots": [{"levels": lv, **_rates(w, sides)} for lv, w in sorted(by_levels.items())],
            "left_out": {"people": older_games.count(),
                         "bots": sum(older_runs.values_list("games", flat=True))}}


def store_arena(scenario_id: str, levels: str, side_wins: dict[str, int], *,
                revision: str) -> ArenaRun:
    """Store an arena run played on `revision` of the scenario (read before the games were
    played: the process plays the scenario it loaded)."""
    return ArenaRun.objects.create(scenario=scenario_id, scenario_revision=revision,
                                   levels=levels, games=sum(side_wins.values()),
                                   side_wins=side_wins)


def load_library(path: Path = balance_file.BALANCE_FILE) -> int:
    """Store the library's arena figures (balance_file) as bundled ArenaRun rows, each under
    the revision its games were played on, so a fresh install's scenario pages show a
    balance. Loading again changes nothing; an entry rerun on the same revision replaces its
    row; rows of earlier revisions stay and are counted as left out. Scenarios no longer
    bundled are skipped. Returns the rows added or changed."""
    bundled = {s.id for _, s in all_scenarios()}
    changed = 0
    for e in balance_file.read(path):
        if e["scenario"] not in bundled:
            continue
        figures = {"games": int(e["games"]), "side_wins": dict(e["side_wins"])}
        row, created = ArenaRun.objects.get_or_create(
            scenario=e["scenario"], scenario_revision=e["revision"], levels=e["levels"],
            bundled=True, defaults=figures)
        if not created and {"games": row.games, "side_wins": row.side_wins} != figures:
            ArenaRun.objects.filter(pk=row.pk).update(**figures)
            created = True
        changed += created
    return changed
