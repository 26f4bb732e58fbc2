"""The command log as stored: every step's command, dice and events; the full state only at
checkpoints. Any other version is rebuilt by replaying the commands from the nearest
checkpoint with their recorded dice (the engine is deterministic: `games.rules.verify` does
the same for a whole game).

A step keeps its state (a checkpoint, zlib-compressed JSON: a tenth to a twentieth of its
size) when it opens or ends the game and every `settings.PGWEB_CHECKPOINT_EVERY` versions,
so a rebuild from the nearest one applies that many commands at most. The game row always
holds the current state. What the log costs per step is printed by `bench/storage.py`.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from django.conf import settings

from games import engine_adapter as engine
from games.models import GameStep


def is_checkpoint(version: int, after: Any) -> bool:
    """Whether the step making `version` stores its whole state."""
    every = settings.PGWEB_CHECKPOINT_EVERY
    return version <= 1 or version % every == 0 or engine.is_over(after)


def pack(raw: dict) -> bytes:
    """A state's JSON as a checkpoint stores it."""
    return zlib.compress(json.dumps(raw, separators=(",", ":")).encode(), 6)


def unpack(blob: bytes | memoryview) -> dict:
    return json.loads(zlib.decompress(bytes(blob)))


def checkpoint_of(version: int, after: Any, raw: dict) -> bytes | None:
    """What the step making `version` stores as its checkpoint (None between them)."""
    return pack(raw) if is_checkpoint(version, after) else None


def states_between(game_id: Any, first: int, last: int) -> dict[int, engine.GameState]:
    """The states of versions `first`..`last` of a game (fewer if the log ends sooner): from
    the process cache where it has them, else replayed from the nearest checkpoint."""
    out: dict[int, engine.GameState] = {}
    missing = [v for v in range(first, last + 1) if engine.cached_state(game_id, v) is None]
    if not missing:
        return {v: engine.cached_state(game_id, v) for v in range(first, last + 1)}
    start = (
        GameStep.objects.filter(
            game_id=game_id, version__lte=missing[0], checkpoint__isnull=False
        )
        .order_by("-version")
        .values_list("version", "checkpoint")
        .first()
    )
    if start is None:
        return {v: s for v in range(first, last + 1) if (s := engine.cached_state(game_id, v))}
    version, blob = start
    # Every version before the first missing one is cached, so those before the checkpoint too.
    out.update({v: engine.cached_state(game_id, v) for v in range(first, version)})
    state = engine.cached_state(game_id, version) or engine.decode_state(
        game_id, version, unpack(blob)
    )
    if version >= first:
        out[version] = state
    rows = (
        GameStep.objects.filter(game_id=game_id, version__gt=version, version__lte=last)
        .select_related("seat")
        .order_by("version")
        .only("version", "seat__seat_id", "command", "dice", "checkpoint")
    )
    for step in rows:
        cached = engine.cached_state(game_id, step.version)
        if cached is not None:
            state = cached
        elif step.checkpoint is not None:
            state = engine.decode_state(game_id, step.version, unpack(step.checkpoint))
        else:
            state = engine.replay_step(state, step.seat.seat_id, step.command, step.dice)
            engine.remember_state(game_id, step.version, state)
        if step.version >= first:
            out[step.version] = state
    return out


def state_at(game_id: Any, version: int) -> engine.GameState | None:
    """The state after a version (None if the game has no such version)."""
    hit = engine.cached_state(game_id, version)
    if hit is not None:
        return hit
    return states_between(game_id, version, version).get(version)
