"""Quick match may offer a bot after a wait the player chooses.

The seeker's wish (`QuickMatchBot`: a level and a wait in seconds) sits beside their Seek.
While the seek waits, the lobby asks `wish_state`; once the wait is over it offers the bot,
and `accept` takes the seeker out of the queue and opens a game against bots with what the
seek asked for (scenario, side, seats a side, time control; "any" scenario: the one quick
match would try first). A seek that found people first is never turned into a bot game.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from games import engine_adapter as engine
from games.models import WAITING, Game, Seek
from games.services.errors import ServiceError
from games.services.matchmaking import pool, seek_cancel

from .accounts import check_level
from .models import QuickMatchBot
from .seats import play_against_bot

WAITS = (15, 30, 60, 120, 300, 600)  # seconds the lobby offers; the API takes 10 to 1800
WAIT_BOUNDS = (10, 1800)


def _my_seek(user: Any, seek: Any) -> Seek:
    row = Seek.objects.filter(pk=getattr(seek, "pk", seek)).first()
    if row is None or row.user_id != getattr(user, "pk", None):
        raise ServiceError("seek/none", "no such seek of yours", 404)
    return row


def wish_create(*, user: Any, seek: Any, level: Any, after_seconds: Any) -> QuickMatchBot:
    """The seeker asks for a bot of `level` if nobody is found within `after_seconds`."""
    check_level(level)
    low, high = WAIT_BOUNDS
    if not isinstance(after_seconds, int) or isinstance(after_seconds, bool) or not (
            low <= after_seconds <= high):
        raise ServiceError("bot/wait", f"after_seconds must be {low} to {high} seconds")
    row = _my_seek(user, seek)
    if row.status != WAITING:
        raise ServiceError("seek/closed", f"the seek is {row.status}", 409)
    wish, _ = QuickMatchBot.objects.update_or_create(
        seek=row, defaults={"level": level, "after_seconds": after_seconds})
    return wish


def wish_state(*, user: Any, seek: Any) -> dict:
    """What the lobby shows: the wish, how long the seek has waited, whether to offer now."""
    row = _my_seek(user, seek)
    wish = QuickMatchBot.objects.filter(seek=row).first()
    if wish is None:
        raise ServiceError("bot/no_wish", "this seek asked for no bot", 404)
    waited = max(0, int((timezone.now() - row.created_at).total_seconds()))
    return {"seek": str(row.pk), "status": row.status, "level": wish.level,
            "after_seconds": wish.after_seconds, "waited": waited,
            "offer": row.status == WAITING and waited >= wish.after_seconds,
            "game": str(wish.game_id) if wish.game_id else None}


def _scenario_and_side(row: Seek) -> tuple[str, str]:
    scenario = row.scenario or pool(row.team_size)[0]
    sides = [s.id for s in engine.scenario(scenario).sides]
    return scenario, row.side if row.side in sides else sides[0]


@transaction.atomic
def accept(*, user: Any, seek: Any) -> Game:
    """Play the bot instead: the seek leaves the queue and a game against bots starts."""
    row = Seek.objects.select_for_update().filter(pk=getattr(seek, "pk", seek)).first()
    if row is None or row.user_id != getattr(user, "pk", None):
        raise ServiceError("seek/none", "no such seek of yours", 404)
    wish = QuickMatchBot.objects.select_for_update().filter(seek=row).first()
    if wish is None:
        raise ServiceError("bot/no_wish", "this seek asked for no bot", 404)
    if row.status != WAITING:
        raise ServiceError("seek/closed", f"the seek is {row.status}", 409)
    waited = (timezone.now() - row.created_at).total_seconds()
    if waited < wish.after_seconds:
        raise ServiceError("bot/too_soon",
                           f"the bot is offered after {wish.after_seconds} s of waiting", 409)
    seek_cancel(seek=row, user=user)
    scenario, side = _scenario_and_side(row)
    game = play_against_bot(user=user, scenario=scenario, side=side, level=wish.level,
                            options={"time_control": row.time_control or "untimed"},
                            seats_per_side=row.team_size)
    wish.game = game
    wish.save(update_fields=["game"])
    return game
