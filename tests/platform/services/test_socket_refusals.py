"""What a match socket answers to those who may not follow it and to input it cannot use
(issue 12): close codes the browser can see, no crash on odd frames, no echo of big input."""

import json

import pytest
from channels.db import database_sync_to_async as sync_to_async
from channels.testing.websocket import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from lobbies.services import lobby_create, lobby_join
from play.models import Match

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _cookie_for(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def _socket(path: str, user=None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")]
    if user is not None:
        headers.append((b"cookie", await sync_to_async(_cookie_for)(user)))
    return WebsocketCommunicator(application, path, headers=headers)


async def _close_code(socket: WebsocketCommunicator) -> int:
    """The handshake succeeds, then the server closes with its code (what a browser sees)."""
    connected, _ = await socket.connect()
    assert connected, "a refused handshake shows the browser no close code at all"
    message = await socket.receive_output(5)
    assert message["type"] == "websocket.close"
    await socket.disconnect()
    return int(message["code"])


async def _alice_on(match) -> WebsocketCommunicator:
    alice = await sync_to_async(lambda: match.seats.select_related("user").get(index=0).user)()
    socket = await _socket(f"/ws/matches/{match.pk}/", alice)
    assert (await socket.connect())[0]
    assert (await socket.receive_json_from(5))["type"] == "snapshot"
    return socket


async def test_it_closes_a_socket_without_login_to_a_private_tables_match_with_4401(alice, bob):
    """A public match is open to anonymous spectators (test_anonymous_spectators.py)."""

    def private_match():
        table = lobby_create(host=alice, game="goofspiel", seats=2, private=True)
        lobby_join(table_id=table.pk, user=bob, invite_token=table.invite_token)
        return Match.objects.get(table=table)

    match = await sync_to_async(private_match)()
    assert await _close_code(await _socket(f"/ws/matches/{match.pk}/")) == 4401


async def test_it_closes_a_stranger_at_a_private_table_with_4403(alice, bob, carol):
    def private_match():
        table = lobby_create(host=alice, game="goofspiel", seats=2, private=True)
        lobby_join(table_id=table.pk, user=bob, invite_token=table.invite_token)
        return Match.objects.get(table=table)

    match = await sync_to_async(private_match)()
    assert await _close_code(await _socket(f"/ws/matches/{match.pk}/", carol)) == 4403


async def test_it_closes_an_unknown_match_with_4404(carol):
    assert await _close_code(await _socket("/ws/matches/987654/", carol)) == 4404


@pytest.mark.parametrize("segment", ["abc", "1e3", "9" * 40, "%C2%B2"])
async def test_it_closes_a_path_that_is_not_a_match_number_with_4404(carol, segment):
    assert await _close_code(await _socket(f"/ws/matches/{segment}/", carol)) == 4404


async def test_it_answers_a_binary_frame_and_stays_open(started_match):
    socket = await _alice_on(started_match)
    await socket.send_to(bytes_data=b"\x00\x01")
    error = await socket.receive_json_from(5)
    assert error["type"] == "error" and error["error"] == "malformed"
    await socket.send_json_to({"type": "hello", "version": -1})
    assert (await socket.receive_json_from(5))["type"] == "snapshot"
    await socket.disconnect()


@pytest.mark.parametrize("frame", ["{not json", "", "[" * 50_000])
async def test_it_answers_a_frame_that_is_not_json_and_stays_open(started_match, frame):
    socket = await _alice_on(started_match)
    await socket.send_input({"type": "websocket.receive", "text": frame})
    assert (await socket.receive_json_from(5))["error"] == "malformed"
    await socket.send_json_to({"type": "hello", "version": -1})
    assert (await socket.receive_json_from(5))["type"] == "snapshot"
    await socket.disconnect()


async def test_it_refuses_a_huge_frame_without_echoing_it(started_match):
    socket = await _alice_on(started_match)
    big = "x" * 5_000_000
    await socket.send_json_to({"type": "act", "id": big, "version": 0, "action": big})
    reply = await socket.receive_output(10)
    assert len(reply["text"]) < 500
    error = json.loads(reply["text"])
    assert error["error"] == "too_large" and error["id"] is None
    await socket.disconnect()


async def test_it_echoes_only_a_short_id_and_a_short_message_type(started_match):
    socket = await _alice_on(started_match)
    long = "y" * 10_000
    await socket.send_json_to({"type": long, "id": long})
    reply = await socket.receive_output(5)
    assert len(reply["text"]) < 500 and json.loads(reply["text"])["id"] is None
    await socket.send_json_to({"type": "act", "id": "m-1", "version": 0, "action": long})
    reply = await socket.receive_output(5)
    error = json.loads(reply["text"])
    assert error["id"] == "m-1" and len(reply["text"]) < 500
    await socket.disconnect()
