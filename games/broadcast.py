"""Audiences, one frame per audience per version, published after the commit (DESIGN.md 4).

Every side is an audience (`game.<id>.side.<side>`: the side's view with its seats' legal
commands) and so are the spectators (`game.<id>.spectators`: the public view, everything
once the game has ended). A frame is built once per audience, never per socket: the view is
diffed against the same audience's previous view (two already-filtered views, so the patch
cannot leak), encoded once, and handed to the group; consumers forward the text as is.
The unfiltered state never reaches the channel layer.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import weakref
from collections.abc import Callable
from typing import Any

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer

from games import engine_adapter as engine
from games import protocol, spectating
from games.patch import make_patch

FRAME = "game.frame"  # a versioned frame (snapshot, patch, tick): the consumer checks `v`
TEXT = "game.text"  # chat and presence: forwarded as is

logger = logging.getLogger(__name__)

# Called after each step's (or the opening snapshot's) frames were handed over, with
# (game_id, version, state before or None, state after, events): other apps plug in here
# (games.notifications registers its trigger, games.botplay its runner, each in its
# AppConfig.ready). A hook must be quick.
STEP_HOOKS: list[Callable[[Any, int, Any, Any, list[dict]], None]] = []
# Called first, with the same arguments: a hook that answers the version at once for a side
# (games.planning: a window its standing orders answer) returns True, and the STEP_HOOKS are
# not told of that version: a later one is already out (bots, notices would act on a window
# that is closed).
REPLY_HOOKS: list[Callable[[Any, int, Any, Any, list[dict]], bool]] = []

_UNSAFE = re.compile(r"[^a-zA-Z0-9_.\-]")


def side_group(game_id: Any, side_id: str) -> str:
    return f"game.{game_id}.side.{_UNSAFE.sub('_', side_id)}"


def spectators_group(game_id: Any) -> str:
    return f"game.{game_id}.spectators"


def coach_group(game_id: Any, user_id: Any) -> str:
    """One coach's sockets on a game: a revocation closes them through it
    (games/services/spectators.py)."""
    return f"game.{game_id}.coach.{user_id}"


def group_of(game_id: Any, audience: str) -> str:
    """The channel group an audience's frames go to."""
    if audience.startswith("side:"):
        return side_group(game_id, audience[5:])
    return spectators_group(game_id)


def spectator_audience(policy: str, ended: bool) -> str | None:
    """What the spectators group sees under a policy, or None when nobody may watch now."""
    if ended:
        # The same audience key as during play, so the spectators' patches continue from the
        # view they had; the adapter shows everything once the game has ended.
        return None if policy == "none" else engine.PUBLIC
    if policy in ("public", "coach", "creator"):  # "creator": its group holds its opener only
        return engine.PUBLIC
    return None


def audiences(state: engine.GameState, policy: str) -> list[str]:
    """Every audience with its own frames at a state."""
    out = [engine.side_audience(side) for side in engine.side_ids(state)]
    spectators = spectator_audience(policy, engine.is_over(state))
    if spectators is not None:
        out.append(spectators)
    return out


def step_frame(
    game_id: Any,
    version: int,
    before: engine.GameState,
    after: engine.GameState,
    events: list[dict],
    audience: str,
    by: dict | None = None,
) -> dict:
    """The patch (or tick) that takes an audience from version-1 to version; the acting
    side's carries `by` when given (who of a team side acted: services/race.py)."""
    previous = engine.audience_view(game_id, version - 1, before, audience)
    current = engine.audience_view(game_id, version, after, audience)
    ops = view_patch(previous, current)
    log = engine.events_for(events, after, audience)
    by = by if by is not None and audience == engine.side_audience(by["side"]) else None
    if not ops and not log and by is None:
        return protocol.tick_frame(version)
    return protocol.patch_frame(version, ops, log, by)


def view_patch(previous: dict, current: dict) -> list[dict]:
    """`make_patch` between two views, visiting only the counters whose view changed.

    A step changes a few counters out of dozens; comparing each counter's dict with `==`
    (in C) first and diffing only those that differ keeps the patch the same and its cost
    small. (`==` takes True for 1: a counter field never switches between a flag and a
    number, so that cannot hide a change here.)
    """
    before_units, after_units = previous.get("units"), current.get("units")
    if not (isinstance(before_units, dict) and isinstance(after_units, dict)):
        return make_patch(previous, current)
    rest = [{k: v for k, v in view.items() if k != "units"} for view in (previous, current)]
    ops = make_patch(*rest)
    # A counter whose view did not change is usually the same object in both (the rules
    # keep each counter's view by identity): `is` answers for it without a comparison.
    changed_before = {
        k: v for k, v in before_units.items() if (w := after_units.get(k)) is not v and w != v
    }
    changed_after = {
        k: v for k, v in after_units.items() if (w := before_units.get(k)) is not v and w != v
    }
    return ops + make_patch(changed_before, changed_after, "/units")


