"""The rules' bounded caches: entries not used for a while leave first, and the size holds."""

from __future__ import annotations

import sys
import threading

from games.rules.common.lru import Lru


def test_an_entry_used_since_the_last_turnover_outlives_one_that_was_not():
    cache = Lru(4)  # two generations of two
    cache.put("a", 1)
    cache.put("b", 2)  # the new generation is full: a and b are now the old one
    assert cache.get("a") == 1  # used again: back in the new generation
    cache.put("c", 3)  # a and c fill it: b, not used since, goes with the old one
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (1, None, 3)
    assert len(cache) == 2


def test_the_cache_never_holds_more_than_its_size():
    cache = Lru(5)
    for n in range(100):
        cache.put(n, n)
        assert len(cache) <= 5
    assert cache.get(99) == 99 and cache.get(0) is None


def test_putting_a_key_again_replaces_its_value_without_growing():
    cache = Lru(2)
    cache.put("a", 1)
    cache.put("a", 2)
    assert cache.get("a") == 2 and len(cache) == 1


class _SlowKey:
    """A key compared in Python, as a move search's inputs are: the interpreter may switch
    threads in the middle of a look-up."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __hash__(self) -> int:
        return self.n % 7  # collisions: every look-up compares keys

    def __eq__(self, other: object) -> bool:
        # A few more bytecodes than needed: room for a thread switch inside a comparison.
        return isinstance(other, _SlowKey) and sum(range(20)) >= 0 and other.n == self.n


def test_threads_reading_while_others_store_get_what_was_stored_and_the_size_holds():
    """The server's threads share the engines' caches: readers racing writers that push keys
    out get either the stored value or None, never an error, and the cache never passes its
    size. (A least-recently-used OrderedDict read without a lock fails this: changed by another
    thread in the middle of a look-up that compares keys in Python, it raises KeyError in
    its writers.)"""
    cache = Lru(16)
    errors: list[BaseException] = []
    keys = [_SlowKey(n) for n in range(64)]

    def read() -> None:
        try:
            for i in range(20_000):
                value = cache.get(keys[i % 64])
                assert value is None or value == keys[i % 64].n
        except BaseException as exc:  # noqa: BLE001 - any error fails the test below
            errors.append(exc)

    def write() -> None:
        for i in range(20_000):
            cache.put(keys[(i * 5) % 64], keys[(i * 5) % 64].n)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter will
    try:
        threads = [threading.Thread(target=f) for f in (read, read, write, write)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
    assert len(cache) <= 16
