"""The catalogue of battles: one card per published, visible scenario, bundled and players'
alike, filterable by ruleset, size, length, team play and origin (issue 48)."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch

from games.botplay.balance import scenario_balance
from games.rules import registry

from .models import Revision, Scenario

# Size bands by counters on the map at the start and later (the lobby's words).
SIZES = (("small", 0, 40), ("medium", 40, 120), ("large", 120, 10**6))
MINUTES_PER_COUNTER_TURN = 0.25  # a rough reading pace: 40 counters for 8 turns, 80 min
LENGTHS = (("short", 0, 60), ("evening", 60, 180), ("long", 180, 10**6))


# The front a battle was fought on, read from its sides' nationalities.
EAST = frozenset({"soviet", "russian"})
WEST = frozenset({"us", "american", "british", "gb", "canadian", "french", "fr", "polish",
                  "belgian", "dutch"})


def front_of(nationalities: set[str]) -> str:
    """east (a Soviet side), west (American, British, French... against Germany), or other."""
    if nationalities & EAST:
        return "east"
    return "west" if nationalities & WEST else "other"


def _band(bands: tuple, value: float) -> str:
    return next(name for name, low, high in bands if low <= value < high)


def card(scenario: Scenario, revision: Revision) -> dict:
    """What a battle card shows: thumbnail, ruleset, counters, turns, expected length, seats
    a side, balance, author, bundled or players'. The briefing is text: pages escape it."""
    rs = registry.for_scenario(revision.engine_id)
    info = rs.scenarios()[revision.engine_id]
    counters = int(info.size.get("total", 0))
    minutes = round(counters * info.turns * MINUTES_PER_COUNTER_TURN)
    formations = {s.id: sum(1 for f in info.formations if f.side == s.id) for s in info.sides}
    sides = [s.id for s in info.sides]
    return {
        "id": scenario.slug,
        "play_id": revision.engine_id,
        "revision": revision.number,
        "ruleset": scenario.ruleset,
        "game": rs.title,
        "title": info.title,
        "date": info.date,
        "description": info.description,
        "briefings": {s.id: s.briefing for s in info.sides},
        "sides": [{"id": s.id, "name": s.name, "seats": max(1, formations[s.id])}
                  for s in info.sides],
        "team_play": any(n > 1 for n in formations.values()),
        "front": front_of({s.nationality.lower() for s in info.sides}),
        "counters": counters,
        "size": _band(SIZES, counters),
        "turns": info.turns,
        "minutes": minutes,
        "length": _band(LENGTHS, minutes),
        "learning": info.learning,
        "author": scenario.author.username if scenario.author else None,
        "bundled": scenario.bundled,
        "balance": scenario_balance(revision.engine_id, sides),
        "thumbnail": f"/scenarios/{revision.engine_id}/thumbnail.svg",
        "page": f"/battles/{scenario.slug}/",
    }


def visible_scenarios(user: Any = None):
    """Published scenarios anyone may play (hidden ones only for moderators), each with its
    published revisions, newest first."""
    rows = Scenario.objects.filter(revisions__published_at__isnull=False).distinct()
    if not getattr(user, "is_staff", False):
        rows = rows.filter(hidden=False)
    published = Revision.objects.filter(published_at__isnull=False).order_by("-number")
    return rows.select_related("author").prefetch_related(
        Prefetch("revisions", queryset=published, to_attr="published"))


def cards(*, ruleset: str | None = None, origin: str | None = None, size: str | None = None,
          length: str | None = None, team: bool | None = None, front: str | None = None,
          user: Any = None) -> list[dict]:
    """The catalogue, filtered: `origin` bundled or players; `size` small/medium/large;
    `length` short/evening/long; `team` battles with several seats a side (or not);
    `front` east/west/other. The learning battles come first, then bundled, then by title."""
    rows = visible_scenarios(user)
    if ruleset:
        rows = rows.filter(ruleset=ruleset)
    if origin in ("bundled", "players"):
        rows = rows.filter(bundled=origin == "bundled")
    out = []
    for scenario in rows.order_by("-bundled", "title"):
        revision = scenario.published[0]
        if revision.engine_id is None:
            continue
        try:
            c = card(scenario, revision)
        except (KeyError, ValueError):
            continue  # a bundled revision whose file is gone: nothing to play
        if (size and c["size"] != size) or (length and c["length"] != length) or (
                team is not None and c["team_play"] != team) or (front and c["front"] != front):
            continue
        out.append(c)
    # A newcomer meets the learning battles first, whatever their titles (sort is stable).
    out.sort(key=lambda c: not c["learning"])
    return out


def players_cards(user: Any = None) -> list[dict]:
    """The players' published battles anyone may play (the new-game page lists them after
    the bundled ones)."""
    return cards(origin="players", user=user)


def players_battles(user: Any = None) -> list[tuple[Any, str]]:
    """(ScenarioInfo, author) of each players' published battle anyone may play, by title:
    what the lobby's forms offer after the bundled scenarios (cheaper than the cards)."""
    out = []
    for scenario in visible_scenarios(user).filter(bundled=False).order_by("title"):
        revision = scenario.published[0]
        if revision.engine_id is None:
            continue
        try:
            info = registry.for_scenario(revision.engine_id).scenarios()[revision.engine_id]
        except (KeyError, ValueError):
            continue
        out.append((info, scenario.author.username if scenario.author else ""))
    return out
