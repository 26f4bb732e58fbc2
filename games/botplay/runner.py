"""The bot runner: after each version is published, a bot whose seat may act decides and
sends its command through `command_submit`, exactly as a person's would go (same acks,
rejects and log).

Several daphne processes may hear of one version (the one that committed it, and any that
kicks a game); a unique (game, version) claim row lets exactly one of them act. Under daphne
the bot thinks in a worker thread after a short pause when a person is watching the game
live (so they can follow), at once otherwise. Without an event loop (tests, management
commands) the runner plays the bots' turns in a loop in the calling thread until a person
must act or the game ends.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import threading
from dataclasses import dataclass
from typing import Any

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from django.conf import settings
from django.db import IntegrityError, transaction

from games import broadcast
from games import engine_adapter as engine
from games.bots.harness import decision_for
from games.bots.levels import NEEDS_PREVIEWS, decide
from games.bots.seat import Decision
from games.models import ACTIVE, Game, Presence, Seat
from games.rules.panzer_grenadier.engine import who_may_act
from games.services.commands import command_submit

from .models import BotClaim

logger = logging.getLogger(__name__)
_local = threading.local()


def pause_seconds() -> float:
    return float(getattr(settings, "BOT_PAUSE_SECONDS", 1.0))


def bot_seats(game_id: Any, seat_ids: list[str]) -> list[tuple[Seat, str]]:
    """The seats among `seat_ids` a bot plays now, with its level (its own or a stand-in)."""
    out = []
    rows = (
        Seat.objects.filter(game_id=game_id, seat_id__in=seat_ids)
        .select_related("user__bot", "bot_stand_in")
        .order_by("seat_id")
    )
    for seat in rows:
        bot = getattr(seat.user, "bot", None) if seat.user_id else None
        if bot is not None:
            out.append((seat, bot.level))
            continue
        stand_in = getattr(seat, "bot_stand_in", None)
        if stand_in is not None:
            out.append((seat, stand_in.level))
    return out


def _current(game_id: Any) -> tuple[Game, engine.GameState] | None:
    game = Game.objects.filter(pk=game_id).only("id", "status", "version", "state").first()
    if game is None or game.status != ACTIVE:
        return None
    state = engine.cached_state(game.pk, game.version)
    if state is None:
        state = engine.decode_state(game.pk, game.version, game.state)
    return game, state


@dataclass(frozen=True)
class Turn:
    """A bot's claimed turn: which game version, which seat, and what the bot may know."""

    game_id: Any
    version: int
    seat: Seat
    level: str
    decision: Decision
    claim_pk: int


def claim_turn(game_id: Any, at_version: int | None = None) -> Turn | None:
    """If a bot's seat may act at the game's current version (`at_version`, if given), claim
    that version for it and gather its input; None when no bot may act or another process
    claimed it first."""
    found = _current(game_id)
    if found is None:
        return None
    game, state = found
    if at_version is not None and game.version != at_version:
        return None
    seats = bot_seats(game.pk, list(who_may_act(state)))
    if not seats:
        return None
    seat, level = seats[0]
    try:
        with transaction.atomic():
            claim = BotClaim.objects.create(game_id=game.pk, version=game.version,
                                            seat_id=seat.seat_id)
    except IntegrityError:
        return None  # another process (or thread) acts on this version
    d = decision_for(state, seat.seat_id, seed=f"{game.pk}:{game.version}",
                     with_previews=level in NEEDS_PREVIEWS)
    return Turn(game.pk, game.version, seat, level, d, claim.pk)


def think(turn: Turn) -> dict:
    """The bot's command: pure computation on its input, no database."""
    return decide(turn.level, turn.decision)


def send(turn: Turn, command: dict) -> bool:
    """Submit the bot's command like a person's; True when it was applied."""
    outcome = command_submit(game=turn.game_id, seat=turn.seat, command=command,
                             base_version=turn.version)
    BotClaim.objects.filter(pk=turn.claim_pk).update(command=command)
    if not outcome.ok:
        logger.warning("bot %s in %s: %s rejected: %s", turn.level, turn.game_id, command,
                       outcome.message)
    return outcome.ok


def act_once(game_id: Any, at_version: int | None = None) -> bool:
    """Claim, think and send in this thread. True when a bot's command was applied."""
    turn = claim_turn(game_id, at_version)
    return turn is not None and send(turn, think(turn))


def someone_watching(game_id: Any) -> bool:
    """A person has the game open now: bots then pause between commands so they can follow."""
    return Presence.objects.filter(game_id=game_id, user__isnull=False, user__bot__isnull=True
                                   ).exists()


def play_bots(game_id: Any) -> int:
    """Play every bot move due now in this thread, until a person must act; the count."""
    if getattr(_local, "running", False):
        return 0  # the loop below, further up this thread's stack, carries on
    _local.running = True
    n = 0
    try:
        while act_once(game_id):
            n += 1
    finally:
        _local.running = False
    return n


def after_publish(
    game_id: Any, version: int, before: Any, state: engine.GameState, events: list
) -> None:
    """broadcast.STEP_HOOKS hook: start a bot if one of its seats may act now."""
    if not getattr(settings, "BOTS_RUN", True):
        return
    if engine.is_over(state) or not bot_seats(game_id, list(who_may_act(state))):
        return
    kick(game_id)


def kick(game_id: Any) -> None:
    """Have the bots of a game act if one may (after a take-over, or a restart)."""
    if not getattr(settings, "BOTS_RUN", True):
        return
    loop = broadcast._main_loop()
    if loop is None:
        play_bots(game_id)
        return
    pause = pause_seconds() if someone_watching(game_id) else 0.0
    # A fresh context: the caller's (a sync worker of asgiref) would make the task's own
    # sync_to_async calls look like a deadlock to asgiref.
    loop.call_soon_threadsafe(_start, game_id, pause, context=contextvars.Context())


def _start(game_id: Any, pause: float) -> None:
    asyncio.ensure_future(_act_later(game_id, pause))


async def _act_later(game_id: Any, pause: float) -> None:
    """The database work runs where the consumers' does (Channels' one sync thread, so
    SQLite sees one writer); the thinking runs in another thread, not holding that one up.
    The command's publication kicks the next bot move."""
    if pause:
        await asyncio.sleep(pause)
    try:
        turn = await database_sync_to_async(claim_turn)(game_id)
        if turn is None:
            return
        command = await sync_to_async(think, thread_sensitive=False)(turn)
        await database_sync_to_async(send)(turn, command)
    except Exception:  # a bot's failure must not take the server's loop down
        logger.exception("bot runner failed in game %s", game_id)
