"""More processes, more tables: two ASGI servers sharing PostgreSQL and the Redis channel layer
deliver each other's moves to their sockets (issue 10, point 4)."""

import json
import sys
from contextlib import ExitStack

import pytest
from django.test import Client
from websockets.sync.client import connect

from tests.platform.faults.conftest import Process, service_env, wait
from tests.platform.faults.test_asgi_server_killed import _free_port, _port_open
from tests.platform.services.test_turn_emails_worker import _dice_city

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _server(tmp_path, name: str) -> Process:
    port = _free_port()
    server = Process(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--port", str(port)],
        service_env(CELERY_TASK_ALWAYS_EAGER="true"),
        tmp_path / f"{name}.log",
    )
    server.port = port
    return server


def _socket(port: int, match_id: int, user):
    client = Client()
    client.force_login(user)
    return connect(
        f"ws://127.0.0.1:{port}/ws/matches/{match_id}/",
        origin=f"http://127.0.0.1:{port}",
        additional_headers={"Cookie": f"sessionid={client.cookies['sessionid'].value}"},
        open_timeout=10,
    )


def _next_snapshot(socket) -> dict:
    while True:
        message = json.loads(socket.recv(10))
        if message["type"] == "snapshot":
            return message


def test_players_on_two_servers_see_each_others_moves(alice, bob, tmp_path):
    match = _dice_city(alice, bob)
    servers = [_server(tmp_path, "one").start(), _server(tmp_path, "two").start()]
    try:
        for server in servers:
            assert wait(lambda s=server: _port_open(s.port), timeout=30), server.log()
        with ExitStack() as stack:
            sockets = {
                seat.index: stack.enter_context(
                    _socket(servers[seat.index].port, match.pk, seat.user)
                )
                for seat in match.seats.select_related("user")
            }
            snapshots = {i: _next_snapshot(socket) for i, socket in sockets.items()}
            for _ in range(4):  # moves made on one server, seen on the other, both ways
                actor = next(i for i, snap in snapshots.items() if snap["legal"])
                version = snapshots[actor]["version"]
                action = snapshots[actor]["legal"][-1]["action"]
                sockets[actor].send(
                    json.dumps({"type": "act", "version": version, "action": action})
                )
                for i, socket in sockets.items():
                    snapshots[i] = _next_snapshot(socket)
                    assert snapshots[i]["version"] == version + 1, servers[1 - i].log()
            assert {s["seat"] for s in snapshots.values()} == {0, 1}
    finally:
        for server in servers:
            server.stop()
