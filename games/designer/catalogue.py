"""The catalogue of battles: one card per playable battle, bundled and players' alike, and
the one filter over them (ruleset, origin, size, length, team play, front, year) that the
battles page, the lobby, the new-game page and the REST API all use (issue 48).

The bundled battles come from the rulesets themselves, so the catalogue never depends on
`load_scenarios` having stored them; their rows in the designer's tables, when present, give
them their page and let a moderator hide one. Players' battles are their latest published
revisions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import Prefetch

from games.botplay.balance import levels_title, scenario_balance, scenario_balances
from games.player_names import player_name
from games.rules import registry
from games.rules.common.fronts import FRONTS, front_name

from .models import Revision, Scenario

# Size bands by counters on the map at the start and later (the lobby's words).
SIZES = (("small", 0, 40), ("medium", 40, 120), ("large", 120, 10**6))
MINUTES_PER_COUNTER_TURN = 0.25  # a rough reading pace: 40 counters for 8 turns, 80 min
LENGTHS = (("short", 0, 60), ("evening", 60, 180), ("long", 180, 10**6))
ARENA_FIRST = "veteran,veteran"  # the arena figure a card shows when no people have played

# The filters as players read them: name -> [(value, words)], "" meaning any. Years are
# added from the battles themselves (`filter_choices`).
FILTERS: dict[str, list[tuple[str, str]]] = {
    "ruleset": [("", "Both games")] + [(r.id, r.title) for r in registry.RULESETS.values()],
    "origin": [("", "Bundled and players'"), ("bundled", "Bundled only"),
               ("players", "Players' only")],
    "size": [("", "Any size"), ("small", "Small (under 40 counters)"),
             ("medium", "Medium (40 to 120)"), ("large", "Large (120 or more)")],
    "length": [("", "Any length"), ("short", "Under an hour"), ("evening", "An evening"),
               ("long", "Longer")],
    "team": [("", "Any seats"), ("1", "Team play"), ("0", "One a side")],
    "front": [("", "Any front"), *FRONTS.items()],
}
FILTER_LABELS = {"ruleset": "Game", "origin": "Made by", "size": "Size", "length": "Length",
                 "team": "Seats", "front": "Front", "year": "Year"}


def _band(bands: tuple, value: float) -> str:
    return next(name for name, low, high in bands if low <= value < high)


def duration(minutes: int) -> str:
    """An expected length as players read it: "50 min", "2½ h" (to the half hour)."""
    if minutes < 90:
        return f"{minutes} min"
    halves = round(minutes / 30)
    return f"{halves // 2}{'½' if halves % 2 else ''} h"


def _record(balance: dict, names: Mapping[str, str]) -> dict | None:
    """The balance a card shows: finished games between people, else the Veteran arena's
    (else any arena run's); None when nothing has been played."""
    source, games = balance["people"], "finished games"
    if not source["games"]:
        runs = [b for b in balance["bots"] if b["games"]]
        runs.sort(key=lambda b: b["levels"] != ARENA_FIRST)
        if not runs:
            return None
        source = runs[0]
        games = f"arena games, {levels_title(source['levels'])}"
    return {"games": source["games"], "of": games,
            "sides": [{"name": names.get(r["side"], "draws"), "wins": r["wins"]}
                      for r in source["sides"] if r["side"] != "draw" or r["wins"]]}


def info_card(info: Any, *, slug: str, bundled: bool, author: str | None,
              page: str, revision: int | None = None, balance: dict | None = None) -> dict:
    """What a battle card shows: thumbnail, game, counters, turns and expected length, seats
    a side, balance, author, bundled or players', front and year. Briefings are text: the
    pages escape them. `balance`: the battle's scenario_balance when the caller read many at
    once (all_cards), else it is read here."""
    rs = registry.ruleset(info.ruleset)
    counters = int(info.size.get("total", 0))
    minutes = round(counters * info.turns * MINUTES_PER_COUNTER_TURN)
    formations = {s.id: sum(1 for f in info.formations if f.side == s.id) for s in info.sides}
    names = {s.id: s.name for s in info.sides}
    if balance is None:
        balance = scenario_balance(info.id, list(names))
    return {
        "id": slug,
        "play_id": info.id,
        "revision": revision,
        "ruleset": info.ruleset,
        "game": rs.title,
        "title": info.title,
        "date": info.date,
        "year": info.date[:4],
        "front": info.front,
        "front_name": front_name(info.front),
        "description": info.description,
        "briefings": {s.id: s.briefing for s in info.sides},
        "sides": [{"id": s.id, "name": s.name, "seats": max(1, formations[s.id])}
                  for s in info.sides],
        "team_play": any(n > 1 for n in formations.values()),
        "counters": counters,
        "size": _band(SIZES, counters),
        "turns": info.turns,
        "minutes": minutes,
        "length": _band(LENGTHS, minutes),
        "duration": duration(minutes),
        "learning": info.learning,
        "defaults": sorted(info.default_options),
        "author": author,
        "bundled": bundled,
        "balance": balance,
        "record": _record(balance, names),
        "thumbnail": f"/scenarios/{info.id}/thumbnail.svg",
        "page": page,
    }


def card(scenario: Scenario, revision: Revision, balance: dict | None = None) -> dict:
    """The card of a stored battle's published revision."""
    rs = registry.for_scenario(revision.engine_id)
    info = rs.scenarios()[revision.engine_id]
    return info_card(info, slug=scenario.slug, bundled=scenario.bundled,
                     author=player_name(scenario.author), page=f"/battles/{scenario.slug}/",
                     revision=revision.number, balance=balance)


def visible_scenarios(user: Any = None):
    """Published scenarios anyone may play (hidden ones only for moderators), each with its
    published revisions, newest first."""
    rows = Scenario.objects.filter(revisions__published_at__isnull=False).distinct()
    if not getattr(user, "is_staff", False):
        rows = rows.filter(hidden=False)
    published = Revision.objects.filter(published_at__isnull=False).order_by("-number")
    return rows.select_related("author").prefetch_related(
        Prefetch("revisions", queryset=published, to_attr="published"))


def all_cards(user: Any = None) -> list[dict]:
    """Every battle `user` may play: the bundled ones (learning first, then by size), then
    players' by title. Their balances are read together (scenario_balances): four queries
    a battle made each page that shows the catalogue over a hundred."""
    staff = getattr(user, "is_staff", False)
    stored = {s.slug: s for s in Scenario.objects.filter(bundled=True)}
    bundled = sorted((s for _, s in registry.all_scenarios()),
                     key=lambda s: (not s.learning, s.size.get("total", 0), s.title))
    shown = [info for info in bundled
             if staff or stored.get(info.id) is None or not stored[info.id].hidden]
    players = []  # (scenario, its latest published revision, the ruleset's scenario)
    for scenario in visible_scenarios(user).filter(bundled=False).order_by("title"):
        revision = scenario.published[0]
        if revision.engine_id is None:
            continue
        try:
            info = registry.for_scenario(revision.engine_id).scenarios()[revision.engine_id]
        except (KeyError, ValueError):
            continue  # a revision the ruleset can no longer load: nothing to play
        players.append((scenario, revision, info))
    infos = [*shown, *(info for _, _, info in players)]
    balances = scenario_balances({info.id: [s.id for s in info.sides] for info in infos})
    out = [info_card(info, slug=info.id, bundled=True, author=None, balance=balances[info.id],
                     page=f"/battles/{info.id}/" if info.id in stored else f"/scenarios/{info.id}/")
           for info in shown]
    out += [card(scenario, revision, balances[info.id]) for scenario, revision, info in players]
    return out


def matches(c: dict, chosen: Mapping[str, str]) -> bool:
    """Whether card `c` passes the filters `chosen` (name -> value, "" or absent: any)."""
    origin = {"bundled": True, "players": False}.get(chosen.get("origin", ""))
    team = {"1": True, "0": False}.get(chosen.get("team", ""))
    return all([
        not chosen.get("ruleset") or c["ruleset"] == chosen["ruleset"],
        origin is None or c["bundled"] == origin,
        not chosen.get("size") or c["size"] == chosen["size"],
        not chosen.get("length") or c["length"] == chosen["length"],
        team is None or c["team_play"] == team,
        not chosen.get("front") or c["front"] == chosen["front"],
        not chosen.get("year") or c["year"] == chosen["year"],
    ])


def cards(*, ruleset: str | None = None, origin: str | None = None, size: str | None = None,
          length: str | None = None, team: bool | None = None, front: str | None = None,
          year: str | None = None, user: Any = None) -> list[dict]:
    """The catalogue, filtered: `origin` bundled or players; `size` small/medium/large;
    `length` short/evening/long; `team` battles with several seats a side (or not);
    `front` an id of games/rules/common/fronts.py; `year` as "1944"."""
    chosen = {"ruleset": ruleset, "origin": origin, "size": size, "length": length,
              "team": {True: "1", False: "0"}.get(team), "front": front, "year": year}
    return [c for c in all_cards(user) if matches(c, {k: v or "" for k, v in chosen.items()})]


def filter_choices(every: list[dict]) -> dict[str, list[tuple[str, str]]]:
    """The filters' choices, the years being those of the battles there are."""
    years = sorted({c["year"] for c in every if c["year"]})
    return {**FILTERS, "year": [("", "Any year"), *((y, y) for y in years)]}


def browse(params: Mapping[str, str], user: Any = None) -> dict:
    """The catalogue as a page shows it: the filters with their chosen values (an unknown
    value reads as "any"), and the cards that pass them."""
    every = all_cards(user)
    choices = filter_choices(every)
    chosen = {k: str(params.get(k, "")) for k in choices}
    for key, options in choices.items():
        if chosen[key] not in {v for v, _ in options}:
            chosen[key] = ""
    return {
        "filters": [{"name": k, "label": FILTER_LABELS[k], "choices": v, "value": chosen[k]}
                    for k, v in choices.items()],
        "chosen": chosen,
        "filtered": any(chosen.values()),
        "cards": [c for c in every if matches(c, chosen)],
        "total": len(every),
        "by_play_id": {c["play_id"]: c for c in every},
    }


def may_choose(play_id: str, user: Any = None) -> bool:
    """Whether `user` may be offered the battle: a bundled one, or a players' published
    revision, unless a moderator hid it (moderators see those). Never a draft or a trial."""
    staff = getattr(user, "is_staff", False)
    if any(s.id == play_id for _, s in registry.all_scenarios()):
        return staff or not Scenario.objects.filter(slug=play_id, bundled=True,
                                                    hidden=True).exists()
    rows = Revision.objects.filter(engine_id=play_id, published_at__isnull=False,
                                   scenario__bundled=False)
    return rows.exists() if staff else rows.filter(scenario__hidden=False).exists()


def chosen_battle(play_id: Any, user: Any = None) -> dict | None:
    """The battle a form was asked to play (`?scenario=`), as the forms show it: title, game,
    sides, the optional rules it starts with; None for an id no ruleset knows or `user` may
    not be offered (may_choose)."""
    if not isinstance(play_id, str) or not play_id or not may_choose(play_id, user):
        return None
    try:
        info = registry.for_scenario(play_id).scenarios()[play_id]
    except (KeyError, ValueError):
        return None
    return {"play_id": info.id, "title": info.title, "ruleset": info.ruleset,
            "game": registry.ruleset(info.ruleset).title,
            "sides": [{"id": s.id, "name": s.name} for s in info.sides],
            "defaults": ",".join(sorted(info.default_options))}


def first_battle() -> dict:
    """The battle a form offers before any is chosen: the first game's learning battle (the
    smallest, if it has several), as the forms offered before the catalogue."""
    games = list(registry.RULESETS)
    first = min((s for _, s in registry.all_scenarios()),
                key=lambda s: (games.index(s.ruleset), not s.learning, s.size.get("total", 0)))
    return chosen_battle(first.id) or {}
