"""Rate finished games: Glicko-2 per player, game (ruleset) and pace, team games included.

A game is rated when it was opened with the `rated` option, was played to its end between
two sides of people with accounts (no guest, no bot), and this module has not rated it yet.
It runs after the game's last step has committed (`on_game_over`) and again from the
worker's sweep for any finished rated game it missed (a process that died in between), so
every rated game is rated exactly once: the game row is locked and the `RatedGame` record
is written in the same transaction as the new ratings.

Decisions (docs/community.md, "Ratings"):
- pace: a game with a live clock is `live`; correspondence and untimed games are
  `correspondence` (an untimed game has no clock pressing anyone: it is played at leisure).
- each game is its own rating period (as Lichess does); a rating unused for a while gets
  more uncertain: its deviation grows by Glicko-2's step 6 once per `IDLE_PERIOD` passed.
- team games: each player moves by his team's result against the other team as one
  composite opponent (its mean rating and root-mean-square deviation), with the team's mean
  rating as the expectation and his own deviation and volatility as the step size
  (`glicko2.rate_team_member`).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.botplay.models import BotPlayed
from games.models import FINISHED, Game, Seat
from games.player_names import player_name, without_name
from games.rules import registry
from games.services.accounts import is_guest
from games.services.errors import ServiceError

from . import glicko2
from .models.ratings import CORRESPONDENCE, LIVE, RATED, UNRATED, RatedGame, Rating, RatingChange

logger = logging.getLogger(__name__)

IDLE_PERIOD = timedelta(days=7)


def check_rated(raw: Any) -> bool:
    """The `rated` game option: true or false (default false)."""
    if raw is None:
        return False
    if not isinstance(raw, bool):
        raise ServiceError("options/invalid", "rated must be true or false")
    return raw


def pace_of(options: dict) -> str:
    """`live` for a live clock; correspondence and untimed games are `correspondence`."""
    control = (options or {}).get("time_control") or {}
    return LIVE if isinstance(control, dict) and control.get("kind") == LIVE else CORRESPONDENCE


@lru_cache(maxsize=256)
def ruleset_of(scenario_id: str) -> str:
    """The game a scenario belongs to (the registry's default for one it does not know)."""
    try:
        return registry.for_scenario(scenario_id).id
    except KeyError:
        return registry.DEFAULT


def is_bot(user: Any) -> bool:
    return user is not None and hasattr(user, "bot")


def why_unrated(user: Any) -> str | None:
    """Why this user cannot sit in a rated game, or None."""
    if is_bot(user):
        return "bots play unrated games"
    if is_guest(user):
        return "guests play unrated games: keep your account (a name and a password) to play rated"
    return None


def current(user: Any, ruleset: str, pace: str) -> Rating:
    """The user's rating (an unsaved starting rating if there is none yet)."""
    found = Rating.objects.filter(user=user, ruleset=ruleset, pace=pace).first()
    return found or Rating(user=user, ruleset=ruleset, pace=pace)


def aged(row: Rating, now: datetime) -> glicko2.Glicko:
    """The rating as Glicko-2 values, its deviation grown for the idle periods since its
    last game."""
    value = glicko2.Glicko(row.rating, row.deviation, row.volatility)
    if row.rated_at is None:
        return value
    periods = (now - row.rated_at) / IDLE_PERIOD
    return glicko2.idle(value, periods) if periods > 0 else value


def on_game_over(game_id: Any) -> RatedGame | None:
    """After the commit that ended a game: rate it if it was rated (never raises)."""
    try:
        return rate_game(game_id)
    except Exception:  # the sweep tries again; a game's end must not fail on its rating
        logger.exception("rating game %s failed", game_id)
        return None


@transaction.atomic
def rate_game(game_id: Any, now: datetime | None = None) -> RatedGame | None:
    """Rate a finished rated game once; None for a game that is not rated or not over."""
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None or game.status != FINISHED or not (game.options or {}).get("rated"):
        return None
    done = RatedGame.objects.filter(game=game).first()
    if done is not None:
        return done
    now = now or timezone.now()
    record = RatedGame(game=game, ruleset=ruleset_of(game.scenario), pace=pace_of(game.options),
                       rated_at=now)
    seats = list(Seat.objects.filter(game=game).select_related("side", "user", "user__bot"))
    teams: dict[str, list[Any]] = {}
    for seat in seats:
        teams.setdefault(seat.side.side_id, []).append(seat.user)
    reason = _unrated_reason(teams)
    if (game.result or {}).get("agreed") == "abort":  # D-AGREE-1: never played, never rated
        reason = "aborted before the first move"
    if reason:
        record.status, record.reason = UNRATED, reason
        record.save()
        return record
    record.status = RATED
    stood_in = BotPlayed.objects.filter(game=game).values_list("levels", flat=True).first()
    if stood_in:  # people played it, but a bot stood in for one who left: said, not hidden
        record.reason = f"a bot ({', '.join(stood_in)}) stood in for a player who was away"
    record.save()
    winner = (game.result or {}).get("winner")
    _apply(record, teams, winner, now)
    return record


def _unrated_reason(teams: dict[str, list[Any]]) -> str:
    if len(teams) != 2:
        return "only games of two sides are rated"
    for users in teams.values():
        for user in users:
            if user is None:
                return "a seat was empty at the end"
            why = why_unrated(user)
            if why:
                return f"{player_name(user)}: {why}"
    return ""


def _apply(record: RatedGame, teams: dict[str, list[Any]], winner: str | None,
           now: datetime) -> None:
    """New ratings for every player from everyone's ratings before the game."""
    users = [u for side in teams.values() for u in side]
    rows = {r.user_id: r for r in Rating.objects.select_for_update().filter(
        user__in=users, ruleset=record.ruleset, pace=record.pace)}
    for user in users:
        rows.setdefault(user.pk, Rating(user=user, ruleset=record.ruleset, pace=record.pace))
    before = {pk: aged(row, now) for pk, row in rows.items()}
    (side_a, team_a), (side_b, team_b) = teams.items()
    after: dict[int, tuple[glicko2.Glicko, float, str]] = {}
    for side, team, other in ((side_a, team_a, team_b), (side_b, team_b, team_a)):
        score = 0.5 if winner is None else (1.0 if winner == side else 0.0)
        mine = [before[u.pk] for u in team]
        theirs = [before[u.pk] for u in other]
        for user in team:
            new = glicko2.rate_team_member(before[user.pk], mine, theirs, score)
            after[user.pk] = (new, score, side)
    for pk, (new, score, side) in after.items():
        row, old = rows[pk], before[pk]
        RatingChange.objects.create(
            rated_game=record, user_id=pk, ruleset=record.ruleset, pace=record.pace,
            side_id=side, score=score, rating_before=row.rating, deviation_before=old.deviation,
            rating_after=new.rating, deviation_after=new.deviation,
            volatility_after=new.volatility, at=now,
        )  # fmt: skip
        row.rating, row.deviation, row.volatility = new.rating, new.deviation, new.volatility
        row.games += 1
        row.wins += score == 1.0
        row.draws += score == 0.5
        row.losses += score == 0.0
        row.rated_at = now
        row.save()


def rate_missed(limit: int = 50) -> int:
    """The sweep's share: rate finished rated games that have no record yet."""
    missed = Game.objects.filter(status=FINISHED, options__rated=True,
                                 rating_record__isnull=True).values_list("pk", flat=True)[:limit]
    return sum(1 for pk in missed if on_game_over(pk) is not None)


def erase_name(user: Any) -> None:
    """services.hooks.ACCOUNT_ERASERS: rating records that give a reason naming the player
    ("ann: a guest account") name a deleted player from now on."""
    name = user.get_username()
    for record in RatedGame.objects.filter(game__seats__user=user, reason__contains=name):
        record.reason = without_name(record.reason, name)
        record.save(update_fields=["reason"])


def check_rated_seat(game: Game, user: Any) -> None:
    """hooks.SEAT_CHECKS: only people with accounts sit in rated games."""
    if (game.options or {}).get("rated"):
        why = why_unrated(user)
        if why:
            raise ServiceError("rated/not_allowed", why, 403)
