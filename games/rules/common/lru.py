"""A bounded map of recently used entries for the rules' per-object caches.

The engines cache what they derive from immutable objects (a counter's view, its canonical
text, what an observation post sees) because consecutive states share most of them. A
server runs for weeks, so each cache has a size it never passes.

A command reads these caches a few hundred times (every counter's view and encoding), so a
read is one or two plain dict look-ups, without a lock or a reordering: entries live in two
generations of at most half the size each. A write goes to the new generation; when that is
full it becomes the old one and the old one is dropped, and a read found only in the old
generation is written again to the new one. So an entry used since the last turnover
survives the next, and one unused for two turnovers is gone: the least recently used go
first, a generation at a time rather than one by one.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable
from typing import Any


class Lru:
    """`get(key)` and `put(key, value)`, keeping at most `size` entries.

    Safe to share between the server's threads: a read racing a turnover may miss an entry
    it would have found (the caller works the value out again and puts it), never fails;
    writes take a lock so that the generations keep their size."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._half = max(1, size // 2)
        self._new: dict[Hashable, Any] = {}
        self._old: dict[Hashable, Any] = {}
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        """The value stored under `key`, or None."""
        value = self._new.get(key)
        if value is None:
            value = self._old.get(key)
            if value is not None:
                self.put(key, value)  # used again: it moves to the new generation
        return value

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            new = self._new
            new[key] = value
            if len(new) >= self._half:
                self._old, self._new = new, {}

    def __len__(self) -> int:
        """Entries held (one found in both generations counted once)."""
        old, new = self._old, self._new
        return len(new) + sum(1 for k in old if k not in new)
