"""A scenario's balance: how often each side won, in finished games between people and in
stored bot-against-bot arena runs, with the number of games behind each figure.

People's games are those no bot played in: none seated, none standing in for anyone
(BotPlayed). Arena runs are kept apart by the levels that played them: a Veteran mirror and
a Recruit mirror say different things about a scenario. Both count only what was played on
the scenario's current revision (games.scenario_revisions decides); the games left out,
played on earlier forces or before revisions were recorded, are counted apart and shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from django.db.models import Q

from games.models import FINISHED, Game
from games.rules.registry import all_scenarios
from games.scenario_revisions import current_revision

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


def people_games(scenario_ids: list[str]):
    """Finished games of the scenarios in which no bot played (on any revision)."""
    return (Game.objects.filter(scenario__in=scenario_ids, status=FINISHED)
            .exclude(Q(seats__user__bot__isnull=False) | Q(bot_played__isnull=False))
            .distinct())


def levels_title(levels: str) -> str:
    """An arena pairing as players read it: "veteran,elite" -> "Veteran v Elite"."""
    return " v ".join(level.capitalize() for level in levels.split(","))


def scenario_balance(scenario_id: str, sides: list[str]) -> dict[str, Any]:
    """{"revision", "people": {...}, "bots": [{"levels": "a,b", ...}, ...], "left_out":
    {"people": games, "bots": games}}: games and wins by side (and draws) for people, and
    for each pairing of levels in the arena runs, on the scenario's current revision; and
    how many finished games were left out for being played on another (or an unknown) one.
    KeyError when no ruleset has the scenario."""
    return scenario_balances({scenario_id: sides})[scenario_id]


def scenario_balances(sides_by_scenario: Mapping[str, list[str]]) -> dict[str, dict[str, Any]]:
    """scenario_balance of each scenario (id -> its sides), in two queries however many
    scenarios there are: the catalogue shows a balance on every card. KeyError when no
    ruleset has one of them."""
    now = {sid: current_revision(sid) for sid in sides_by_scenario}
    people = {sid: {} for sid in now}  # scenario -> winner -> games on its current revision
    runs = {sid: {} for sid in now}  # scenario -> levels -> side -> wins on it
    older = {sid: {"people": 0, "bots": 0} for sid in now}
    # The game's pk keeps two games with one result apart under DISTINCT.
    for _, sid, revision, result in people_games(list(now)).values_list(
            "pk", "scenario", "scenario_revision", "result"):
        if revision != now[sid]:
            older[sid]["people"] += 1
            continue
        winner = (result or {}).get("winner") or "draw"
        people[sid][winner] = people[sid].get(winner, 0) + 1
    arena = ArenaRun.objects.filter(scenario__in=list(now)).order_by("levels")
    for sid, revision, levels, games, side_wins in arena.values_list(
            "scenario", "scenario_revision", "levels", "games", "side_wins"):
        if revision != now[sid]:
            older[sid]["bots"] += games
            continue
        wins = runs[sid].setdefault(levels, {})
        for k, v in side_wins.items():
            wins[k] = wins.get(k, 0) + int(v)
    return {sid: {"revision": now[sid],
                  "people": _rates(people[sid], sides),
                  "bots": [{"levels": lv, **_rates(w, sides)}
                           for lv, w in sorted(runs[sid].items())],
                  "left_out": older[sid]}
            for sid, sides in sides_by_scenario.items()}


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
