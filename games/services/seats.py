"""Seats before the start: leave, remove a player; rematch after the end (division.py divides
a team side's units)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from games.lobby import notify
from games.models import ABANDONED, ACTIVE, FINISHED, OPEN, Game, Rematch, Seat
from games.services import hooks
from games.services.errors import ServiceError
from games.services.lifecycle import game_create, game_join, option_keys
from games.services.locking import locked_game


def _free(seat: Seat) -> None:
    seat.user, seat.joined_at = None, None
    seat.save(update_fields=["user", "joined_at"])


def _abandon_if_empty(game: Game) -> None:
    if not Seat.objects.filter(game=game, user__isnull=False).exists():
        game.status, game.finished_at = ABANDONED, timezone.now()
        game.save(update_fields=["status", "finished_at"])


@transaction.atomic
def game_leave(*, game: Game | Any, user: Any) -> Game:
    """Give up your seat before the start; a game nobody sits in any more is abandoned."""
    locked = locked_game(game)
    seat = Seat.objects.filter(game=locked, user=user).first() if user.is_authenticated else None
    if seat is None:
        raise ServiceError("seat/none", "you have no seat in this game", 403)
    if locked.status != OPEN:
        raise ServiceError("game/started", "the game has started: resign instead", 409)
    _free(seat)
    _abandon_if_empty(locked)
    notify.lobby_changed()
    return locked


@transaction.atomic
def seat_remove(*, game: Game | Any, by: Any, seat_id: str) -> Seat:
    """The game's creator frees another player's seat before the start."""
    locked = locked_game(game)
    if locked.created_by_id != getattr(by, "pk", None):
        raise ServiceError("seat/not_creator", "only the game's creator removes players", 403)
    if locked.status != OPEN:
        raise ServiceError("game/started", "players cannot be removed once the game started", 409)
    seat = Seat.objects.filter(game=locked, seat_id=seat_id).first()
    if seat is None:
        raise ServiceError("seat/unknown", f"this game has no seat {seat_id!r}", 404)
    if seat.user_id is None:
        raise ServiceError("seat/free", f"seat {seat_id} is free already", 409)
    if seat.user_id == by.pk:
        raise ServiceError("seat/yours", "to give up your own seat, leave the game", 409)
    removed = seat.user_id
    _free(seat)
    notify.lobby_changed()
    notify.user_frame(removed, {"t": "removed", "d": {"game": str(locked.pk)}})
    return seat


@transaction.atomic
def game_rematch(*, game: Game | Any, user: Any) -> Game:
    """Play a finished game again with sides swapped: the first to ask opens the new game,
    each other player who asks takes their seat on the side they did not play. The game's
    bots take their seats again at once (hooks.REMATCH_OPENED), so a rematch against bots
    starts as the first did; one left waiting for people counts toward the asker's open
    games (lifecycle's cap), as any game they open to wait for opponents."""
    locked = locked_game(game)
    if locked.status != FINISHED:
        raise ServiceError("game/not_over", "a rematch follows a finished game", 409)
    old = Seat.objects.select_related("side").filter(game=locked, user=user).first()
    if old is None:
        raise ServiceError("seat/none", "you did not play in this game", 403)
    sides = list(locked.sides.order_by("order").values_list("side_id", flat=True))
    swap = {s: sides[(i + 1) % len(sides)] for i, s in enumerate(sides)}
    swapped = swap[old.side.side_id]
    link = Rematch.objects.filter(game=locked).select_related("next_game").first()
    if link is None:
        people = Seat.objects.filter(game=locked, user__isnull=False, user__bot__isnull=True)
        new = game_create(
            user=user,
            scenario=locked.scenario,
            side=swapped,
            seats_per_side=locked.seats_per_side,
            options={k: v for k, v in locked.options.items() if k in option_keys()},  # clock, rated...
            capped=people.exclude(user=user).exists(),  # it waits for those people
        )
        Rematch.objects.create(game=locked, next_game=new)
        for hook in hooks.REMATCH_OPENED:
            hook(locked, new, swap)
        notify.lobby_changed()
        for seat in people.exclude(user=user):
            notify.user_frame(
                seat.user_id, {"t": "rematch", "d": {"game": str(new.pk), "of": str(locked.pk)}}
            )
        return new
    new = link.next_game
    if not Seat.objects.filter(game=new, user=user).exists():
        game_join(game=new, user=user, side=swapped)
    notify.lobby_changed()
    new.refresh_from_db()
    return new


def is_playing(game: Game) -> bool:
    return game.status == ACTIVE
