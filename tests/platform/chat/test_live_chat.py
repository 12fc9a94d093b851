"""The chat over the match's own socket, on the real Redis channel layer: alice and bob play,
carol watches; each socket gets the lines its viewer sees, no more."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async as sync_to_async
from channels.testing.websocket import WebsocketCommunicator
from django.test import Client

from chat.models import ChatLine, Report
from config.asgi import application

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

SCRIPT = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def _cookie_for(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def _socket(match, user) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")]
    headers.append((b"cookie", await sync_to_async(_cookie_for)(user)))
    socket = WebsocketCommunicator(application, f"/ws/matches/{match.pk}/", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    assert (await socket.receive_json_from(5))["type"] == "snapshot"
    return socket


async def _next(socket, kind: str, timeout: float = 5) -> dict:
    """The next message of `kind` (others, such as snapshots, are skipped)."""
    while True:
        message = await socket.receive_json_from(timeout)
        if message["type"] == kind:
            return message


async def _say(socket, text: str, id_: int = 1) -> dict:
    await socket.send_json_to({"type": "chat.say", "id": id_, "text": text})
    return await _next(socket, "chat.ack")


@pytest.fixture
async def table(started_match, alice, bob, carol):
    sockets = {
        "alice": await _socket(started_match, alice),
        "bob": await _socket(started_match, bob),
        "carol": await _socket(started_match, carol),
    }
    yield sockets
    for socket in sockets.values():
        await socket.disconnect()


async def test_a_players_line_reaches_the_players_and_the_spectator(table):
    ack = await _say(table["alice"], "good luck")
    for name in ("alice", "bob", "carol"):
        line = (await _next(table[name], "chat.line"))["line"]
        assert (line["id"], line["author"], line["text"], line["channel"]) == (
            ack["line"],
            "alice",
            "good luck",
            "players",
        )
    assert ack["id"] == 1


async def test_a_spectators_line_reaches_everyone_unless_a_player_hides_them(table):
    await _say(table["carol"], "nice")
    for name in ("alice", "bob", "carol"):
        assert (await _next(table[name], "chat.line"))["line"]["channel"] == "spectators"
    await table["alice"].send_json_to({"type": "chat.spectators", "show": False})
    assert (await _next(table["alice"], "chat.spectators"))["show"] is False
    await _say(table["carol"], "you missed that")
    assert (await _next(table["bob"], "chat.line"))["line"]["text"] == "you missed that"
    assert await table["alice"].receive_nothing(0.5)


async def test_a_muted_persons_lines_do_not_reach_the_one_who_muted_them(table, carol):
    await table["bob"].send_json_to({"type": "chat.mute", "person": carol.pk, "muted": True})
    assert (await _next(table["bob"], "chat.muted")) == {
        "type": "chat.muted",
        "person": carol.pk,
        "muted": True,
        "id": None,
    }
    await _say(table["carol"], "bob, bid high")
    assert (await _next(table["alice"], "chat.line"))["line"]["text"] == "bob, bid high"
    assert await table["bob"].receive_nothing(0.5)


async def test_a_line_with_markup_travels_as_plain_text(table):
    await _say(table["bob"], SCRIPT)
    assert (await _next(table["carol"], "chat.line"))["line"]["text"] == SCRIPT
    stored = await sync_to_async(lambda: ChatLine.objects.get().text)()
    assert stored == SCRIPT  # kept as typed; every page and e-mail escapes it (test_pages...)


async def test_anyone_reports_a_line_over_the_socket(table):
    ack = await _say(table["bob"], "idiot")
    await table["carol"].send_json_to(
        {"type": "chat.report", "id": "r1", "line": ack["line"], "reason": "abuse"}
    )
    assert (await _next(table["carol"], "chat.reported")) == {
        "type": "chat.reported",
        "line": ack["line"],
        "id": "r1",
    }
    assert await sync_to_async(Report.objects.filter(line_id=ack["line"]).count)() == 1


async def test_the_socket_refuses_too_many_lines_and_bad_messages(table):
    for n in range(5):
        await _say(table["alice"], f"spam {n}", n)
    await table["alice"].send_json_to({"type": "chat.say", "id": 9, "text": "more"})
    refusal = await _next(table["alice"], "chat.error")
    assert (refusal["error"], refusal["id"]) == ("too_fast", 9)
    for message, code in (
        ({"type": "chat.say", "text": 5}, "malformed"),
        ({"type": "chat.say", "text": "x" * 301}, "too_long"),
        ({"type": "chat.history", "after": "0"}, "malformed"),
        ({"type": "chat.mute", "person": "bob"}, "malformed"),
        ({"type": "chat.spectators", "show": "no"}, "malformed"),
    ):
        await table["bob"].send_json_to(message)
        assert (await _next(table["bob"], "chat.error"))["error"] == code, message
    await table["bob"].send_json_to({"type": ["chat.say"]})
    assert (await _next(table["bob"], "error"))["error"] == "malformed"


async def test_a_reconnecting_socket_gets_the_lines_it_missed(table, started_match, alice):
    first = await _say(table["bob"], "before")
    await table["alice"].disconnect()
    # Both the ack and bob's own copy of the line, in whichever order they come: once the line
    # reached bob it is out, so the new socket must ask for it (a socket that joins while it
    # travels is simply sent it).
    await table["bob"].send_json_to({"type": "chat.say", "id": 2, "text": "while you were away"})
    seen = set()
    while seen != {"chat.ack", "chat.line"}:
        message = await table["bob"].receive_json_from(5)
        if message["type"] == "chat.ack" or (
            message["type"] == "chat.line" and message["line"]["text"] == "while you were away"
        ):
            seen.add(message["type"])
    again = await _socket(started_match, alice)
    await again.send_json_to({"type": "chat.history", "after": first["line"]})
    history = await _next(again, "chat.lines")
    assert [line["text"] for line in history["lines"]] == ["while you were away"]
    table["alice"] = again


async def test_a_ban_closes_the_banned_players_open_socket(table, started_match, alice, dave):
    from chat.moderation import account_ban

    await sync_to_async(account_ban)(staff=dave, user_id=alice.pk, reason="abuse")
    closed = await table["alice"].receive_output(5)
    while closed["type"] != "websocket.close":
        closed = await table["alice"].receive_output(5)
    assert closed["code"] == 4403
    headers = [(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")]
    headers.append((b"cookie", await sync_to_async(_cookie_for)(alice)))
    retry = WebsocketCommunicator(application, f"/ws/matches/{started_match.pk}/", headers=headers)
    await retry.connect()
    spectator = await _next(retry, "snapshot")  # the session no longer logs in: a spectator
    assert spectator["seat"] is None
    await retry.send_json_to({"type": "chat.say", "id": 1, "text": "still here"})
    assert (await _next(retry, "error"))["error"] == "unauthenticated"
    await retry.disconnect()
    snapshot = await _next(table["bob"], "snapshot")  # bob sees alice's seat handed to a bot
    assert snapshot["status"] == "finished"
