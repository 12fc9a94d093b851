"""A player's presence on a match expires by itself (issue 12): the socket refreshes it, a row
left by a socket that died unseen stops counting, and the turn e-mails come back."""

import asyncio
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async as sync_to_async
from channels.testing.websocket import WebsocketCommunicator
from django.core import mail
from django.test import Client
from django.utils import timezone

from config.asgi import application
from lobbies.services import lobby_create, lobby_join
from play import consumers
from play.models import Match, Presence
from play.services import action_submit

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _cookie_for(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def _open(match_id: int, user) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")]
    headers.append((b"cookie", await sync_to_async(_cookie_for)(user)))
    socket = WebsocketCommunicator(application, f"/ws/matches/{match_id}/", headers=headers)
    assert (await socket.connect())[0]
    assert (await socket.receive_json_from(5))["type"] == "snapshot"
    return socket


def _age_presences(match_id: int, by: timedelta) -> None:
    """The clock moves on while nothing refreshes the rows."""
    for presence in Presence.objects.filter(match_id=match_id):
        Presence.objects.filter(pk=presence.pk).update(seen_at=presence.seen_at - by)


def _seen_ago(match_id: int) -> timedelta:
    return timezone.now() - Presence.objects.get(match_id=match_id).seen_at


async def test_a_binary_frame_leaves_no_presence_behind(started_match):
    alice = await sync_to_async(lambda: started_match.seats.get(index=0).user)()
    socket = await _open(started_match.pk, alice)
    await socket.send_to(bytes_data=b"\xff")
    assert (await socket.receive_json_from(5))["error"] == "malformed"
    await socket.disconnect()
    assert await sync_to_async(Presence.objects.filter(match=started_match).count)() == 0


async def test_any_frame_refreshes_the_presence(started_match, monkeypatch):
    monkeypatch.setattr(consumers, "REFRESH_AFTER", 0.0)  # at most every 10 s on the site
    alice = await sync_to_async(lambda: started_match.seats.get(index=0).user)()
    socket = await _open(started_match.pk, alice)
    await sync_to_async(_age_presences)(started_match.pk, timedelta(hours=1))
    await socket.send_json_to({"type": "hello", "version": -1})
    await socket.receive_json_from(5)
    # The rows of the sockets heard are refreshed together within SEEN_FLUSH_S.
    for _ in range(40):
        if await sync_to_async(_seen_ago)(started_match.pk) < Presence.TTL:
            break
        await asyncio.sleep(0.1)
    assert await sync_to_async(_seen_ago)(started_match.pk) < Presence.TTL
    await socket.disconnect()


async def test_the_server_heartbeat_refreshes_an_idle_socket(started_match, monkeypatch):
    monkeypatch.setattr(Presence, "HEARTBEAT", timedelta(milliseconds=200))
    alice = await sync_to_async(lambda: started_match.seats.get(index=0).user)()
    socket = await _open(started_match.pk, alice)
    await sync_to_async(_age_presences)(started_match.pk, timedelta(hours=1))
    await asyncio.sleep(0.6)
    assert await sync_to_async(_seen_ago)(started_match.pk) < Presence.TTL
    await socket.disconnect()


def test_a_presence_left_behind_expires_and_the_turn_emails_come_back(alice, bob):
    """Bob's socket died unseen (a killed server): his row stays, then ages past the TTL."""
    table = lobby_create(host=alice, game="goofspiel", seats=2, mode="turn", options={"cards": 3})
    lobby_join(table_id=table.pk, user=bob)
    match = Match.objects.get(table=table)
    Presence.objects.create(channel_name="specific.killed!1", match=match, user=bob)
    _age_presences(match.pk, Presence.TTL + timedelta(seconds=1))
    mail.outbox.clear()
    for user in (bob, alice):  # bob bids, alice closes the round: bob owes a move again
        seat = match.seats.get(user=user)
        card = Match.objects.get(pk=match.pk).state["hands"][seat.index][0]
        action_submit(match_id=match.pk, user=user, action=f"bid card={card}", version=0)
    assert Match.objects.get(pk=match.pk).seats.get(user=bob).to_act_since == 2
    assert bob.email in [m.to[0] for m in mail.outbox]


def test_a_fresh_presence_still_spares_the_email(alice, bob):
    table = lobby_create(host=alice, game="goofspiel", seats=2, mode="turn", options={"cards": 3})
    lobby_join(table_id=table.pk, user=bob)
    match = Match.objects.get(table=table)
    Presence.objects.create(channel_name="specific.open!1", match=match, user=bob)
    mail.outbox.clear()
    for user in (bob, alice):
        seat = match.seats.get(user=user)
        card = Match.objects.get(pk=match.pk).state["hands"][seat.index][0]
        action_submit(match_id=match.pk, user=user, action=f"bid card={card}", version=0)
    assert bob.email not in [m.to[0] for m in mail.outbox]
    assert Match.objects.get(pk=match.pk).seats.get(user=bob).to_act_since == 2
