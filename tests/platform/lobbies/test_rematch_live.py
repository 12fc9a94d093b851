"""The rematch, live over a finished match's socket (docs/lobbies.md, "Rematch, live"), on the
real Redis channel layer: alice offers, bob and carol see the offer arrive without a reload,
accept in turn, and the rematch starts when the last of them accepts; a refusal reaches
everyone; an offer made through the end screen's form reaches the sockets too; a spectator
gets none of it."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async as sync_to_async
from channels.testing.websocket import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from lobbies.services import lobby_create, lobby_join
from play.models import Match
from play.services import seat_forfeit
from tests.platform.conftest import make_user

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _cookie_for(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def _socket(match, user, language: str = "en") -> WebsocketCommunicator:
    headers = [(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")]
    headers += [(b"cookie", await sync_to_async(_cookie_for)(user))]
    headers += [(b"accept-language", language.encode())]
    socket = WebsocketCommunicator(application, f"/ws/matches/{match.pk}/", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    assert (await socket.receive_json_from(5))["type"] == "snapshot"
    return socket


async def _next(socket, kind: str, timeout: float = 5) -> dict:
    """The next message of `kind` (others are skipped)."""
    while True:
        message = await socket.receive_json_from(timeout)
        if message["type"] == kind:
            return message


async def _until(socket, wanted, timeout: float = 5) -> dict:
    """The first "rematch" frame for which `wanted(frame)` holds (frames of earlier changes may
    still be on their way: each change sends one to every player)."""
    while True:
        frame = await _next(socket, "rematch", timeout)
        if wanted(frame):
            return frame


def _finished_match(alice, bob, carol) -> Match:
    """A three-seat Goofspiel match alice won: bob and carol resigned."""
    table = lobby_create(host=alice, game="goofspiel", seats=3, options={"cards": 3})
    for user in (bob, carol):
        lobby_join(table_id=table.pk, user=user)
    match = Match.objects.get(table=table)
    for user in (bob, carol):
        seat_forfeit(
            match_id=match.pk, seat_index=match.seats.get(user=user).index, reason="resigned"
        )
    match.refresh_from_db()
    assert match.is_finished
    return match


@pytest.fixture
async def ended(alice, bob, carol):
    match = await sync_to_async(_finished_match)(alice, bob, carol)
    dave = await sync_to_async(make_user)("dave")
    sockets = {
        "alice": await _socket(match, alice),
        "bob": await _socket(match, bob),
        "carol": await _socket(match, carol, "es"),
        "dave": await _socket(match, dave),  # a spectator
    }
    yield match, sockets
    for socket in sockets.values():
        await socket.disconnect()


async def test_the_offer_arrives_live_and_starts_when_everyone_accepts(ended):
    match, s = ended
    await s["alice"].send_json_to({"type": "rematch.state", "id": 1})
    none = await _next(s["alice"], "rematch")
    assert (none["status"], none["id"], none["actions"][0]["type"]) == ("none", 1, "rematch.offer")
    await s["alice"].send_json_to({"type": "rematch.offer", "id": 2})
    mine = await _until(s["alice"], lambda f: f.get("id") == 2)
    assert mine["status"] == "open" and mine["you_accepted"] and mine["actions"] == []
    seen = await _next(s["bob"], "rematch")  # no reload: pushed to bob's socket
    assert seen["status"] == "open" and not seen["you_accepted"]
    assert [a["label"] for a in seen["actions"]] == ["Accept the rematch", "Decline"]
    waiting = seen["text"].removeprefix("Rematch offered: waiting for ").rstrip(".")
    assert sorted(waiting.split(", ")) == ["bob", "carol"]  # in seat order
    spanish = await _next(s["carol"], "rematch")
    assert spanish["actions"][0]["label"] == "Aceptar la revancha"
    await s["bob"].send_json_to({"type": "rematch.offer"})
    await _until(s["alice"], lambda f: f["text"] == "Rematch offered: waiting for carol.")
    await s["carol"].send_json_to({"type": "rematch.offer"})
    for name in ("alice", "bob", "carol"):
        frame = await _until(s[name], lambda f: f["status"] == "started")
        assert frame["match"] is not None
    rematch = await sync_to_async(Match.objects.get)(pk=frame["match"])
    assert rematch.status == Match.Status.ACTIVE and rematch.pk != match.pk
    assert await s["dave"].receive_nothing(0.3)  # the spectator saw none of it


async def test_a_refusal_reaches_every_player(ended):
    _match, s = ended
    await s["alice"].send_json_to({"type": "rematch.offer"})
    await _next(s["bob"], "rematch")
    await s["bob"].send_json_to({"type": "rematch.decline"})
    for name in ("alice", "carol"):
        frame = await _until(s[name], lambda f: f["status"] != "open")
        assert frame["status"] == "declined" and frame["actions"] == []
    assert frame["text"] == "bob ha rechazado la revancha."  # carol reads Spanish


async def test_an_offer_through_the_end_screens_form_reaches_the_sockets(ended, alice):
    match, s = ended
    client = Client()
    await sync_to_async(client.force_login)(alice)
    response = await sync_to_async(client.post)(f"/matches/{match.pk}/rematch/")
    assert response.status_code == 302
    frame = await _next(s["bob"], "rematch")
    assert frame["status"] == "open" and not frame["you_accepted"]
    assert {p["name"]: p["accepted"] for p in frame["players"]} == {
        "alice": True,
        "bob": False,
        "carol": False,
    }


async def test_a_spectator_may_not_offer(ended):
    _match, s = ended
    await s["dave"].send_json_to({"type": "rematch.offer", "id": "x"})
    refusal = await _next(s["dave"], "rematch.error")
    assert (refusal["error"], refusal["id"]) == ("not_a_player", "x")
    assert await s["alice"].receive_nothing(0.3)


async def _left_from_the_table_page(user, table_id: int, verb: str = "leave") -> None:
    client = Client()
    await sync_to_async(client.force_login)(user)
    response = await sync_to_async(client.post)(f"/tables/{table_id}/{verb}/")
    assert response.status_code == 302


async def test_a_player_who_leaves_the_rematch_table_declines_it_for_everyone(ended, bob):
    _match, s = ended
    await s["alice"].send_json_to({"type": "rematch.offer"})
    offered = await _next(s["bob"], "rematch")
    await s["bob"].send_json_to({"type": "rematch.offer"})  # bob accepts: he takes his place
    await _until(s["alice"], lambda f: f["text"] == "Rematch offered: waiting for carol.")
    await _left_from_the_table_page(bob, offered["table"])  # then leaves the table's page
    for name in ("alice", "carol"):
        frame = await _until(s[name], lambda f: f["status"] != "open")
        assert frame["status"] == "declined" and frame["declined_by"] == "bob"
        assert frame["actions"] == []
    assert frame["text"] == "bob ha rechazado la revancha."  # carol reads Spanish


@pytest.mark.parametrize("verb", ["leave", "cancel"])
async def test_the_host_who_leaves_or_cancels_the_rematch_table_declines_it(ended, alice, verb):
    _match, s = ended
    await s["alice"].send_json_to({"type": "rematch.offer"})
    offered = await _next(s["bob"], "rematch")
    await _left_from_the_table_page(alice, offered["table"], verb)
    for name in ("bob", "carol"):
        frame = await _until(s[name], lambda f: f["status"] != "open")
        assert frame["status"] == "declined" and frame["declined_by"] == "alice"
