"""Django's Redis cache, answering "nothing cached" while Redis is down instead of raising.

The cache only counts rate-limit hits (games/throttles.py, through Django REST framework).
With several daphne processes it lives in Redis (CACHE_URL), often the same server as the
channel layer; when that server restarts, every throttled request would fail with a 500.
Here a read answers as if nothing were cached and a write is dropped, so requests carry on
unthrottled for the seconds Redis is away (README "Failure modes"), and one warning a
minute says so. Counters (`incr`, `decr`) have no safe answer and still raise.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)
WARN_EVERY = 60.0  # seconds between two "Redis is down" warnings of one process


class FailOpenRedisCache(RedisCache):
    """A RedisCache whose reads miss and whose writes are dropped while Redis is down."""

    _warned_at = -WARN_EVERY

    def _down(self, operation: str, exc: RedisError) -> None:
        now = time.monotonic()
        if now - self._warned_at >= WARN_EVERY:
            FailOpenRedisCache._warned_at = now
            logger.warning("cache %s failed (%s: %s); carrying on without the cache",
                           operation, exc.__class__.__name__, exc)  # fmt: skip

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        try:
            return super().get(key, default, version)
        except RedisError as exc:
            self._down("get", exc)
            return default

    def get_many(self, keys: Any, version: int | None = None) -> dict:
        try:
            return super().get_many(keys, version)
        except RedisError as exc:
            self._down("get_many", exc)
            return {}

    def has_key(self, key: Any, version: int | None = None) -> bool:
        try:
            return super().has_key(key, version)
        except RedisError as exc:
            self._down("has_key", exc)
            return False

    def add(self, key: Any, value: Any, timeout: Any = None, version: int | None = None) -> bool:
        try:
            return super().add(key, value, timeout, version)
        except RedisError as exc:  # "not added": nobody may count on holding the key
            self._down("add", exc)
            return False

    def set(self, key: Any, value: Any, timeout: Any = None, version: int | None = None) -> None:
        try:
            super().set(key, value, timeout, version)
        except RedisError as exc:
            self._down("set", exc)

    def set_many(self, data: dict, timeout: Any = None, version: int | None = None) -> list:
        try:
            return super().set_many(data, timeout, version)
        except RedisError as exc:
            self._down("set_many", exc)
            return list(data)

    def touch(self, key: Any, timeout: Any = None, version: int | None = None) -> bool:
        try:
            return super().touch(key, timeout, version)
        except RedisError as exc:
            self._down("touch", exc)
            return False

    def delete(self, key: Any, version: int | None = None) -> bool:
        try:
            return super().delete(key, version)
        except RedisError as exc:
            self._down("delete", exc)
            return False

    def delete_many(self, keys: Any, version: int | None = None) -> None:
        try:
            super().delete_many(keys, version)
        except RedisError as exc:
            self._down("delete_many", exc)

    def clear(self) -> None:
        try:
            super().clear()
        except RedisError as exc:
            self._down("clear", exc)
