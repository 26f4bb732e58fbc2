"""Post a chat line: store it and say which groups may read it."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from games import broadcast, protocol, spectating
from games.models import ABANDONED, FINISHED, ChatMessage, Game, Seat
from games.services import hooks
from games.services.errors import ServiceError
from games.textcheck import visible_text
from games.throttles import throttle_check


def chat_post(
    *, game: Game | Any, user: Any, seat: Seat | None, channel: str, text: str
) -> tuple[list[str], str]:
    """Store a chat line; return the groups it goes to and its frame, encoded once.

    While the game is played, side chat reaches only that side, and spectator chat never
    reaches the players; once it has ended, players and spectators may talk to everyone.
    """
    throttle_check("chat", user=user)
    game = game if isinstance(game, Game) else Game.objects.get(pk=game)
    over = game.status in (FINISHED, ABANDONED)
    sides = list(game.sides.values_list("side_id", flat=True))
    everyone = [broadcast.side_group(game.pk, s) for s in sides] + [
        broadcast.spectators_group(game.pk)
    ]
    side_id = ""
    if channel == "side":
        # A side's invited coach talks with it too (games/spectating.py).
        coached = spectating.coach_side(game, user) if seat is None and not over else None
        if seat is None and coached is None:
            raise ServiceError(
                "chat/not_allowed", "only a side's players and its coaches talk on its channel", 403
            )
        side_id = seat.side.side_id if seat is not None else coached
        groups = [broadcast.side_group(game.pk, side_id)]
    elif channel == "players":
        if seat is None and not over:
            raise ServiceError("chat/not_allowed", "spectators talk on the spectators channel", 403)
        groups = everyone
    elif channel == "spectators":
        if seat is not None and not over:
            raise ServiceError("chat/not_allowed", "players talk to spectators after the end", 403)
        groups = everyone if over else [broadcast.spectators_group(game.pk)]
    else:
        raise ServiceError("chat/not_allowed", f"no chat channel {channel!r}")
    # No bidirectional override or zero-width character: it would hide what the line says.
    text = visible_text(text).strip()
    if not text:
        raise ServiceError("chat/empty", "a chat line needs some visible text")
    text = hooks.chat_checked(game, user, text)  # silenced, too long, the word filter
    message = ChatMessage.objects.create(
        game=game, user=user, channel=channel, side_id=side_id, text=text
    )
    at = (message.created_at or timezone.now()).isoformat()
    frame = protocol.chat_frame(channel, user.get_username(), text, at)
    return groups, protocol.encode(frame)
