"""One web process under a crowd holds no more database connections than its pool allows
(issue 31, point 1): 200 HTTP requests at once and 200 sockets at once against one uvicorn
process with DEBUG off, every one answered, while PostgreSQL is asked every few milliseconds how
many connections that process holds."""

import asyncio
import json
import sys
import threading
import urllib.error
import urllib.request
import uuid
from contextlib import contextmanager

import psycopg
import pytest
from django.conf import settings
from django.test import Client
from websockets.asyncio.client import connect

from tests.platform.faults.conftest import Process, service_env, wait
from tests.platform.faults.test_asgi_server_killed import _free_port, _port_open
from tests.platform.services.test_turn_emails_worker import _dice_city
from tournaments.services import tournament_create, tournament_register, tournament_start

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

POOL_MAX = 4
CROWD = 200


def _server(tmp_path, name: str, secret_key: str) -> Process:
    db = settings.DATABASES["default"]
    port = _free_port()
    env = service_env(
        CELERY_TASK_ALWAYS_EAGER="true",
        DEBUG="0",
        SECRET_KEY=secret_key,
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        ALLOWED_HOSTS="127.0.0.1",
        DATABASE_URL=(
            f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
            f"?application_name={name}"
        ),
        DB_POOL_MAX_SIZE=str(POOL_MAX),
        DB_POOL_TIMEOUT="20",
    )
    env.pop("DB_CONN_MAX_AGE", None)
    server = Process(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--port", str(port)],
        env,
        tmp_path / "web.log",
    )
    server.port = port
    return server


@contextmanager
def _connections_counted(name: str):
    """The most connections the process named `name` held at once, sampled every 5 ms."""
    db = settings.DATABASES["default"]
    seen = {"most": 0, "samples": 0}
    stop = threading.Event()

    def sample() -> None:
        dsn = f"host={db['HOST']} port={db['PORT']} user={db['USER']} dbname={db['NAME']}"
        with psycopg.connect(dsn, autocommit=True) as conn:
            while not stop.is_set():
                (count,) = conn.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", [name]
                ).fetchone()
                seen["most"] = max(seen["most"], count)
                seen["samples"] += 1
                stop.wait(0.005)

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    try:
        yield seen
    finally:
        stop.set()
        thread.join(5)


def _cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


def _requests_at_once(port: int, paths: list[str], cookie: str) -> list[int]:
    """Each path fetched by its own thread, all released together: the statuses."""
    statuses: list[int] = [0] * len(paths)
    start = threading.Barrier(len(paths))

    def fetch(i: int, path: str) -> None:
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}{path}", headers={"Cookie": cookie} if i % 2 else {}
        )
        start.wait()
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                response.read()
                statuses[i] = response.status
        except urllib.error.HTTPError as error:
            statuses[i] = error.code

    threads = [threading.Thread(target=fetch, args=(i, p)) for i, p in enumerate(paths)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(90)
    return statuses


async def _sockets_at_once(port: int, targets: list[tuple[int, str]]) -> list[int]:
    """Each (match, cookie) opened as a socket at once: the version of each one's snapshot."""

    async def one(match_id: int, cookie: str) -> int:
        async with connect(
            f"ws://127.0.0.1:{port}/ws/matches/{match_id}/",
            origin=f"http://127.0.0.1:{port}",
            additional_headers={"Cookie": cookie},
            open_timeout=60,
        ) as socket:
            while True:
                message = json.loads(await asyncio.wait_for(socket.recv(), 60))
                if message["type"] == "snapshot":
                    return int(message["version"])

    return await asyncio.gather(*(one(m, c) for m, c in targets))


def _crowd_paths(cup: int, match_ids: list[int]) -> list[str]:
    pages = [
        f"/tournaments/{cup}/",
        f"/tournaments/{cup}/standings/",
        f"/api/tournaments/{cup}/",
        f"/api/tournaments/{cup}/rounds/",
        "/ladders/dicecity/",
        "/players/alice/",
        "/api/ladders/dicecity/",
        *(f"/api/matches/{m}/" for m in match_ids),
    ]
    return [pages[i % len(pages)] for i in range(CROWD)]


def test_a_crowd_of_requests_and_sockets_stays_within_the_pool(
    alice, bob, carol, tmp_path, settings
):
    settings.SECRET_KEY = uuid.uuid4().hex * 2  # the server's (DEBUG off): the sessions' too
    matches = [_dice_city(alice, bob) for _ in range(4)]
    cup = tournament_create(
        organiser=alice, name="Pool cup", game="dicecity", format="swiss", table_size=2, rounds=2
    )
    for player in (alice, bob, carol):
        tournament_register(tournament_id=cup.pk, user=player)
    tournament_start(tournament_id=cup.pk, user=alice)
    name = f"pooltest-{uuid.uuid4().hex[:8]}"
    server = _server(tmp_path, name, settings.SECRET_KEY).start()
    cookies = [_cookie(alice), _cookie(bob)]
    try:
        assert wait(lambda: _port_open(server.port), timeout=60), server.log()
        with _connections_counted(name) as seen:
            statuses = _requests_at_once(
                server.port, _crowd_paths(cup.pk, [m.pk for m in matches]), cookies[0]
            )
            targets = [(matches[i % 4].pk, cookies[i % 2]) for i in range(CROWD)]
            versions = asyncio.run(_sockets_at_once(server.port, targets))
    finally:
        server.stop()
    assert statuses == [200] * CROWD, (sorted(set(statuses)), server.log())
    assert versions == [matches[i % 4].version for i in range(CROWD)]
    assert seen["samples"] > 20  # the counting ran through the crowd
    assert 1 <= seen["most"] <= POOL_MAX, seen
