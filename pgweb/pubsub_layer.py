"""channels_redis's pub/sub layer, with several groups' messages published in one round trip.

A command's publication is one frame for each of its audiences (each side and the
spectators): three groups for a two-sided game. channels_redis publishes a group message
under its shard's lock and waits for Redis's answer before the next one may go, so the
frames of one command cost three round trips to Redis, each a write, a wait on the event
loop and a read. `group_send_many` sends them as one pipeline per shard: one write and one
read, in the order given (games.broadcast keeps each process's publications in commit
order, and a pipeline keeps its commands' order).

It reads channels_redis's own names for a group's pub/sub channel, a shard and its client
(4.x, pinned in pyproject.toml); tests/consumers run every socket test on this layer.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer


class PipelinedPubSubChannelLayer(RedisPubSubChannelLayer):
    """`RedisPubSubChannelLayer` plus `group_send_many`."""

    async def group_send_many(self, messages: Iterable[tuple[str, dict[str, Any]]]) -> None:
        """Send each (group, message), as `group_send` would, one pipeline per shard."""
        layer = self._get_layer()
        by_shard: dict[Any, list[tuple[str, bytes]]] = {}
        for group, message in messages:
            name = layer._get_group_channel_name(group)
            shard = layer._get_shard(name)
            by_shard.setdefault(shard, []).append((name, self.serialize(message)))
        for shard, published in by_shard.items():
            async with shard._lock:
                shard._ensure_redis()
                async with shard._redis.pipeline(transaction=False) as pipe:
                    for name, data in published:
                        pipe.publish(name, data)
                    await pipe.execute()
