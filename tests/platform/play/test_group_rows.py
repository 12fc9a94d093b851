"""A move's group message carries the rows it changed only while another process listens
(play/announce.py `_group_update`): Redis answers each PUBLISH with how many subscribers got it,
so a process alone stops packing its own state for nobody, and starts again once another
process has joined the match's group (that one reads a rowless version back from the database)."""

import asyncio
import uuid

import orjson
import pytest
from channels.layers import InMemoryChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.conf import settings

from play import announce

pytestmark = pytest.mark.services

ROWS = {"state": {"turn": 3}, "seats": [[True, 2, False, None, None]]}


def _process(prefix: str) -> RedisPubSubChannelLayer:
    """A channel layer of its own: what another server process would hold."""
    return RedisPubSubChannelLayer(hosts=[settings.REDIS_URL], prefix=prefix)


async def _member(layer: RedisPubSubChannelLayer, group: str) -> str:
    channel = await layer.new_channel("match-local.")
    await layer.group_add(group, channel)
    return channel


async def _received(layer: RedisPubSubChannelLayer, channel: str) -> dict:
    return await asyncio.wait_for(layer.receive(channel), 5)


async def _from_the_loop(layer, match_id, version):
    await announce._group_update(layer, match_id, version, ROWS)


async def _from_the_thread(layer, match_id, version):
    """As a socket's move: published by the thread that committed it (publish_pending)."""
    pending = [announce.Pending(match_id, version, None, True, ROWS)]
    await asyncio.to_thread(announce.publish_pending, pending)
    assert pending[0].published


@pytest.mark.parametrize("publish", [_from_the_loop, _from_the_thread])
async def test_rows_travel_only_while_another_process_listens(publish):
    if not settings.REDIS_URL:
        pytest.skip("needs Redis (REDIS_URL)")
    prefix = settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"]
    match_id = 990_000 + uuid.uuid4().int % 9_999
    group = f"match.{match_id}"
    here, elsewhere = _process(prefix), _process(prefix)
    try:
        own = await _member(here, group)
        announce._others.pop(match_id, None)

        await publish(here, match_id, 1)
        first = await _received(here, own)
        assert first["version"] == 1 and first["rows"]  # nobody known yet: the rows go along
        assert announce._others[match_id] == 0  # ...and only this process heard it

        await publish(here, match_id, 2)
        alone = await _received(here, own)
        assert alone["version"] == 2 and "rows" not in alone

        other = await _member(elsewhere, group)
        await publish(here, match_id, 3)
        joined = await _received(elsewhere, other)
        assert joined["version"] == 3 and "rows" not in joined  # read back from the database
        assert announce._others[match_id] == 1

        await publish(here, match_id, 4)
        heard = await _received(elsewhere, other)
        assert heard["version"] == 4 and orjson.loads(heard["rows"]) == ROWS
    finally:
        announce._others.pop(match_id, None)
        await here.flush()
        await elsewhere.flush()


async def test_without_redis_the_layer_s_own_group_send_is_used():
    """The in-memory layer (make run): one process, the message reaches the group as before."""
    layer, match_id = InMemoryChannelLayer(), 1
    channel = await layer.new_channel()
    await layer.group_add(f"match.{match_id}", channel)
    await announce._group_update(layer, match_id, 7, ROWS)
    message = await asyncio.wait_for(layer.receive(channel), 5)
    assert message["version"] == 7 and message["type"] == announce.UPDATE
    announce._others.pop(match_id, None)