def snapshot_frame(game_id: Any, version: int, state: engine.GameState, audience: str) -> dict:
    return protocol.snapshot_frame(version, engine.audience_view(game_id, version, state, audience))


def publish_step(
    game_id: Any,
    version: int,
    before: engine.GameState,
    after: engine.GameState,
    events: list[dict],
    policy: str,
    by: dict | None = None,
) -> None:
    """After a commit: send each audience its frame for `version` (`by`: step_frame)."""
    messages = []
    for audience in audiences(after, policy):
        if audience == engine.PUBLIC and not engine.is_over(after):
            if delay := spectating.delay_of(game_id):
                messages += delayed_messages(game_id, version - delay)
                continue
        frame = step_frame(game_id, version, before, after, events, audience, by)
        messages.append(
            (group_of(game_id, audience), frame_message(version, protocol.encode(frame)))
        )
    send(messages)
    run_step_hooks(game_id, version, before, after, events)


def delayed_messages(game_id: Any, shown: int) -> list[tuple[str, dict]]:
    """The public spectators' frame when they watch `delay` commands behind: the frame of
    version `shown` (none until the delay has run since the start). At the end the delay
    lifts: the end's frame shows them the gap, and their sockets catch up from the log."""
    if shown < 2:
        return []
    before, after, events = spectating.delayed_step(game_id, shown)
    text = protocol.encode(step_frame(game_id, shown, before, after, events, engine.PUBLIC))
    return [(spectators_group(game_id), frame_message(shown, text))]


def publish_snapshot(game_id: Any, version: int, state: engine.GameState, policy: str) -> None:
    """After the start: send each audience its whole view."""
    messages = []
    for audience in audiences(state, policy):
        text = protocol.encode(snapshot_frame(game_id, version, state, audience))
        messages.append((group_of(game_id, audience), frame_message(version, text)))
    send(messages)
    run_step_hooks(game_id, version, None, state, [])


def run_step_hooks(game_id: Any, version: int, before: Any, after: Any, events: list) -> None:
    """Tell the REPLY_HOOKS, then unless one answered the STEP_HOOKS, about a committed
    version; one failing never stops the others."""
    for hook in REPLY_HOOKS:
        try:
            if hook(game_id, version, before, after, events):
                return
        except Exception:
            logger.exception("reply hook %s failed", getattr(hook, "__name__", hook))
    for hook in STEP_HOOKS:
        try:
            hook(game_id, version, before, after, events)
        except Exception:
            logger.exception("step hook %s failed", getattr(hook, "__name__", hook))


def frame_message(version: int, text: str) -> dict:
    return {"type": FRAME, "v": version, "text": text}


def text_message(text: str) -> dict:
    return {"type": TEXT, "text": text}


async def send_async(messages: list[tuple[str, dict]]) -> None:
    """Hand each message to its group, all at once."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    await asyncio.gather(*(layer.group_send(group, message) for group, message in messages))


def send(messages: list[tuple[str, dict]]) -> None:
    """The same from synchronous code (services run in a worker thread).

    Under daphne the messages are handed to the server's event loop without waiting, so
    the worker thread goes back to answering the command at once; a chain keeps each
    process's publications in commit order. Without a loop to hand them to (tests,
    management commands), they are sent before returning.
    """
    if not messages:
        return
    loop = _main_loop()
    if loop is None:
        async_to_sync(send_async)(messages)
        return
    loop.call_soon_threadsafe(_chain, messages)


# The last publication handed to each event loop (touched only from that loop's thread).
_tails: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _chain(messages: list[tuple[str, dict]]) -> None:
    loop = asyncio.get_running_loop()
    _tails[loop] = asyncio.ensure_future(_after(_tails.get(loop), messages))


async def _after(previous: asyncio.Future | None, messages: list[tuple[str, dict]]) -> None:
    if previous is not None and not previous.done():
        await asyncio.wait([previous])
    try:
        await send_async(messages)
    except Exception:  # a layer failure must not stop the chain; consumers heal gaps
        logger.exception("publishing to the channel layer failed")


def _main_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop of the async code that called this worker thread, if any is running."""
    if SyncToAsync.threadlocal.__dict__.get("main_event_loop_pid") != os.getpid():
        return None
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    if loop is None or loop.is_closed() or not loop.is_running():
        return None
    return loop
