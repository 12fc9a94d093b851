"""A seat with a socket open in this process sees its turn come: no "your turn" e-mail task is
even queued for it (a socket in another process is found by the task, through presence)."""

import pytest
from channels.db import database_sync_to_async as sync_to_async

from notifications import tasks
from play.services import action_submit
from tests.platform.services.test_live_sockets import _connect, _seated

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _turn_match(alice, bob):
    from lobbies.services import lobby_create, lobby_join

    table = lobby_create(host=alice, game="goofspiel", seats=2, mode="turn", options={"cards": 3})
    lobby_join(table_id=table.pk, user=bob)
    table.refresh_from_db()
    return table.match


async def test_no_turn_email_task_is_queued_for_a_seat_watching_here(alice, bob, monkeypatch):
    match = await sync_to_async(_turn_match)(alice, bob)
    queued = []
    monkeypatch.setattr(tasks.turn_email_send, "delay", lambda *args: queued.append(args))
    first, second = await _seated(match, 0), await _seated(match, 1)
    socket = await _connect(match.pk, first)
    assert (await socket.connect())[0]
    assert (await socket.receive_json_from(5))["version"] == 0
    # Whoever bids first in a round owes a move again when the round ends (a new clock).
    for user, version in ((first, 0), (second, 1)):  # alice's turn begins anew: she watches
        await sync_to_async(action_submit)(
            match_id=match.pk, user=user, action={"type": "bid", "card": 1}, version=version
        )
    assert queued == []
    for user, version in ((second, 2), (first, 3)):  # bob's turn begins anew: he has no socket
        await sync_to_async(action_submit)(
            match_id=match.pk, user=user, action={"type": "bid", "card": 2}, version=version
        )
    bob_seat = await sync_to_async(lambda: match.seats.get(index=1).pk)()
    assert queued == [(bob_seat, 4)]
    assert (await socket.receive_json_from(5))["version"] >= 1
    await socket.disconnect()
