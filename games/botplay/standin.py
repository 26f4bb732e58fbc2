"""A bot stands in for a seat whose player ran out of time or left, and hands it back when
the player returns (their socket opens on the game again).

Two ways in:
- A timed game: the clocks' "a bot takes over" outcome for a side out of time
  (games.clocks.absence calls `take_over`, registered in its BOT_TAKEOVER_HOOKS); the level
  is the one asked for through `ask_stand_in` (Veteran when the clocks' own button asks).
- An untimed game: once a player left (no socket open on the game, no command of theirs
  for `BOT_STANDIN_AWAY_SECONDS`), a partner asks for a bot of a level. The absent player's
  side decides who plays for it: an opponent may ask only for the bot the player chose
  themselves beforehand (`StandInChoice`: a level, or nobody), at that level; never one of
  the opponent's choosing (they would pick the weakest one and play it).

Either way the bot is never weaker than the absent player's rating suggests (`level_floor`,
from the levels' measured strength, strength.py): asked for a Recruit in an established
player's seat, a Veteran comes. The game log says a bot stands in, and a rated game that had
one says so in its rating record (games.community.ratings).
"""

from __future__ import annotations

import contextvars
import logging
from datetime import timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.bots.levels import PLAYABLE
from games.clocks import absence, control, service
from games.community.ratings import current, pace_of, ruleset_of
from games.models import ACTIVE, Game, GameStep, Presence, Seat
from games.player_names import seat_player
from games.services.errors import ServiceError

from . import runner
from .accounts import check_level, record_bot
from .models import LEFT, TIMEOUT, BotStandIn, StandInChoice
from .strength import floor_for

logger = logging.getLogger(__name__)
TAKE_OVER_LEVEL = "veteran"
# The level `ask_stand_in` wants, read by `take_over` when the clocks call it back.
_asked: contextvars.ContextVar[tuple[str, Any] | None] = contextvars.ContextVar(
    "bot_stand_in_asked", default=None)


def level_floor(user: Any, game: Game) -> str:
    """The weakest bot that may stand in for `user` in `game`: the strongest level whose
    estimated rating (strength.py) their rating in the game's ruleset and pace reaches (a
    Recruit with no rating yet)."""
    rating = current(user, ruleset_of(game.scenario), pace_of(game.options))
    return floor_for(rating.rating if rating.pk is not None else None)


def stand_in_choice(user: Any) -> str | None:
    """The player's own choice of the bot level that stands in while they are away, or None
    (nobody: their side's partners decide, and nobody else may)."""
    return (StandInChoice.objects.filter(user_id=getattr(user, "pk", None))
            .values_list("level", flat=True).first())


def seat_stand_in(seat: Seat) -> str | None:
    """services.hooks.SEAT_STAND_IN: the level an opponent may call for this seat's player
    while they are away (their own choice, raised to their floor), in an active untimed game;
    None where nobody but their partners decides (no choice, a bot's seat, a timed game)."""
    game = seat.game
    if game.status != ACTIVE or getattr(seat.user, "bot", None) is not None:
        return None
    if control.normalize(game.options.get("time_control"))["kind"] != control.UNTIMED:
        return None
    chosen = stand_in_choice(seat.user)
    return None if chosen is None else stand_in_level(chosen, seat.user, game)


def stand_in_choice_set(*, user: Any, level: Any) -> str | None:
    """Choose a bot level to stand in for oneself when away, or None for nobody."""
    if not getattr(user, "is_authenticated", False):
        raise ServiceError("auth/required", "sign in first", 401)
    if level is None:
        StandInChoice.objects.filter(user=user).delete()
        return None
    StandInChoice.objects.update_or_create(user=user, defaults={"level": check_level(level)})
    return str(level)


def erase_choice(user: Any) -> None:
    """services.hooks.ACCOUNT_ERASERS: a deleted account's choice goes with it."""
    StandInChoice.objects.filter(user=user).delete()


def export_choice(user: Any) -> dict:
    """services.hooks.ACCOUNT_EXPORTS: the player's stand-in choice."""
    return {"stand_in": {"level": stand_in_choice(user)}}


def stand_in_level(asked: str, user: Any, game: Game) -> str:
    """The level that stands in: the one asked for, raised to the player's floor."""
    floor = level_floor(user, game)
    return max(check_level(asked), floor, key=PLAYABLE.index)


def away_seconds() -> float:
    return float(getattr(settings, "BOT_STANDIN_AWAY_SECONDS", 60.0))


