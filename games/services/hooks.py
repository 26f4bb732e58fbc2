"""Hook tables other apps fill in at start-up, so the services never import them.

- `AFTER_STEP`: called inside the transaction that stores a new version (the opening state,
  each accepted command, a resignation), after the step is written; a hook that raises
  rolls the step back. The clocks app charges and starts the clocks here, so a step and its
  clock readings commit together.
- `OPTION_CHECKS`: extra game options by name; each checker takes the raw value and returns
  the normalised one or raises ServiceError (the clocks app checks `time_control`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class StepDone:
    """A version just written: who sent it (None for the opening state) and the states."""

    game_id: Any
    version: int
    seat_id: str | None
    before: Any  # engine GameState before the step (None for the opening state)
    after: Any  # engine GameState after it
    at: datetime


AFTER_STEP: list[Callable[[StepDone], None]] = []
OPTION_CHECKS: dict[str, Callable[[Any], Any]] = {}


def after_step(done: StepDone) -> None:
    for hook in AFTER_STEP:
        hook(done)
