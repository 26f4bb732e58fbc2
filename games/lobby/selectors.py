"""Read the lobby's lists: open games, games one may watch, my games, the queue, who is online."""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from typing import Any

from django.db.models import Q
from django.utils import timezone

from games import engine_adapter as engine
from games import results
from games.models import ACTIVE, FINISHED, OPEN, WAITING, Game, LobbyPresence, Presence, Seek
from games.player_names import player_name
from games.selectors import PRESENCE_TTL
from games.services.accounts import is_guest
from games.services.division import division
from games.services.matchmaking import queue_counts

LIST_LIMIT = 50
RECENT_LIMIT = 5  # my finished games, offered for a rematch
WATCHABLE = ("public", "coach")


def scenario_brief(scenario_id: str) -> dict:
    try:
        scen = engine.scenario(scenario_id)
    except KeyError:
        return {"id": scenario_id, "title": scenario_id}
    return {"id": scen.id, "title": scen.title, "date": scen.date, "size": scen.size}


def _recent(rows):
    """Rows seen lately: a crashed process's sockets stop counting (games.selectors)."""
    return rows.filter(seen_at__gte=timezone.now() - PRESENCE_TTL)


def _online_seats(game_ids: list[Any]) -> set[tuple[str, str]]:
    rows = _recent(Presence.objects.filter(game_id__in=game_ids, seat__isnull=False))
    return {(str(g), s) for g, s in rows.values_list("game_id", "seat__seat_id")}


def _spectators(game_ids: list[Any]) -> dict[str, int]:
    out: dict[str, int] = {}
    rows = _recent(Presence.objects.filter(game_id__in=game_ids, seat__isnull=True))
    for g in rows.values_list("game_id", flat=True):
        out[str(g)] = out.get(str(g), 0) + 1
    return out


def _turn(game: Game) -> dict | None:
    """Whose turn it is, as the game's ruleset tells it from the current state (decoded once
    per version in each process): the acting seat, or the side to act, and `acting`, the
    seats that may act now (every view's `may_act`, public: a card says no more than the
    game page does, double-blind or not)."""
    if not game.state:
        return None
    state = engine.decode_state(game.pk, game.version, game.state)
    return {**engine.turn_info(state), "acting": list(engine.who_may_act(state))}


def game_card(game: Game, online: set[tuple[str, str]], spectators: dict[str, int]) -> dict:
    """What the lobby shows of one game; names are data, the browser inserts them as text."""
    gid = str(game.pk)
    seats = list(game.seats.all())
    sides = []
    for side in game.sides.all():
        sides.append(
            {
                "id": side.side_id,
                "name": side.name,
                "seats": [
                    {
                        "id": s.seat_id,
                        "user": player_name(s.user) if s.user_id else None,
                        "online": (gid, s.seat_id) in online,
                    }
                    for s in seats
                    if s.side_id == side.pk
                ],
            }
        )
    card = {
        "id": gid,
        "scenario": scenario_brief(game.scenario),
        "status": game.status,
        "seats_per_side": game.seats_per_side,
        "free": sum(1 for s in seats if s.user_id is None),
        "options": {k: v for k, v in game.options.items() if k != "division"},
        "created_by": player_name(game.created_by) if game.created_by_id else None,
        "created_at": game.created_at.isoformat(),
        "sides": sides,
        "spectators": spectators.get(gid, 0),
    }
    if game.status == ACTIVE:
        card["turn"] = _turn(game)
    if game.status == FINISHED:
        # With its words from the table the game page's banner uses (games/results.py).
        names = {side["id"]: side["name"] for side in sides}
        card["result"] = results.with_words(game.result, lambda side: names.get(side, side))
    if game.status == OPEN and game.seats_per_side > 1:
        card["division"] = division(game)
        card["formations"] = {f.id: f.name for f in engine.scenario(game.scenario).formations}
    return card


# Public facts other apps add to every card (the community app names a tournament game's
# tournament and round): each takes (games, their cards) and adds keys to the cards in place.
CARD_EXTRAS: list[Callable[[list[Game], list[dict]], None]] = []


def _cards(games: list[Game]) -> list[dict]:
    ids = [g.pk for g in games]
    online, spectators = _online_seats(ids), _spectators(ids)
    cards = [game_card(g, online, spectators) for g in games]
    if games:
        for extra in CARD_EXTRAS:
            extra(games, cards)
    return cards


def _watch_cards(games: list[Game]) -> list[dict]:
    """Cards of games to watch; a game with a spectator delay does not say whose turn it is
    now (its spectators see it as it stood some commands ago: games/spectating.py)."""
    cards = _cards(games)
    for game, card in zip(games, cards, strict=True):
        if game.spectator_delay:
            card.pop("turn", None)
    return cards


