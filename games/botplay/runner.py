"""The bot runner: after each version is published, a bot whose seat may act decides and
sends its command through `command_submit`, exactly as a person's would go (same acks,
rejects and log).

Several daphne processes may hear of one version (the one that committed it, and any that
kicks a game); a lease on the (game, version) claim (claims.py) lets one of them act at a
time, and a turn whose taker failed is taken again: at once after a refused command or an
exception (a fresh seed; the last attempt plays a random legal command, which the engine
cannot refuse), after the lease runs out when a process died, by the next kick or by the
periodic sweep (sweep.py). Under daphne the bot thinks in a daemon thread (thinking.py), so a
stopping server never waits for a search; without an event loop (the background worker,
management commands, tests) the runner plays the bots' turns in a loop in the calling thread
until a person must act or the game ends.

Pacing (pacing.py): in a live game a bot pauses between activations so people can follow;
in a correspondence game it answers at once.
"""

from __future__ import annotations

import asyncio
import contextvars
import hashlib
import hmac
import logging
import threading
import time
from dataclasses import dataclass
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connection

from games import broadcast
from games import engine_adapter as engine
from games.bots.common.public import PublicScenario
from games.bots.common.randomplay import NAME as RANDOM
from games.bots.common.seat import Decision
from games.bots.facts import public_facts
from games.bots.harness import decision_for
from games.bots.levels import NEEDS_PREVIEWS, decide
from games.models import ACTIVE, Game, Seat
from games.services.commands import command_submit
from games.sqlnames import column, game_key, table

from . import claims, pacing, thinking
from .models import BotAccount, BotStandIn

logger = logging.getLogger(__name__)
_local = threading.local()
MAX_ATTEMPTS = 3  # the last one plays a random legal command
APPLIED, MOOT, RETRY = "applied", "moot", "retry"


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


def bot_may_act(game_id: Any, seat_ids: list[str]) -> bool:
    """Whether a bot plays any of `seat_ids` now (its own seat or a stand-in): what the step
    hook asks after every command, so one query in plain SQL; the ORM's `bot_seats` spends
    ten times longer building its query than the database running it."""
    if not seat_ids:
        return False
    marks = ", ".join(["%s"] * len(seat_ids))
    with connection.cursor() as cursor:
        cursor.execute(_BOT_MAY_ACT.format(marks=marks), [game_key(game_id), *seat_ids])
        return cursor.fetchone() is not None


_BOT_MAY_ACT = (
    f"SELECT 1 FROM {table(Seat)} s "
    f"LEFT JOIN {table(BotAccount)} b ON b.{column(BotAccount, 'user')} = s.{column(Seat, 'user')} "
    f"LEFT JOIN {table(BotStandIn)} i ON i.{column(BotStandIn, 'seat')} = s.id "
    f"WHERE s.{column(Seat, 'game')} = %s AND s.{column(Seat, 'seat_id')} IN ({{marks}}) "
    "AND (b.id IS NOT NULL OR i.id IS NOT NULL) LIMIT 1"
)


def _current(game_id: Any) -> tuple[Game, Any] | None:
    game = (Game.objects.filter(pk=game_id)
            .only("id", "status", "version", "state", "scenario", "options").first())
    if game is None or game.status != ACTIVE:
        return None
    state = engine.cached_state(game.pk, game.version)
    if state is None:
        state = engine.decode_state(game.pk, game.version, game.state)
    return game, state


def bot_seed(game_id: Any, version: int, attempt: int) -> str:
    """The bot's seed for a turn: keyed by the server's secret, and unrelated to the game's
    dice seed (which stays on the server), so it tells the bot nothing of the dice."""
    key = str(getattr(settings, "SECRET_KEY", "")).encode()
    return hmac.new(key, f"bot:{game_id}:{version}:{attempt}".encode(),
                    hashlib.sha256).hexdigest()[:32]


@dataclass(frozen=True)
class Turn:
    """A bot's claimed turn: which game version, which seat, and what the bot may know."""

    game_id: Any
    version: int
    seat: Seat
    level: str
    decision: Decision
    facts: PublicScenario
    claim_pk: int
    attempt: int


