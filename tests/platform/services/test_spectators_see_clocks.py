"""Spectators see the clocks too (issue 28, point 3): the API's match payload and the socket's
snapshot and updates carry each seat's bank and deadline to a watcher with no seat, as to the
players; after a decision the seat that decided shows its bank still and the other ticks on."""

import pytest
from channels.db import database_sync_to_async as sync_to_async

from play.models import Match
from tests.platform.services.test_live_sockets import _connect, _seated

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_spectator_gets_every_seats_clock_from_the_api(client, started_match):
    watcher = client.get(f"/api/matches/{started_match.pk}/").json()
    client.force_login(started_match.seats.get(index=0).user)
    seated = client.get(f"/api/matches/{started_match.pk}/").json()
    assert watcher["seat"] is None
    assert watcher["clocks"] == seated["clocks"], "every viewer sees the same clocks"
    seats = watcher["clocks"]["seats"]
    assert [s["seat"] for s in seats] == [0, 1]
    assert all(s["deadline"] and s["bank"] == 300.0 for s in seats), seats  # both owe a bid
    assert watcher["clocks"]["name"] == "5m per move"


async def test_a_spectator_sees_the_clocks_move_on_the_socket(started_match):
    player = await _connect(started_match.pk, await _seated(started_match, 0))
    assert (await player.connect())[0]
    await player.receive_json_from(5)
    watcher = await _connect(started_match.pk)
    assert (await watcher.connect())[0]
    snapshot = await watcher.receive_json_from(5)
    assert snapshot["seat"] is None
    assert [bool(s["deadline"]) for s in snapshot["clocks"]["seats"]] == [True, True]
    await player.send_json_to({"type": "act", "id": 1, "version": 0, "action": "bid card=2"})
    update = await watcher.receive_json_from(5)
    match = await sync_to_async(Match.objects.get)(pk=started_match.pk)
    shown = update["clocks"]["seats"]
    assert update["version"] == 1
    assert shown[0]["deadline"] is None and shown[0]["bank"] == round(match.banks[0]["left"], 1)
    assert shown[1]["deadline"] == snapshot["clocks"]["seats"][1]["deadline"], "still ticking"
    await player.disconnect()
    await watcher.disconnect()
