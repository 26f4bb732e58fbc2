"""Group messages cross the real Redis between two channel layers, as between two daphnes."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from channels_redis.core import RedisChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer
from channels_redis.utils import create_pool, decode_hosts

from pgweb.channel_hosts import channel_hosts

pytestmark = pytest.mark.redis


@pytest.mark.parametrize("layer", [RedisPubSubChannelLayer, RedisChannelLayer])
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
        "channels_redis.pubsub.RedisPubSubChannelLayer"
    )
    assert settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"] == channel_hosts(redis_url)
