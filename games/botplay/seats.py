"""Seats for bots: play against a bot, watch bots play each other, or (the game's creator)
give an empty seat to one."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction

from games.models import ACTIVE, OPEN, SPECTATE_CREATOR, SPECTATE_NONE, Game, Seat
from games.services.errors import ServiceError
from games.services.lifecycle import game_create, game_join, game_resign

from .accounts import bot_user, check_level, record_bot
from .limits import check_bot_games_played


def _bots_only(games: Any) -> Any:
    return games.exclude(seats__user__isnull=True).exclude(seats__user__bot__isnull=True)


def _end_watched_bot_games(user: Any) -> None:
    """Make room for a new game bots play for `user` (`BOT_GAMES_WATCHED_MAX` at once): the
    oldest such games they opened end, the first side's bot resigning. Its opener has no
    seat there, so could not end it otherwise, and a designer watching again wants the new
    draft, not the old one."""
    keep = max(settings.BOT_GAMES_WATCHED_MAX - 1, 0)
    going = list(_bots_only(Game.objects.filter(status=ACTIVE, created_by=user))
                 .distinct().order_by("-created_at", "-pk").values_list("pk", flat=True))
    for pk in going[keep:]:
        seat = Seat.objects.filter(game_id=pk).order_by("seat_id").first()
        try:
            game_resign(game=pk, seat=seat)
        except ServiceError:  # it ended meanwhile
            pass


@transaction.atomic
def seat_to_bot(*, game: Game | Any, user: Any, side: str, level: str) -> Seat:
    """The creator gives a free seat on `side` to a bot of `level` (team mates or opponents);
    the game starts when that was the last free seat."""
    check_level(level)
    locked = Game.objects.select_for_update().get(pk=getattr(game, "pk", game))
    if locked.created_by_id is None or locked.created_by_id != getattr(user, "pk", None):
        raise ServiceError("bot/not_creator", "only the game's creator may seat a bot", 403)
    if locked.status != OPEN:
        raise ServiceError("game/not_open", f"the game is {locked.status}", 409)
    seats = Seat.objects.filter(game=locked)
    if seats.filter(user=user).exists() and not seats.filter(user__bot__isnull=False).exists():
        check_bot_games_played(user)  # the creator's game becomes one against bots
    seat = game_join(game=locked, user=bot_user(level, not_in_game=locked), side=side)
    record_bot(locked.pk, level)
    return seat


@transaction.atomic
def play_against_bot(
    *, user: Any, scenario: str, side: str, level: str, options: dict | None = None,
    seats_per_side: int = 1,
) -> Game:
    """A game of the scenario with the user on `side` and bots of `level` in every other seat
    (partners too, with several seats a side); it starts at once."""
    check_level(level)
    check_bot_games_played(user)
    game = game_create(user=user, scenario=scenario, side=side, options=options,
                       seats_per_side=seats_per_side)
    for seat in Seat.objects.filter(game=game, user__isnull=True).select_related("side"):
        game_join(game=game, user=bot_user(level, not_in_game=game), side=seat.side.side_id)
    record_bot(game.pk, level)
    return Game.objects.get(pk=game.pk)


@transaction.atomic
def bots_play(*, user: Any, scenario: str, level: str, options: dict | None = None) -> Game:
    """A game of the scenario with bots of `level` in every seat, opened by `user`, who sits
    in none and watches it (a designer's trial, bot against bot); it starts at once. With
    spectators "none" nobody else watches it, its opener still does."""
    check_level(level)
    _end_watched_bot_games(user)
    # The opener takes no seat: each bot takes its own through game_join, past the seat
    # checks every seat passes (hooks.SEAT_CHECKS); the last one seated starts the game.
    game = game_create(user=user, scenario=scenario, side=None, options=options)
    if game.spectators == SPECTATE_NONE:
        # No spectators, but its opener, who sits in no seat, still watches: the one member
        # of its spectators' group (selectors.membership). Set before the start's snapshot.
        game.options["spectators"] = SPECTATE_CREATOR
        game.save(update_fields=["options"])
    for seat in Seat.objects.filter(game=game).select_related("side"):
        game_join(game=game, user=bot_user(level, not_in_game=game), side=seat.side.side_id)
    record_bot(game.pk, level)
    return Game.objects.get(pk=game.pk)


def rematch_bots(old: Game, new: Game, swap: dict[str, str]) -> None:
    """hooks.REMATCH_OPENED: each bot of the finished game takes a seat of its level in the
    rematch, on the side it swaps to; the last seat filled starts the game. Refused, and the
    rematch with it, when its opener has as many games against bots going as they may."""
    bots = list(Seat.objects.filter(game=old, user__bot__isnull=False)
                .select_related("side", "user__bot").order_by("seat_id"))
    if bots and new.created_by_id is not None:
        # A rematch against bots is another game against bots: the same cap as a new one
        # (the rematch has no bot yet, so it is not counted among its opener's).
        check_bot_games_played(new.created_by)
    for seat in bots:
        level = seat.user.bot.level
        game_join(game=new, user=bot_user(level, not_in_game=new), side=swap[seat.side.side_id])
        record_bot(new.pk, level)


def is_bot_game(game: Game | Any) -> bool:
    """A bot sits in the game (bot games are unrated, whenever ratings exist)."""
    return Seat.objects.filter(game=game, user__bot__isnull=False).exists()
