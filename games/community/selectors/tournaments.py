"""A tournament's page and its JSON: entries, standings, rounds with their pairings.

Only results and public facts: a pairing shows its players, their sides, the game's link
and, once over, its result; never the state of a game in progress.
"""

from __future__ import annotations

from typing import Any

from django.db.models import F, Q

from games.clocks import control as clock_control
from games.player_names import player_name

from ..models.tournaments import (
    BYE,
    DOUBLE_FORFEIT,
    DRAW,
    FIRST,
    FORFEIT_FIRST,
    FORFEIT_SECOND,
    KINDS,
    PENDING,
    REGISTERING,
    RUNNING,
    SECOND,
    Entry,
    Pairing,
    Tournament,
)
from ..tournaments.standings import Result, standings
from .names import scenario_title, side_names

RESULT_TEXT = {
    FIRST: "1-0", SECOND: "0-1", DRAW: "½-½", BYE: "bye", FORFEIT_FIRST: "1-0 forfeit",
    FORFEIT_SECOND: "0-1 forfeit", DOUBLE_FORFEIT: "0-0 forfeit", PENDING: "playing",
}


def _names(t: Tournament) -> dict[int, Entry]:
    return {e.pk: e for e in Entry.objects.filter(tournament=t).select_related("user")}


def standings_rows(t: Tournament) -> list[dict]:
    entries = _names(t)
    results = [Result(p.first_id, p.second_id, p.result)
               for p in Pairing.objects.filter(tournament=t)]
    rows = standings({pk: e.seed for pk, e in entries.items()}, results)
    return [{"place": r.place, "name": player_name(entries[r.player].user),
             "score": r.score, "buchholz": r.buchholz, "sonneborn_berger": r.sonneborn_berger,
             "wins": r.wins, "played": r.played, "seed": round(entries[r.player].seed),
             "withdrawn": entries[r.player].withdrawn_at is not None,
             "withdrawn_why": entries[r.player].withdrawn_why}
            for r in rows]


def rounds(t: Tournament) -> list[dict]:
    entries = _names(t)
    out: dict[int, list[dict]] = {}
    for p in Pairing.objects.filter(tournament=t).order_by("round", "board"):
        sides = list(side_names(p.scenario).values())
        out.setdefault(p.round, []).append({
            "board": p.board,
            "first": player_name(entries[p.first_id].user),
            "second": player_name(entries[p.second_id].user) if p.second_id else None,
            "first_side": sides[0] if sides else "", "second_side": sides[1] if sides else "",
            "scenario": scenario_title(p.scenario),
            "game": str(p.game_id) if p.game_id else None,
            "result": p.result, "result_text": RESULT_TEXT.get(p.result, p.result),
        })
    return [{"round": n, "pairings": rows} for n, rows in sorted(out.items(), reverse=True)]


def summary(t: Tournament) -> dict:
    control = t.time_control or {"kind": "untimed"}
    return {
        "id": t.pk, "name": t.name, "kind": t.kind, "kind_name": dict(KINDS)[t.kind],
        "status": t.status, "rounds": t.rounds, "current_round": t.current_round,
        "cancelled_why": t.cancelled_why,
        "scenarios": [{"id": s, "title": scenario_title(s)} for s in t.scenarios],
        "time_control": clock_control.label(clock_control.normalize(control)),
        "rated": t.rated, "max_players": t.max_players,
        "created_by": player_name(t.created_by),
        "starts_at": t.starts_at.isoformat() if t.starts_at else None,
        "players": Entry.objects.filter(tournament=t).count(),
    }


def tournament_json(t: Tournament, viewer: Any = None) -> dict:
    """Everything the live page redraws, as JSON; `me`, for a player entered, what their
    current round holds for them."""
    me = None
    if getattr(viewer, "is_authenticated", False):
        entry = Entry.objects.filter(tournament=t, user=viewer).first()
        if entry is not None:
            me = {"entered": True, "withdrawn": entry.withdrawn_at is not None,
                  **_my_round(t, entry)}
    return {"tournament": summary(t), "standings": standings_rows(t), "rounds": rounds(t),
            "me": me}


def _my_round(t: Tournament, entry: Entry) -> dict:
    """The player's pairing in the round being played: `game` while their game is on,
    `bye` when they sit this round out (it scores a win), `round_over` once their game
    has a result and others are still playing."""
    pairing = Pairing.objects.filter(Q(first=entry) | Q(second=entry), tournament=t,
                                     round=t.current_round).first()
    return _round_facts(pairing)


def _round_facts(pairing: Pairing | None) -> dict:
    playing = pairing is not None and pairing.result == PENDING and pairing.game_id
    return {"game": str(pairing.game_id) if playing else None,
            "bye": pairing is not None and pairing.result == BYE,
            "round_over": pairing is not None and pairing.result not in (PENDING, BYE)}


def listing() -> list[dict]:
    return [summary(t) for t in Tournament.objects.select_related("created_by")[:50]]


def _named(pairing: Pairing) -> dict:
    """A tournament game's tournament and round: public facts, as the tournament's page is."""
    return {"id": pairing.tournament_id, "name": pairing.tournament.name, "round": pairing.round}


def lobby_cards(games: list, cards: list[dict]) -> None:
    """Name the tournament and round on the lobby cards of tournament games (a hook of the
    lobby's CARD_EXTRAS), so a player sees which game is which and finds the tournament's
    page from it."""
    pairings = Pairing.objects.filter(game_id__in=[g.pk for g in games]).select_related(
        "tournament")
    by_game = {p.game_id: p for p in pairings}
    for game, card in zip(games, cards, strict=True):
        pairing = by_game.get(game.pk)
        if pairing is not None:
            card["tournament"] = _named(pairing)


def game_tournament(game: Any) -> dict | None:
    """The tournament and round of a game, for the line above its board and its replay (a
    hook of the game pages' GAME_NOTES); None for a game of no tournament."""
    pairing = Pairing.objects.filter(game=game).select_related("tournament").first()
    return _named(pairing) if pairing is not None else None


MY_TOURNAMENTS_LISTED = 10


def my_tournaments(request: Any) -> dict | None:
    """The lobby's line of the tournaments the player is in and that are not over (a hook of
    the lobby's LOBBY_LINES): each with what its round holds for them. None when there are
    none, or for a visitor signed out."""
    user = request.user
    if not getattr(user, "is_authenticated", False):
        return None
    entries = list(Entry.objects.filter(user=user, withdrawn_at__isnull=True,
                                        tournament__status__in=(REGISTERING, RUNNING))
                   .select_related("tournament").order_by("-tournament__created_at")
                   [:MY_TOURNAMENTS_LISTED])
    if not entries:
        return None
    ids = [e.pk for e in entries]
    current = Pairing.objects.filter(Q(first_id__in=ids) | Q(second_id__in=ids),
                                     round=F("tournament__current_round"))
    by_entry = {}
    for p in current:
        by_entry[p.first_id if p.first_id in ids else p.second_id] = p
    listed = []
    for e in entries:
        t = e.tournament
        facts = _round_facts(by_entry.get(e.pk)) if t.status == RUNNING else {}
        listed.append({"id": t.pk, "name": t.name, "status": t.status,
                       "round": t.current_round,
                       "starts_at": t.starts_at.isoformat() if t.starts_at else None, **facts})
    return {"tournaments": listed}
