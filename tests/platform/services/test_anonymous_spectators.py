"""Anonymous spectators follow a public match live over its socket (issue 36, point 5): the
public view and the chat to read, within a rate per address; nothing to write, and a private
table's match stays its players'."""

import pytest
from channels.db import database_sync_to_async as sync_to_async

from chat.models import ChatLine
from chat.services import chat_post
from lobbies.services import lobby_create, lobby_join
from play.models import Match
from tests.platform.services.test_live_sockets import _connect, _seated

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


async def _watching(match_id: int, address: str = "192.0.2.10"):
    socket = await _connect(match_id)
    socket.scope["client"] = (address, 50000)  # as uvicorn sets it (before the app reads it)
    assert (await socket.connect())[0]
    return socket


async def test_an_anonymous_spectator_sees_the_public_view_live(started_match):
    player = await _connect(started_match.pk, await _seated(started_match, 0))
    assert (await player.connect())[0]
    await player.receive_json_from(5)
    watcher = await _watching(started_match.pk)
    snapshot = await watcher.receive_json_from(5)
    assert snapshot["type"] == "snapshot" and snapshot["seat"] is None
    assert snapshot["legal"] == [] and snapshot["version"] == 0
    await player.send_json_to({"type": "act", "id": 1, "version": 0, "action": "bid card=2"})
    update = await watcher.receive_json_from(5)
    assert update["version"] == 1 and update["view"]["bids"] == [True, False]  # no secret
    await player.disconnect()
    await watcher.disconnect()


async def test_an_anonymous_spectator_reads_the_chat_and_writes_nothing(started_match):
    watcher = await _watching(started_match.pk)
    await watcher.receive_json_from(5)
    alice = await _seated(started_match, 0)
    await sync_to_async(chat_post)(user=alice, text="good luck", match_id=started_match.pk)
    line = await watcher.receive_json_from(5)
    assert line["type"] == "chat.line" and line["line"]["text"] == "good luck"
    await watcher.send_json_to({"type": "chat.history", "id": 1, "after": 0})
    history = await watcher.receive_json_from(5)
    assert [x["text"] for x in history["lines"]] == ["good luck"]
    for frame in (
        {"type": "chat.say", "id": 2, "text": "spam"},
        {"type": "act", "id": 3, "version": 0, "action": "bid card=2"},
        {"type": "chat.report", "id": 4, "line": line["line"]["id"], "reason": "abuse"},
    ):
        await watcher.send_json_to(frame)
        refused = await watcher.receive_json_from(5)
        assert refused["type"] == "error" and refused["error"] == "unauthenticated"
        assert refused["id"] == frame["id"] and "Log in" in refused["detail"]
    assert await sync_to_async(ChatLine.objects.count)() == 1
    assert (await sync_to_async(Match.objects.get)(pk=started_match.pk)).version == 0
    await watcher.disconnect()


async def test_a_private_tables_match_stays_closed_to_anonymous_viewers(alice, bob):
    def private_match():
        table = lobby_create(host=alice, game="goofspiel", seats=2, private=True)
        lobby_join(table_id=table.pk, user=bob, invite_token=table.invite_token)
        return Match.objects.get(table=table)

    match = await sync_to_async(private_match)()
    watcher = await _watching(match.pk)
    closed = await watcher.receive_output(5)
    assert closed["type"] == "websocket.close" and closed["code"] == 4401
    await watcher.disconnect()


async def test_anonymous_sockets_are_rate_limited_per_address(started_match, settings):
    settings.THROTTLE_ANON_SOCKETS = "2/min"
    for _ in range(2):
        watcher = await _watching(started_match.pk, "198.51.100.3")
        assert (await watcher.receive_json_from(5))["type"] == "snapshot"
        await watcher.disconnect()
    refused = await _watching(started_match.pk, "198.51.100.3")
    closed = await refused.receive_output(5)
    assert closed["type"] == "websocket.close" and closed["code"] == 4429
    await refused.disconnect()
    other = await _watching(started_match.pk, "198.51.100.4")  # another address: its own count
    assert (await other.receive_json_from(5))["type"] == "snapshot"
    await other.disconnect()
    player = await _connect(started_match.pk, await _seated(started_match, 0))
    player.scope["client"] = ("198.51.100.3", 50001)  # a logged-in viewer is not counted
    assert (await player.connect())[0]
    assert (await player.receive_json_from(5))["type"] == "snapshot"
    await player.disconnect()
