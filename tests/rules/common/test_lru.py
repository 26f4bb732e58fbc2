"""The rules' bounded caches: the least recently used entry leaves first."""

from __future__ import annotations

from games.rules.common.lru import Lru


def test_past_its_size_the_least_recently_used_entry_goes():
    cache = Lru(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "a" is now the most recently used
    cache.put("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (1, None, 3)
    assert len(cache) == 2


def test_putting_a_key_again_replaces_its_value_without_growing():
    cache = Lru(2)
    cache.put("a", 1)
    cache.put("a", 2)
    assert cache.get("a") == 2 and len(cache) == 1