@transaction.atomic
def take_over(game_id: Any, seat_id: str, level: str | None = None, reason: str | None = None,
              asked_by: Any = None) -> bool:
    """Let a bot play the seat until its player returns; False if the game is not running."""
    wanted = _asked.get()
    level = level or (wanted[0] if wanted else TAKE_OVER_LEVEL)
    asked_by = asked_by or (wanted[1] if wanted else None)
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    seat = Seat.objects.filter(game_id=game_id, seat_id=seat_id).first()
    if game is None or seat is None or game.status != ACTIVE:
        return False
    BotStandIn.objects.update_or_create(seat=seat, defaults={
        "level": check_level(level), "reason": reason or TIMEOUT,
        "asked_by": asked_by if getattr(asked_by, "pk", None) else None})
    record_bot(game.pk, level)
    if reason == LEFT:  # the clocks log a timed game's take-over themselves
        side = Seat.objects.filter(pk=seat.pk).values_list("side__side_id", flat=True).get()
        rated = " (the game is rated: its record will say so)" if (game.options or {}).get(
            "rated") else ""
        who = seat_player(seat)  # the player, never the seat id (issue 47)
        service.log(game.pk, "bot", side, f"{_a(level.capitalize())} bot stands in for {who} "
                    f"until they return{rated}", at=timezone.now())
    transaction.on_commit(partial(runner.kick, game.pk))
    return True


def _a(word: str) -> str:
    """"A Veteran", "An Elite"."""
    return f"{'An' if word[:1] in 'AEIOU' else 'A'} {word}"


def hand_back(seat: Seat) -> bool:
    """The player is back: the bot leaves the seat. True if a bot was standing in."""
    deleted, _ = BotStandIn.objects.filter(seat=seat).delete()
    return bool(deleted)


def has_left(seat: Seat, now=None) -> bool:
    """The seat's player has no socket open on the game and has sent no command for
    `away_seconds()` (since the game started, when they never did)."""
    if Presence.objects.filter(game_id=seat.game_id, user_id=seat.user_id).exists():
        return False
    last = (GameStep.objects.filter(game_id=seat.game_id, seat=seat).order_by("-version")
            .values_list("created_at", flat=True).first()) or seat.game.started_at
    now = now or timezone.now()
    return last is None or last <= now - timedelta(seconds=away_seconds())


def ask_stand_in(*, game: Game | Any, user: Any, seat_id: str, level: str) -> BotStandIn:
    """Ask a bot of `level` (or the player's floor, if stronger) to stand in for an absent
    seat: in a timed game the opponent or a partner, once its side ran out of time (the
    clocks' take-over, which also lifts the flag); in an untimed game a partner, once its
    player left."""
    check_level(level)
    game_id = getattr(game, "pk", game)
    g = Game.objects.filter(pk=game_id).first()
    if g is None:
        raise ServiceError("game/none", f"no game {game_id}", 404)
    if g.status != ACTIVE:
        raise ServiceError("game/not_active", f"the game is {g.status}", 409)
    me = Seat.objects.filter(game=g, user=user).first() if getattr(user, "pk", None) else None
    if me is None:
        raise ServiceError("seat/none", "you have no seat in this game", 403)
    target = Seat.objects.filter(game=g, seat_id=seat_id).select_related("user__bot").first()
    if target is None or target.pk == me.pk:
        raise ServiceError("seat/invalid", "name another player's seat of this game", 404)
    if target.user_id is None or getattr(target.user, "bot", None) is not None:
        raise ServiceError("seat/invalid", f"{seat_id} has no person to stand in for", 409)
    who = seat_player(target)
    if BotStandIn.objects.filter(seat=target).exists():
        raise ServiceError("bot/standing_in", f"a bot stands in for {who} already", 409)
    kind = control.normalize(g.options.get("time_control"))["kind"]
    if kind == control.UNTIMED and me.side_id != target.side_id:
        # The opponent asks only for the bot the absent player chose, at the player's level.
        chosen = stand_in_choice(target.user)
        if chosen is None:
            raise ServiceError("bot/not_your_side", f"only {who}'s partners may ask a bot "
                               "to stand in for them in an untimed game (its player chose "
                               "no stand-in)", 403)  # fmt: skip
        level = chosen
    level = stand_in_level(level, target.user, g)
    if kind != control.UNTIMED:
        token = _asked.set((level, user))
        try:
            # The clocks check the side ran out of time, lift its flag and log it.
            if not absence.bot_take_over(game=g, user=user, seat_id=seat_id):
                raise ServiceError("bot/refused", "no bot could take the seat", 409)
        finally:
            _asked.reset(token)
    else:
        if not has_left(target):
            raise ServiceError(
                "bot/player_here",
                f"{who} is still in the game (a bot may stand in once "
                f"they have been away {int(away_seconds())} s)", 409)
        take_over(g.pk, seat_id, level=level, reason=LEFT, asked_by=user)
    return BotStandIn.objects.get(seat=target)


def register_with_clocks() -> None:
    """Offer the clocks' "a bot takes over" outcome (the clocks' own checks decide when)."""
    if take_over not in absence.BOT_TAKEOVER_HOOKS:
        absence.BOT_TAKEOVER_HOOKS.append(take_over)
