"""A bounded least-recently-used map for the rules' per-object caches.

The engines cache what they derive from immutable objects (a counter's view, its canonical
text, what an observation post sees) because consecutive states share most of them. A
server runs for weeks, so each cache has a size it never passes: the least recently used
entry goes first. Safe to share between the server's threads.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any


class Lru:
    """`get(key)` and `put(key, value)`, keeping at most `size` entries."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        """The value stored under `key` (now the most recently used), or None."""
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)
