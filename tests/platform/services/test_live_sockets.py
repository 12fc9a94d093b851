"""The live flow over the real Redis channel layer: each socket gets only its own seat's view."""

import json

import pytest
from channels.db import database_sync_to_async as sync_to_async
from channels.layers import get_channel_layer
from channels.testing.websocket import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from config.asgi import application
from play import snapshots
from play.models import Presence

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _cookie_for(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def _connect(match_id: int, user=None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")]
    if user is not None:
        headers.append((b"cookie", await sync_to_async(_cookie_for)(user)))
    socket = WebsocketCommunicator(application, f"/ws/matches/{match_id}/", headers=headers)
    return socket


async def _seated(match, index):
    seat = await sync_to_async(lambda: match.seats.select_related("user").get(index=index))()
    return seat.user


def test_it_runs_on_the_redis_channel_layer():
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"].startswith("channels_redis")
    assert type(get_channel_layer()).__module__.startswith("channels_redis")


async def test_it_pushes_each_seat_its_own_view_after_a_move(started_match):
    first, second = await _seated(started_match, 0), await _seated(started_match, 1)
    mine, theirs = await _connect(started_match.pk, first), await _connect(started_match.pk, second)
    assert (await mine.connect())[0] and (await theirs.connect())[0]
    assert (await mine.receive_json_from(5))["version"] == 0
    assert (await theirs.receive_json_from(5))["version"] == 0
    await mine.send_json_to(
        {"type": "act", "id": 7, "version": 0, "action": {"type": "bid", "card": 3}}
    )
    replies = [await mine.receive_json_from(5), await mine.receive_json_from(5)]
    ack = next(r for r in replies if r["type"] == "ack")
    own = next(r for r in replies if r["type"] == "snapshot")
    assert ack == {"type": "ack", "id": 7, "version": 1}
    assert own["view"]["bids"][0] == 3
    other = await theirs.receive_json_from(5)
    assert other["type"] == "snapshot" and other["version"] == 1
    assert other["view"]["bids"][0] is True  # bob knows alice bid, not what
    assert "3" not in json.dumps(other["view"]["bids"])
    await mine.disconnect()
    await theirs.disconnect()


async def test_it_sends_a_fresh_snapshot_to_a_reconnecting_client(started_match):
    first = await _seated(started_match, 0)
    socket = await _connect(started_match.pk, first)
    await socket.connect()
    await socket.receive_json_from(5)
    await socket.send_json_to({"type": "act", "id": 1, "version": 0, "action": "bid card=1"})
    await socket.receive_json_from(5)
    await socket.receive_json_from(5)
    await socket.disconnect()
    again = await _connect(started_match.pk, first)
    await again.connect()
    snapshot = await again.receive_json_from(5)
    assert snapshot["type"] == "snapshot" and snapshot["version"] == 1
    await again.send_json_to({"type": "hello", "version": 0})
    assert (await again.receive_json_from(5))["version"] == 1
    await again.disconnect()


async def test_it_gives_spectators_the_public_view(started_match, carol):
    first = await _seated(started_match, 0)
    player, watcher = (
        await _connect(started_match.pk, first),
        await _connect(started_match.pk, carol),
    )
    await player.connect()
    await watcher.connect()
    await player.receive_json_from(5)
    spectator = await watcher.receive_json_from(5)
    assert spectator["seat"] is None and spectator["legal"] == []
    await player.send_json_to({"type": "act", "id": 1, "version": 0, "action": "bid card=2"})
    update = await watcher.receive_json_from(5)
    assert update["version"] == 1 and update["view"]["bids"] == [True, False]
    await player.disconnect()
    await watcher.disconnect()


async def test_it_serves_a_socket_without_login_the_public_view(started_match):
    """Anonymous spectators of a public match (test_anonymous_spectators.py has the rest)."""
    socket = await _connect(started_match.pk)
    assert (await socket.connect())[0]
    snapshot = await socket.receive_json_from(5)
    assert snapshot["type"] == "snapshot" and snapshot["seat"] is None
    await socket.disconnect()


async def test_it_answers_a_bad_move_on_the_socket_and_changes_nothing(started_match):
    first = await _seated(started_match, 0)
    socket = await _connect(started_match.pk, first)
    await socket.connect()
    await socket.receive_json_from(5)
    await socket.send_json_to({"type": "act", "id": 2, "version": 0, "action": "bid card=9"})
    error = await socket.receive_json_from(5)
    assert error["type"] == "error" and error["error"] == "illegal_action" and error["id"] == 2
    await socket.send_json_to({"type": "dance"})
    assert (await socket.receive_json_from(5))["error"] == "malformed"
    assert await socket.receive_nothing(0.3)
    await socket.disconnect()


async def test_it_marks_a_seated_player_present_while_connected(started_match):
    first = await _seated(started_match, 0)
    socket = await _connect(started_match.pk, first)
    await socket.connect()
    await socket.receive_json_from(5)
    count = sync_to_async(lambda: Presence.objects.filter(match=started_match).count())
    assert await count() == 1
    await socket.disconnect()
    assert await count() == 0


async def test_a_move_is_rendered_once_per_process_for_all_its_sockets(
    started_match, carol, monkeypatch
):
    """Two seats and two spectators in one process: each kind of viewer's frame of the new
    version (its own seat's view) is rendered once, and shared by the sockets of that kind."""
    renders = []
    render = snapshots.match_payload

    def counted(match, seats, seat, html=False, **shared):
        renders.append((seat, html))
        return render(match, seats, seat, html=html, **shared)

    first, second = await _seated(started_match, 0), await _seated(started_match, 1)
    sockets = [await _connect(started_match.pk, user) for user in (first, second, carol, carol)]
    for socket in sockets:
        assert (await socket.connect())[0]
        assert (await socket.receive_json_from(5))["version"] == 0
    monkeypatch.setattr(snapshots, "match_payload", counted)
    await sockets[0].send_json_to({"type": "act", "id": 1, "version": 0, "action": "bid card=2"})
    frames = {}
    for index, socket in enumerate(sockets):
        for _ in range(2 if index == 0 else 1):
            message = await socket.receive_json_from(5)
            if message["type"] == "snapshot":
                frames[index] = message
    assert sorted(renders, key=str) == sorted([(0, False), (1, False), (None, False)], key=str)
    assert {f["version"] for f in frames.values()} == {1}
    assert frames[0]["view"]["bids"][0] == 2  # alice sees her own bid
    assert frames[1]["view"]["bids"][0] is True  # bob only that she bid
    assert frames[2] == frames[3] and frames[2]["seat"] is None
    for socket in sockets:
        await socket.disconnect()


async def test_an_update_carries_the_new_log_entries_as_each_seat_may_read_them(started_match):
    """No second request for the log: the snapshot carries its last entries, secrets kept."""
    first, second = await _seated(started_match, 0), await _seated(started_match, 1)
    mine, theirs = await _connect(started_match.pk, first), await _connect(started_match.pk, second)
    assert (await mine.connect())[0] and (await theirs.connect())[0]
    assert (await mine.receive_json_from(5))["log"] == []
    await theirs.receive_json_from(5)
    await mine.send_json_to({"type": "act", "id": 1, "version": 0, "action": "bid card=3"})
    replies = [await mine.receive_json_from(5), await mine.receive_json_from(5)]
    own = next(r for r in replies if r["type"] == "snapshot")
    other = await theirs.receive_json_from(5)
    assert [e["seq"] for e in own["log"]] == [1] == [e["seq"] for e in other["log"]]
    assert own["log"][0]["action"] == {"type": "bid", "card": 3}
    assert other["log"][0]["action"] != own["log"][0]["action"]  # the public action only
    assert "3" not in json.dumps(other["log"][0]["action"])
    assert other["log"][0]["text"].startswith(first.display_name)
    await mine.disconnect()
    await theirs.disconnect()
