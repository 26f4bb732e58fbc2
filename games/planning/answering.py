"""Answer a window by standing order the moment it opens: the side's orders give a command
(`Ruleset.standing_order_answer`) and it goes through `command_submit` for a seat of that
side, exactly as that seat's click would go, so the clocks, the log and every audience's
frames treat it as the player's answer.

It runs as a `broadcast.REPLY_HOOKS` hook, after a version is committed and published, and
when a side changes its orders (`answer_now`). The side-only log line is written in the
answer's own transaction (an AFTER_STEP hook), so it is committed before anyone is told, and
sent to the side's channel group only. What it says the orders did (`said`) is read from the
side's own view of the window (seen.py), so it tells the side nothing its board does not.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from games import broadcast, protocol, steplog
from games import engine_adapter as engine
from games.models import ACTIVE, Game, Seat
from games.services import hooks
from games.services.commands import command_submit

from .models import OrderAnswer, StandingOrders
from .orders import answer_json
from .seen import window_seen

logger = logging.getLogger(__name__)
_local = threading.local()


@dataclass(frozen=True)
class _Answering:
    game_id: Any
    version: int  # the version the answer will make
    seat_id: str
    side_id: str
    command: dict
    text: str
    said: dict


def answer_window(game_id: Any, version: int, before: Any, after: Any, events: list) -> bool:
    """broadcast.REPLY_HOOKS: answer the window this version opened, if the deciding side's
    orders say how; True when an answer was applied (a later version is out)."""
    if after is None or engine.is_over(after) or not engine.orders_may_answer(after):
        return False
    return _answer(game_id, version, after)


def answer_now(game_id: Any) -> bool:
    """Answer the game's open window now, if orders say how (after the orders changed)."""
    game = Game.objects.filter(pk=game_id).only("pk", "status", "version").first()
    if game is None or game.status != ACTIVE:
        return False
    state = steplog.state_at(game.pk, game.version)
    if state is None or engine.is_over(state) or not engine.orders_may_answer(state):
        return False
    return _answer(game.pk, game.version, state)


def _answer(game_id: Any, version: int, state: Any) -> bool:
    deciding = engine.deciding_sides(state)
    rows = StandingOrders.objects.filter(game_id=game_id, side_id__in=list(deciding))
    rules = engine.rules_of(state)
    for row in sorted(rows, key=lambda r: r.side_id):
        for seat_id in deciding[row.side_id]:
            command = rules.standing_order_answer(state, seat_id, list(row.orders))
            if command is None:
                continue
            seat = Seat.objects.filter(game_id=game_id, seat_id=seat_id).first()
            if seat is None:
                return False
            view = engine.audience_view(game_id, version, state,
                                        engine.side_audience(row.side_id))
            _local.answering = _Answering(game_id, version + 1, seat_id, row.side_id, command,
                                          in_words(command), window_seen(view, seat_id, command))
            try:
                outcome = command_submit(game=game_id, seat=seat, command=command,
                                         base_version=version)
            finally:
                _local.answering = None
            if not outcome.ok:  # the game moved on meanwhile, or a ruleset bug: ask the player
                logger.warning("standing order in %s at version %d: %s refused: %s",
                               game_id, version, command, outcome.message)
            return outcome.ok
    return False


TAKEBACK_WORDS = {"accept_takeback": "Take-back accepted by standing order",
                  "decline_takeback": "Take-back declined by standing order"}


def in_words(command: dict) -> str:
    """The command its orders sent, in short (the API's `text`; the board writes `said`)."""
    if command.get("type") == "decline":
        return "Declined by standing order"
    if command.get("type") in TAKEBACK_WORDS:
        return TAKEBACK_WORDS[command["type"]]
    firers = command.get("firers") or command.get("units") or []
    target = command.get("target")
    led = f", led by {command['leader']}" if command.get("leader") else ""
    return f"Fired by standing order: {', '.join(firers)}{led} at {target}" if target else (
        f"Fired by standing order: {', '.join(firers)}{led}")


def record(done: hooks.StepDone) -> None:
    """hooks.AFTER_STEP: inside the answer's transaction, write the side-only log line and
    send it to the side's group once committed."""
    a = getattr(_local, "answering", None)
    if a is None or str(a.game_id) != str(done.game_id) or a.version != done.version \
            or a.seat_id != done.seat_id:
        return
    row = OrderAnswer.objects.create(game_id=done.game_id, side_id=a.side_id,
                                     version=done.version, seat_id=a.seat_id,
                                     command=a.command, text=a.text, said=a.said)
    frame = protocol.order_answer_frame(a.side_id, answer_json(row))
    message = broadcast.text_message(protocol.encode(frame))
    group = broadcast.side_group(done.game_id, a.side_id)
    transaction.on_commit(lambda: broadcast.send([(group, message)]))

