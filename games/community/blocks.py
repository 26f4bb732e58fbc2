"""Mute and block: what a player does about another player.

- mute: the muter's sockets drop the muted player's chat lines (games.consumers asks
  `muted_ids` through hooks.MUTED_BY); nothing changes for anyone else.
- block: the two are never put in one quick-match game (either way), and the blocked player
  cannot take a seat in a game where the blocker sits (the invite link, a rematch): the
  seat check refuses it. Tournament pairings are not refused: entering is agreeing to play
  whoever the pairing gives (`pairing_games` below).
"""

from __future__ import annotations

import contextlib
import contextvars
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q

from games.models import Game, Seat
from games.services.errors import ServiceError

from .models.moderation import Block, Mute

_pairing = contextvars.ContextVar("community_tournament_pairing", default=False)


@contextlib.contextmanager
def pairing_games():
    """Seat players whom a tournament paired, whatever they blocked."""
    token = _pairing.set(True)
    try:
        yield
    finally:
        _pairing.reset(token)


def player_named(name_or_user: Any) -> Any:
    if isinstance(name_or_user, str):
        found = get_user_model().objects.filter(username=name_or_user).first()
        if found is None:
            raise ServiceError("player/none", f"no player {name_or_user!r}", 404)
        return found
    return name_or_user


def signed_in(user: Any) -> None:
    if not getattr(user, "is_authenticated", False):
        raise ServiceError("auth/required", "sign in first", 401)


def not_self(user: Any, other: Any, what: str) -> None:
    if other.pk == user.pk:
        raise ServiceError(f"{what}/self", f"you cannot {what} yourself")


# -- mute and block ---------------------------------------------------------------------------


def mute(*, user: Any, player: Any) -> Mute:
    """Hide a player's chat lines from me (in every game, from now on)."""
    signed_in(user)
    other = player_named(player)
    not_self(user, other, "mute")
    row, _ = Mute.objects.get_or_create(user=user, muted=other)
    return row


def unmute(*, user: Any, player: Any) -> None:
    signed_in(user)
    Mute.objects.filter(user=user, muted=player_named(player)).delete()


def block(*, user: Any, player: Any) -> Block:
    """Never be matched with this player, and keep them out of my games."""
    signed_in(user)
    other = player_named(player)
    not_self(user, other, "block")
    row, _ = Block.objects.get_or_create(user=user, blocked=other)
    return row


def unblock(*, user: Any, player: Any) -> None:
    signed_in(user)
    Block.objects.filter(user=user, blocked=player_named(player)).delete()


def muted_ids(user: Any) -> set[int]:
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(Mute.objects.filter(user=user).values_list("muted_id", flat=True))


def check_seat_blocks(game: Game, user: Any) -> None:
    """hooks.SEAT_CHECKS: nobody takes a seat beside or against someone who blocked them, or
    whom they blocked (tournament pairings excepted)."""
    if _pairing.get():
        return
    seated = list(Seat.objects.filter(game=game, user__isnull=False).values_list("user_id",
                                                                                flat=True))
    if not seated:
        return
    if Block.objects.filter(Q(user_id__in=seated, blocked=user) | Q(user=user,
                                                                     blocked_id__in=seated)
                            ).exists():
        raise ServiceError("seat/blocked", "you cannot join this game: a block stands between "
                           "you and a player in it", 403)