# Facts other apps add to my games' cards (the clocks add `clock` and `time_left`): each
# takes (games, their cards, the viewer) and adds keys to the cards in place.
MY_CARD_EXTRAS: list[Callable[[list[Game], list[dict], Any], None]] = []


def _my_move(game: Game, user: Any) -> bool:
    """Whether one of the viewer's seats may act now (the engine's who_may_act)."""
    if game.status != ACTIVE or not game.state:
        return False
    state = engine.cached_state(game.pk, game.version) or engine.decode_state(
        game.pk, game.version, game.state
    )
    mine = {s.seat_id for s in game.seats.all() if s.user_id == user.pk}
    return bool(mine & set(engine.who_may_act(state)))


def my_cards(games: list[Game], user: Any) -> list[dict]:
    """My games' cards, those whose move is mine first, the least time left first."""
    cards = _cards(games)
    for game, card in zip(games, cards, strict=True):
        card["my_move"] = _my_move(game, user)
    for extra in MY_CARD_EXTRAS:
        extra(games, cards, user)
    cards.sort(key=lambda c: (not c["my_move"], c.get("time_left", math.inf)))
    return cards


def _games():
    return Game.objects.select_related("created_by").prefetch_related(
        "sides", "seats__user", "seats__side"
    )


# The lists every viewer shares, read once per process per change: a change nudges every
# lobby socket at once, and without this each of them would read the same lists again. Each
# nudge has an id; lists read after a nudge arrived in this process show its change (it was
# committed before the nudge was sent), so they may be reused for it.
_shared: dict[str, Any] = {"known": frozenset(), "data": None}
_shared_lock = threading.Lock()  # one reader at a time
_arrived: dict[str, None] = {}  # nudge ids that reached this process, oldest first
_arrived_lock = threading.Lock()  # taken briefly, also from the event loop
ARRIVED_KEPT = 1000


def note_change(change_id: str) -> None:
    """Remember that a nudge reached this process (before anyone reads lists for it)."""
    with _arrived_lock:
        _arrived[change_id] = None
        while len(_arrived) > ARRIVED_KEPT:
            del _arrived[next(iter(_arrived))]


def shared_lists(changes: frozenset[str] | None = None) -> dict:
    """Open games, games to watch, the queue and who is online; reused when they were read
    after every nudge in `changes` had arrived (None: read them now)."""
    with _shared_lock:
        if changes is not None and _shared["data"] and changes <= _shared["known"]:
            return _shared["data"]
        with _arrived_lock:
            known = frozenset(_arrived)
        public = Q(options__private=False) | Q(options__private__isnull=True)
        open_games = list(_games().filter(public, status=OPEN).order_by("-created_at")[:LIST_LIMIT])
        watch = list(
            _games()
            .filter(public, status=ACTIVE, options__spectators__in=WATCHABLE)
            .order_by("-started_at")[:LIST_LIMIT]
        )
        data = {
            "open": _cards(open_games),
            "watch": _watch_cards(watch),
            "queue": queue_counts(),
            "online": online_names(),
        }
        _shared.update(known=known, data=data)
        return data


def lobby_lists(user: Any, changes: frozenset[str] | None = None) -> dict:
    """The lobby frame's data for one viewer: the shared lists and their own games."""
    signed_in = bool(getattr(user, "is_authenticated", False))
    mine: list[Game] = []
    recent: list[Game] = []
    seek = None
    if signed_in:
        mine = list(
            _games()
            .filter(seats__user=user, status__in=(OPEN, ACTIVE))
            .distinct()
            .order_by("-created_at")[:LIST_LIMIT]
        )
        recent = list(
            _games()
            .filter(seats__user=user, status=FINISHED)
            .distinct()
            .order_by("-finished_at")[:RECENT_LIMIT]
        )
        waiting = Seek.objects.filter(user=user, status=WAITING).first()
        if waiting is not None:
            seek = seek_json(waiting)
    return {
        **shared_lists(changes),
        "me": user.get_username() if signed_in else None,
        "guest": is_guest(user),
        "mine": my_cards(mine, user),
        "recent": _cards(recent),
        "seek": seek,
    }


def online_names() -> dict:
    """Who has the lobby open: names of signed-in people, and a count of anonymous visitors."""
    rows = list(_recent(LobbyPresence.objects).values_list("user__username", flat=True))
    names = sorted({n for n in rows if n})
    return {"users": names, "visitors": sum(1 for n in rows if not n)}


def seek_json(seek: Seek) -> dict:
    out = {
        "id": str(seek.pk),
        "status": seek.status,
        "scenario": seek.scenario or None,
        "side": seek.side or None,
        "team_size": seek.team_size,
        "time_control": seek.time_control or None,
    }
    if seek.game_id:
        out["game"] = str(seek.game_id)
    return out
