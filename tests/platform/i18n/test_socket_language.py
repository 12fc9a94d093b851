"""A match's socket frames speak each viewer's language (the account's setting, then the
browser's): the board's HTML pushed after every move, and the refusals of the socket. Two
sockets of the same seat in two languages each get their own frame."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async as sync_to_async
from channels.testing.websocket import WebsocketCommunicator
from django.test import Client

from config.asgi import application

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
CHOICES = {"en": "Your choices", "es": "Tus opciones", "vi": "Lựa chọn của bạn"}


def _cookie_for(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def _socket(match_id: int, user, accept_language: str = "") -> WebsocketCommunicator:
    headers = [(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")]
    headers.append((b"cookie", await sync_to_async(_cookie_for)(user)))
    if accept_language:
        headers.append((b"accept-language", accept_language.encode()))
    socket = WebsocketCommunicator(application, f"/ws/matches/{match_id}/?html=1", headers=headers)
    assert (await socket.connect())[0]
    return socket


async def _seat_user(match, index, language=""):
    def load():
        user = match.seats.select_related("user").get(index=index).user
        user.language = language
        user.save(update_fields=["language"])
        return user

    return await sync_to_async(load)()


async def test_each_socket_gets_the_board_in_its_viewers_language(started_match):
    alice = await _seat_user(started_match, 0)
    bob = await _seat_user(started_match, 1, "vi")
    spanish = await _socket(started_match.pk, alice, "es-ES,es;q=0.9")
    english = await _socket(started_match.pk, alice, "en")
    vietnamese = await _socket(started_match.pk, bob, "es")  # his setting wins
    for socket, language in ((spanish, "es"), (english, "en"), (vietnamese, "vi")):
        first = await socket.receive_json_from(5)
        assert CHOICES[language] in first["html"]
    await spanish.send_json_to({"type": "act", "id": 1, "version": 0, "action": "bid card=1"})
    frames = {}
    for socket, language in ((spanish, "es"), (english, "en"), (vietnamese, "vi")):
        while True:
            message = await socket.receive_json_from(5)
            if message["type"] == "snapshot" and message["version"] == 1:
                frames[language] = message["html"]
                break
    assert CHOICES["vi"] in frames["vi"] and CHOICES["es"] not in frames["vi"]
    assert "Your choices" not in frames["es"] and "Tus opciones" not in frames["en"]
    for socket in (spanish, english, vietnamese):
        await socket.disconnect()


async def test_a_socket_refusal_reads_in_the_viewers_language(started_match):
    alice = await _seat_user(started_match, 0, "es")
    socket = await _socket(started_match.pk, alice, "en")
    await socket.receive_json_from(5)
    await socket.send_json_to({"type": "act", "id": 2, "version": 5, "action": "bid card=1"})
    error = await socket.receive_json_from(5)
    assert error["type"] == "error" and error["error"] == "stale_version"
    assert error["detail"].startswith("La partida ha avanzado (ahora en la versión 0)")
    await socket.send_json_to({"type": "shout"})
    unknown = await socket.receive_json_from(5)
    assert unknown["detail"] == "Mensaje desconocido 'shout'."
    await socket.disconnect()
