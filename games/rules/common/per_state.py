"""What the rules work out of a state, kept for the last few states by identity.

States never change, and one command asks the same question of one state many times (each
unit's move search, each viewer's view), so an answer is kept with the state it was worked
out of and found again by `is`, never by hashing or comparing the state. Only the last few
states are kept: the server moves on to the next state at each command.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


class PerState:
    """`get(state, key, build)`: the answer kept for this very state and key, else `build()`'s,
    kept. A key is compared with `==` (a catalogue in it is found by identity first, as tuples
    compare their items). At most `kept` answers; the newest first. The list is replaced whole at each
    change, so the server's threads never see half of one."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._entries: list[tuple[Any, object, Any]] = []

    def get(self, state: Any, key: object, build: Callable[[], T]) -> T:
        entries = self._entries
        for kept_state, kept_key, answer in entries:
            if kept_state is state and kept_key == key:
                return answer  # type: ignore[no-any-return]
        answer = build()
        # Read the list again: a build that asked for another answer meanwhile (the
        # double-blind contact asks for the observation) has kept that one, and the list
        # read before the build would drop it, to be worked out again at the next asking.
        self._entries = [(state, key, answer), *self._entries][: self.kept]
        return answer
