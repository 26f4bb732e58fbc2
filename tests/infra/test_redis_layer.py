"""Group messages cross the real Redis between two channel layers, as between two daphnes."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from channels_redis.core import RedisChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer
from channels_redis.utils import create_pool, decode_hosts

from pgweb.channel_hosts import channel_hosts
from pgweb.pubsub_layer import PipelinedPubSubChannelLayer

pytestmark = pytest.mark.redis


@pytest.mark.parametrize(
    "layer", [PipelinedPubSubChannelLayer, RedisPubSubChannelLayer, RedisChannelLayer]
)
async def test_a_group_message_sent_by_one_process_reaches_a_socket_of_another(
    redis_url: str, layer: type
) -> None:
    prefix = f"pgweb-test-{uuid.uuid4().hex[:8]}"
    # Two layer objects stand for two daphne processes: they share nothing but Redis.
    sender = layer(hosts=channel_hosts(redis_url), prefix=prefix)
    receiver = layer(hosts=channel_hosts(redis_url), prefix=prefix)
    try:
        axis_socket = await receiver.new_channel()
        allied_socket = await receiver.new_channel()
        await receiver.group_add("game.1.side.axis", axis_socket)
        await receiver.group_add("game.1.side.allied", allied_socket)

        frame = {"type": "game.frame", "text": '{"t":"tick","v":42}'}
        await sender.group_send("game.1.side.axis", frame)

        assert await asyncio.wait_for(receiver.receive(axis_socket), timeout=5) == frame
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(receiver.receive(allied_socket), timeout=0.3)
    finally:
        await sender.flush()
        await receiver.flush()
        if layer is RedisChannelLayer:
            await sender.close_pools()
            await receiver.close_pools()


async def test_a_commands_frames_published_together_reach_each_audience_in_order(
    redis_url: str,
) -> None:
    """`group_send_many` (one pipeline per shard, games.broadcast's path for a command's
    frames): each group's sockets in another process get their own group's messages, in
    the order sent, and no other group's; a layer with three shards splits them among its
    shards and keeps each group's order."""
    prefix = f"pgweb-test-{uuid.uuid4().hex[:8]}"
    hosts = channel_hosts(redis_url)
    for shards in (hosts, hosts * 3):
        sender = PipelinedPubSubChannelLayer(hosts=shards, prefix=prefix)
        receiver = PipelinedPubSubChannelLayer(hosts=shards, prefix=prefix)
        groups = [f"game.1.side.{s}" for s in ("axis", "allied")] + ["game.1.public"]
        try:
            sockets = {g: await receiver.new_channel() for g in groups}
            for g, socket in sockets.items():
                await receiver.group_add(g, socket)
            for version in (1, 2):
                await sender.group_send_many(
                    [(g, {"type": "game.frame", "text": f"{g}@{version}"}) for g in groups]
                )
            for g, socket in sockets.items():
                got = [await asyncio.wait_for(receiver.receive(socket), timeout=5)
                       for _ in range(2)]
                assert [m["text"] for m in got] == [f"{g}@1", f"{g}@2"]
                with pytest.raises(asyncio.TimeoutError):
                    await asyncio.wait_for(receiver.receive(socket), timeout=0.2)
        finally:
            await sender.flush()
            await receiver.flush()


async def test_an_idle_socket_outwaits_the_core_layers_blocking_receive(redis_url: str) -> None:
    """The per-socket layer waits for a message with a blocking BZPOPMIN of `brpop_timeout`;
    its connections' reads must wait longer, or an idle socket's receive can raise on a busy
    machine and kill its consumer (redis-py 8 reads with a 5 s timeout by default, the same
    as the layer's wait). An empty channel is waited on past a whole blocking round: only
    the caller's own timeout ends the wait."""
    layer = RedisChannelLayer(hosts=channel_hosts(redis_url),
                              prefix=f"pgweb-test-{uuid.uuid4().hex[:8]}")
    pool = create_pool(decode_hosts(channel_hosts(redis_url))[0])
    assert pool.connection_kwargs["socket_timeout"] > 2 * layer.brpop_timeout
    try:
        socket = await layer.new_channel()
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(layer.receive(socket), timeout=layer.brpop_timeout + 1.5)
    finally:
        await layer.flush()
        await layer.close_pools()
        await pool.disconnect()


def test_settings_choose_channels_redis_when_redis_url_is_set(redis_url: str, settings) -> None:
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"] == (
        "pgweb.pubsub_layer.PipelinedPubSubChannelLayer"
    )
    assert settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"] == channel_hosts(redis_url)
