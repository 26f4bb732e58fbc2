"""The on-commit hook (games.broadcast.STEP_HOOKS): after a step is committed and published,
tell the open pages of the players it concerns at once, and queue the rest for a worker.

It runs in the process that applied the command, right after the commit: it decides from the
states in hand whether anyone is concerned (pure, no query for the usual step that changes
nobody's turn), then reads the seats' players (one query), hands a notice to each one's
notification sockets and enqueues `notify_step`. It never sends a mail or a request.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction

from games import broadcast, protocol
from games import engine_adapter as engine
from games.notifications import content, recipients, tasks
from games.notifications.kinds import GAME_OVER
from games.notifications.notices import NOTICE, NOTICE_FRAME, browser_notice, user_group

__all__ = ["NOTICE", "NOTICE_FRAME", "browser_notice", "install", "on_step", "tell_pages", "user_group"]

logger = logging.getLogger(__name__)

def on_step(
    game_id: Any, version: int, before: engine.GameState | None, after: engine.GameState,
    events: list[dict],
) -> None:  # fmt: skip
    kind, seat_ids = recipients.step_kind(before, after)
    if not kind:
        return
    people = tell_pages(game_id, kind, seat_ids, after)
    if any(p.reachable for p in people):  # else no task: nobody has a channel to send on
        tasks.notify_step.enqueue(str(game_id), version)  # a row: about 0.3 ms


def tell_pages(
    game_id: Any, kind: str, seat_ids: set[str], after: engine.GameState | None,
    remaining: str = "",
) -> list[recipients.Recipient]:  # fmt: skip
    """Hand a notice to the open pages of the players in those seats (after the commit);
    return those players."""
    people = recipients.seated(game_id, seat_ids)
    if not people:
        return people
    names = tasks.side_names(game_id) if kind == GAME_OVER else {}
    scenario_id = after.scenario_id if after is not None else tasks.scenario_of(game_id)
    messages = []
    for person in people:
        msg = content.message(
            kind=kind, game_id=game_id, scenario_id=scenario_id, side_id=person.side_id,
            side_names=names, after=after, remaining=remaining,
        )  # fmt: skip
        text = protocol.encode(browser_notice(msg))
        messages.append((user_group(person.user_id), {"type": NOTICE, "kind": kind, "text": text}))
    transaction.on_commit(lambda: broadcast.send(messages))
    return people


def install() -> None:
    """Plug the trigger into the broadcast (once)."""
    if on_step not in broadcast.STEP_HOOKS:
        broadcast.STEP_HOOKS.append(on_step)
