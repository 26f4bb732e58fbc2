"""The only code that writes games: create, join, start, submit a command, resign, chat.

Service functions are keyword-only (`command_submit(*, game, seat, command, base_version,
client_id)`); views and consumers stay thin and call them. Broadcasts are registered with
`transaction.on_commit`, so nothing is announced that was not stored.
"""

from __future__ import annotations

from games.services.accounts import guest_claim, is_guest
from games.services.chat import chat_post
from games.services.commands import Outcome, command_submit
from games.services.division import division_set
from games.services.endings import draw_answer, draw_offers_for, game_abort
from games.services.errors import ServiceError
from games.services.lifecycle import game_create, game_join, game_resign, game_start, seat_choices
from games.services.matchmaking import seek_cancel, seek_create, seek_pair
from games.services.presence import (
    presence_enter,
    presence_leave,
    presence_touch,
    presence_touch_many,
)
from games.services.seats import game_leave, game_rematch, seat_remove

__all__ = [
    "Outcome",
    "ServiceError",
    "chat_post",
    "command_submit",
    "game_create",
    "game_join",
    "game_resign",
    "game_start",
    "seat_choices",
    "presence_enter",
    "presence_leave",
    "presence_touch",
    "presence_touch_many",
    "division_set",
    "draw_answer",
    "draw_offers_for",
    "game_abort",
    "game_leave",
    "game_rematch",
    "guest_claim",
    "is_guest",
    "seat_remove",
    "seek_cancel",
    "seek_create",
    "seek_pair",
]