def claim_turn(game_id: Any, at_version: int | None = None, now: Any = None) -> Turn | None:
    """If a bot's seat may act at the game's current version (`at_version`, if given), claim
    that version for it and gather its input; None when no bot may act or another process
    holds the claim."""
    found = _current(game_id)
    if found is None:
        return None
    game, state = found
    if at_version is not None and game.version != at_version:
        return None
    seats = bot_seats(game.pk, list(engine.who_may_act(state)))
    if not seats:
        return None
    seat, level = seats[0]
    taken = claims.take(game.pk, game.version, seat.seat_id, now)
    if taken is None:
        return None
    claim_pk, attempt = taken
    rules = engine.rules_of(state)
    problems: list[str] = []
    try:
        d = decision_for(rules, state, seat.seat_id,
                         seed=bot_seed(game.pk, game.version, attempt),
                         with_previews=level in NEEDS_PREVIEWS, problems=problems)
        facts = public_facts(game.scenario, engine.game_options(game.options))
    except Exception:
        claims.release(claim_pk)  # the next attempt (or the sweep) takes the turn again
        raise
    for p in problems:
        logger.warning("bot %s in %s at version %d: %s", level, game.pk, game.version, p)
    return Turn(game.pk, game.version, seat, level, d, facts, claim_pk, attempt)


def think(turn: Turn) -> dict:
    """The bot's command: pure computation on its input, no database. A turn taken for the
    last time plays a random legal command, so a strategy's bug cannot wedge a game."""
    level = turn.level if turn.attempt < MAX_ATTEMPTS else RANDOM
    return decide(level, turn.decision, turn.facts)


def send(turn: Turn, command: dict) -> str:
    """Submit the bot's command like a person's: APPLIED, MOOT (the game moved on: another
    command came first) or RETRY (refused: the claim is released)."""
    outcome = command_submit(game=turn.game_id, seat=turn.seat, command=command,
                             base_version=turn.version)
    if outcome.ok or outcome.code == "state/stale_version":
        claims.finish(turn.claim_pk, command)
        return APPLIED if outcome.ok else MOOT
    logger.warning("bot %s in %s (attempt %d): %s refused: %s", turn.level, turn.game_id,
                   turn.attempt, command, outcome.message)
    claims.release(turn.claim_pk, command)
    return RETRY


def fail(turn: Turn) -> None:
    """The bot's thinking raised: log it and release the claim for the next attempt."""
    logger.exception("bot %s failed in game %s (attempt %d)", turn.level, turn.game_id,
                     turn.attempt)
    claims.release(turn.claim_pk)


def act_once(game_id: Any, at_version: int | None = None, now: Any = None) -> bool:
    """Claim, think and send in this thread, retrying a failed turn at once. True when a
    bot's command was applied. `now` is the time leases are judged by (the sweep's)."""
    for _ in range(MAX_ATTEMPTS):
        turn = claim_turn(game_id, at_version, now)
        if turn is None:
            return False
        try:
            command = think(turn)
        except Exception:
            fail(turn)
            at_version = turn.version
            continue
        done = send(turn, command)
        if done != RETRY:
            return done == APPLIED
        at_version = turn.version
    return False


def play_bots(game_id: Any, limit: int | None = None, now: Any = None) -> int:
    """Play every bot move due now in this thread (at most `limit`), until a person must act;
    the count. In a live game the pauses are slept. `now` judges the first turn's lease."""
    if getattr(_local, "running", False):
        return 0  # the loop below, further up this thread's stack, carries on
    _local.running = True
    n = 0
    try:
        while limit is None or n < limit:
            if n:
                wait = pacing.pause_now(game_id, None)
                if wait:
                    time.sleep(wait)
            if not act_once(game_id, now=None if n else now):
                break
            n += 1
    finally:
        _local.running = False
    return n


def after_publish(game_id: Any, version: int, before: Any, state: Any, events: list) -> None:
    """broadcast.STEP_HOOKS hook: start a bot if one of its seats may act now."""
    if not getattr(settings, "BOTS_RUN", True):
        return
    if engine.is_over(state) or not bot_may_act(game_id, list(engine.who_may_act(state))):
        return
    kick(game_id, pacing.pause_now(game_id, (before, state)))


def kick(game_id: Any, pause: float | None = None) -> None:
    """Have the bots of a game act if one may (after a take-over, a restart, a sweep)."""
    if not getattr(settings, "BOTS_RUN", True):
        return
    loop = broadcast._main_loop()
    if loop is None:
        play_bots(game_id)
        return
    if pause is None:
        pause = pacing.pause_now(game_id, None)
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
    at_version = None
    try:
        for _ in range(MAX_ATTEMPTS):
            turn = await database_sync_to_async(claim_turn)(game_id, at_version)
            if turn is None:
                return
            at_version = turn.version
            try:
                command = await thinking.aside(think, turn)
            except Exception:
                await database_sync_to_async(fail)(turn)
                continue
            if await database_sync_to_async(send)(turn, command) != RETRY:
                return
    except Exception:  # a bot's failure must not take the server's loop down
        logger.exception("bot runner failed in game %s", game_id)
