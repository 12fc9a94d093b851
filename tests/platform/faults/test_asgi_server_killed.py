"""kill -9 of the ASGI server (uvicorn) with sockets open and a move in flight: no committed move
is lost or applied twice, a restarted server hands reconnecting clients a fresh snapshot, and the
dead sockets' presence expires so turn e-mails come back."""

import json
import socket
import sys
from contextlib import ExitStack
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from websockets.sync.client import connect

from notifications.models import TurnEmail
from play.models import Match, Presence
from tests.platform.faults.conftest import Process, service_env, wait
from tests.platform.services.test_turn_emails_worker import _dice_city, _play_out_the_turn


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _port_open(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
    except OSError:
        return False
    return True


@pytest.fixture
def site(smtp, queue, tmp_path):
    port = _free_port()
    server = Process(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--port", str(port)],
        service_env(smtp.port, queue, CELERY_TASK_ALWAYS_EAGER="true"),
        tmp_path / "uvicorn.log",
    )
    server.port = port
    yield server
    server.stop()


def _up(site) -> None:
    site.start()
    assert wait(lambda: _port_open(site.port), timeout=30), site.log()


def _socket(site, match_id: int, user):
    client = Client()
    client.force_login(user)
    return connect(
        f"ws://127.0.0.1:{site.port}/ws/matches/{match_id}/",
        origin=f"http://127.0.0.1:{site.port}",
        additional_headers={"Cookie": f"sessionid={client.cookies['sessionid'].value}"},
        open_timeout=10,
    )


def test_a_killed_server_loses_no_move_and_its_sockets_stop_sparing_emails(
    site, smtp, celery_worker, alice, bob
):
    with ExitStack() as sockets:
        _crash_and_recover(sockets, site, smtp, celery_worker, alice, bob)


def _crash_and_recover(sockets, site, smtp, celery_worker, alice, bob):
    match = _dice_city(alice, bob)
    first = match.seats.select_related("user").get(to_act=True)
    second = match.seats.select_related("user").exclude(pk=first.pk).get()
    _up(site)
    waiting = sockets.enter_context(_socket(site, match.pk, second.user))
    assert json.loads(waiting.recv(10))["version"] == 0
    assert Presence.objects.live().filter(match=match, user=second.user).exists()

    # A move in flight when the server dies: sent on the socket, then kill -9 at once.
    playing = sockets.enter_context(_socket(site, match.pk, first.user))
    json.loads(playing.recv(10))
    game = match.engine
    action = game.legal_actions(match.state, first.index)[-1]
    playing.send(json.dumps({"type": "act", "id": 1, "version": 0, "action": action}))
    site.kill()

    # Its retry after the crash: applied now, or refused as stale if the first one landed.
    client = Client()
    client.force_login(first.user)
    retry = client.post(
        f"/api/matches/{match.pk}/actions/",
        {"action": action, "version": 0},
        content_type="application/json",
    )
    assert retry.status_code in (200, 409), retry.content
    assert match.log.filter(seq=1).count() == 1 and match.log.count() == 1

    # The dead socket's presence stays behind, then ages past its time-to-live...
    stale = Presence.objects.filter(match=match, user=second.user)
    assert stale.exists()
    stale.update(seen_at=timezone.now() - Presence.TTL - timedelta(seconds=1))
    # ...so when the second player's turn begins, the e-mail goes, once.
    _play_out_the_turn(Match.objects.get(pk=match.pk))
    assert wait(lambda: TurnEmail.objects.filter(seat=second, status="sent").exists(), 60), (
        celery_worker.log_path.read_text()[-3000:]
    )
    to_second = [m for m in smtp.handler.messages if second.user.email in m[0]]
    assert len(to_second) == 1

    # A restarted server gives a reconnecting client the current state.
    _up(site)
    again = sockets.enter_context(_socket(site, match.pk, second.user))
    snapshot = json.loads(again.recv(10))
    assert snapshot["type"] == "snapshot"
    assert snapshot["version"] == Match.objects.get(pk=match.pk).version
