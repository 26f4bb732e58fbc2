"""What a player is told when their command lost a race: another command was applied to the
version it was based on. In a team game that is usually a partner's, so the message names
the partner and what they did (from the command log), in words a player reads."""

from __future__ import annotations

from typing import Any

from games import selectors
from games.models import GameStep, Seat
from games.partner_acts import command_in_words, partner_first, player_of

RETRY = "Your command was not applied: look at the board again and choose."


def lost_race_message(game_id: Any, base_version: int, seat: Seat) -> str:
    """Why a command based on `base_version` was refused: who acted first, and what they did."""
    step = (
        GameStep.objects.filter(game_id=game_id, version=base_version + 1)
        .select_related("seat__side", "seat__user")
        .only("command", "seat__seat_id", "seat__side__side_id", "seat__user__username")
        .first()
    )
    winner = step.seat if step is not None else None
    if winner is None:
        return f"The game moved on before your command arrived. {RETRY}"
    if winner.side_id != seat.side_id:
        return f"The other side acted before your command arrived. {RETRY}"
    state = selectors.state_at(game_id, base_version)
    words = command_in_words(step.command, state, winner.side.side_id)
    if winner.pk == seat.pk:
        return f"Your own earlier command came first (you {words}). {RETRY}"
    return f"{partner_first(player_of(winner), winner.seat_id, words)} {RETRY}"
