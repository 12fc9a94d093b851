"""From synchronous code (after a commit: e-mail replies, bots, the API) a match's new version
and a player's unread count go to their groups as one PUBLISH on the thread's held Redis
connection (play/announce.py `group_send_blocking`), not through an event loop built by
async_to_sync for each: a member of the group on channels_redis's pub/sub layer receives them
as it received the layer's own group_send; without Redis the layer's group_send is used."""

import asyncio
import uuid

import pytest
from channels.layers import InMemoryChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.conf import settings

from notifications import consumers
from play import announce, services


def _sent_blocking(monkeypatch):
    """Count the blocking PUBLISHes (and let them through)."""
    calls = []
    publish = announce._publish_blocking

    def counted(channel, data):
        calls.append(channel)
        return publish(channel, data)

    monkeypatch.setattr(announce, "_publish_blocking", counted)
    return calls


@pytest.mark.services
async def test_a_version_and_an_unread_count_reach_the_groups_members(monkeypatch):
    if not settings.REDIS_URL:
        pytest.skip("needs Redis (REDIS_URL)")
    prefix = settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"]
    layer = RedisPubSubChannelLayer(hosts=[settings.REDIS_URL], prefix=prefix)
    monkeypatch.setattr(announce, "get_channel_layer", lambda: layer)
    calls = _sent_blocking(monkeypatch)
    match_id, user_id = 980_000 + uuid.uuid4().int % 9_999, 970_000 + uuid.uuid4().int % 9_999
    try:
        channel = await layer.new_channel("test.")
        await layer.group_add(f"match.{match_id}", channel)
        await layer.group_add(consumers.user_group(user_id), channel)
        await asyncio.to_thread(services.match_broadcast, match_id=match_id, version=12)
        update = await asyncio.wait_for(layer.receive(channel), 5)
        assert update["type"] == announce.UPDATE and update["version"] == 12
        assert "rows" not in update
        await asyncio.to_thread(consumers.unread_send, user_id, 3)
        unread = await asyncio.wait_for(layer.receive(channel), 5)
        assert unread == {"type": "notices.unread", "unread": 3}
        assert len(calls) == 2  # both went as blocking PUBLISHes
    finally:
        await layer.flush()


async def test_without_redis_the_layers_group_send_is_used(monkeypatch):
    layer = InMemoryChannelLayer()
    monkeypatch.setattr(announce, "get_channel_layer", lambda: layer)
    monkeypatch.setattr(services, "get_channel_layer", lambda: layer)
    calls = _sent_blocking(monkeypatch)
    channel = await layer.new_channel()
    await layer.group_add("match.5", channel)
    await asyncio.to_thread(services.match_broadcast, match_id=5, version=9)
    message = await asyncio.wait_for(layer.receive(channel), 5)
    assert message["version"] == 9 and calls == []
