"""A side's standing orders as its players use them: read, replace (checked by the game's
ruleset), and tell the side.

The orders are the ruleset's own plain data (`Ruleset.check_standing_order`); they are
stored per side and sent to the side's channel group only (its seats and coaches: "shown to
all of them"); a window already open for the side when they change is answered at once
(answering.py), as it would have been had they been set before it opened.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games import broadcast, protocol, steplog
from games import engine_adapter as engine
from games.models import ACTIVE, OPEN
from games.services.errors import ServiceError, not_started

from .access import Planner, planner
from .answering import answer_now
from .models import StandingOrders
from .orders import answers_of, orders_of

MAX_ORDERS = 20


def standing_orders_read(*, game: Any, user: Any) -> dict:
    """What the side's seats and coaches see of its orders: the orders, what they may name,
    and the windows they answered. After the end, every side's (the replay)."""
    p = planner(game, user)
    state = _state(p)
    sides = [p.side_id] if p.side_id is not None else engine.side_ids(state)
    return {"sides": {s: _side_json(p, state, s) for s in sides},
            "side": p.side_id, "may_write": p.may_write}


def _side_json(p: Planner, state: Any, side_id: str) -> dict:
    return {"orders": orders_of(p.game.pk, side_id), "answered": answers_of(p.game.pk, side_id),
            "choices": engine.rules_of(state).standing_order_choices(state, side_id)}


def standing_orders_set(*, game: Any, user: Any, orders: Any) -> list[dict]:
    """Replace the side's standing orders with `orders`, each checked by the ruleset; a bad
    one refuses them all with a message naming it, and nothing changes."""
    p = planner(game, user, write=True)
    if p.game.status == OPEN:
        raise not_started()
    if p.game.status != ACTIVE:
        raise ServiceError("game/over", f"the game is {p.game.status}", 409)
    if not isinstance(orders, list) or len(orders) > MAX_ORDERS:
        raise ServiceError("orders/invalid", f"orders must be a list of at most {MAX_ORDERS}")
    state = _state(p)
    rules = engine.rules_of(state)
    checked = []
    for i, order in enumerate(orders, 1):
        try:
            checked.append(rules.check_standing_order(state, p.side_id, order))
        except ValueError as exc:
            raise ServiceError("orders/invalid", f"order {i}: {exc}") from None
    with transaction.atomic():
        StandingOrders.objects.update_or_create(
            game=p.game, side_id=p.side_id, defaults={"orders": checked, "updated_by": user})
        frame = protocol.orders_frame(p.side_id, checked, user.get_username())
        message = broadcast.text_message(protocol.encode(frame))
        group = broadcast.side_group(p.game.pk, p.side_id)
        transaction.on_commit(lambda: broadcast.send([(group, message)]))
    # A window already open for the side is answered now, as a click would answer it.
    answer_now(p.game.pk)
    return checked


def _state(p: Planner) -> Any:
    """The game's state now; a game still waiting for its seats has none, nor any orders."""
    state = steplog.state_at(p.game.pk, p.game.version) if p.game.version else None
    if state is None:
        raise not_started()
    return state
