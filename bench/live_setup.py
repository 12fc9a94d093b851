"""Set-up for bench/live_tables.py: a dedicated PostgreSQL database, migrated and emptied, then
4 * N players, N live Dice City tables of 4 seats (through the lobby services, so each table
starts its match exactly as on the site) and one login session per player."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEATS = 4
OPENING_MOVES = 12  # played on every table before a run (_opening_play)
# DEBUG is off in the bench, and the site refuses a weak key then: one strong key per run, shared
# by the set-up (which signs the sessions) and the server.
BENCH_SECRET_KEY = secrets.token_urlsafe(50)


@dataclass
class BenchTable:
    match_id: int
    sessions: list[str]  # the sessionid cookie of the player at each seat, by seat index


def server_env(database: str, var_dir: Path) -> dict[str, str]:
    """The environment of the bench: the server, manage.py and the set-up all read it."""
    return {
        **os.environ,
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{database}",
        "REDIS_URL": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
        "CHANNELS_PREFIX": f"bench{os.getpid()}",
        "DEBUG": "0",
        "SECRET_KEY": BENCH_SECRET_KEY,
        # Plain HTTP on 127.0.0.1: the site's HTTPS-only defaults (DEBUG off) are turned off.
        "SECURE_SSL_REDIRECT": "0",
        "SESSION_COOKIE_SECURE": "0",
        "CSRF_COOKIE_SECURE": "0",
        "SECURE_HSTS_SECONDS": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "CELERY_TASK_ALWAYS_EAGER": "1",
        "EMAIL_HOST": "",
        "VAR_DIR": str(var_dir),
        "LOG_LEVEL": "WARNING",
        "PYTHONPATH": os.pathsep.join(
            [str(ROOT), str(ROOT / "platform"), str(ROOT / "bench")]
            + list(filter(None, [os.environ.get("PYTHONPATH")]))
        ),
    }


def database_prepare(env: dict[str, str], database: str) -> None:
    """Create the database if needed, migrate it and empty it (every run starts the same)."""
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as db:
        exists = db.execute("SELECT 1 FROM pg_database WHERE datname = %s", [database]).fetchone()
        if not exists:
            db.execute(f'CREATE DATABASE "{database}"')
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--no-input", "-v", "0"], env=env, check=True)
    subprocess.run([*manage, "flush", "--no-input", "-v", "0"], env=env, check=True)


def tables_create(env: dict[str, str], count: int) -> list[BenchTable]:
    """Players, tables and sessions, created in this process through the site's services."""
    os.environ.update(env)
    for path in (str(ROOT / "platform"), str(ROOT)):
        if path not in sys.path:
            sys.path.insert(0, path)
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()
    from django.db import connections

    try:
        users = _players_create(count * SEATS)
        sessions = {user.pk: _session_create(user) for user in users}
        tables = [_table_create(users[i * SEATS : (i + 1) * SEATS], sessions) for i in range(count)]
        for number, table in enumerate(tables):
            _opening_play(table.match_id, seed=number)
    finally:
        connections.close_all()
    return tables


def _opening_play(match_id: int, seed: int) -> None:
    """OPENING_MOVES random moves through the site's services: every run measures tables in
    mid-game, with the log tail full and the choices of a game under way in their frames (the
    first move's choices are several times as many), for the site and the floor alike (the
    floor's frames are the site's payloads of that version)."""
    import random

    from play.models import Match
    from play.services import action_submit

    rng = random.Random(seed)
    match = Match.objects.get(pk=match_id)
    for _ in range(OPENING_MOVES):
        game = match.engine
        if game.outcome(match.state) is not None:
            return
        seat = game.to_act(match.state)[0]
        action = rng.choice(game.legal_actions(match.state, seat))
        match = action_submit(
            match_id=match_id, seat_index=seat, action=action, version=match.version
        )


def _players_create(count: int) -> list:
    from django.contrib.auth.hashers import make_password

    from accounts.models import User

    # Unusable passwords: hashing 400 real ones would take minutes. Turn e-mails off: with a
    # real Celery worker they would be sent elsewhere, not in the ASGI server measured here.
    unusable = make_password(None)
    User.objects.bulk_create(
        User(
            email=f"player{i}@bench.invalid",
            display_name=f"player{i}",
            password=unusable,
            turn_emails=False,
        )
        for i in range(count)
    )
    return list(User.objects.order_by("pk"))


def _session_create(user) -> str:
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return str(session.session_key)


def _table_create(players: list, sessions: dict[int, str]) -> BenchTable:
    from lobbies.services import lobby_create, lobby_join
    from play.models import Seat

    host, *guests = players
    table = lobby_create(host=host, game="dicecity", seats=SEATS, mode="live", move_seconds=3600)
    for guest in guests:
        lobby_join(table_id=table.pk, user=guest)
    table.refresh_from_db()
    seats = Seat.objects.filter(match=table.match).order_by("index")
    return BenchTable(table.match.pk, [sessions[seat.user_id] for seat in seats])


def floor_payloads(env: dict[str, str], tables: list[BenchTable], path: Path) -> None:
    """Each bench match's first payload per seat, as the site renders it (JSON, no HTML), for the
    floor (bench/live_floor.py) to send frames of the site's sizes; with the length of the log
    tail the site's frames carry (the floor keeps one of that length)."""
    os.environ.update(env)
    from django.db import connections

    from play.models import Match
    from play.selectors import match_payload
    from play.snapshots import LOG_TAIL, payload_for

    payloads: dict[str, dict[str, object]] = {}
    try:
        for table in tables:
            match = Match.objects.get(pk=table.match_id)
            seats = list(match.seats.select_related("user"))
            payloads[str(match.pk)] = {
                "payloads": {
                    str(seat.index): match_payload(match, seats, seat.index) for seat in seats
                },
                "sessions": {session: index for index, session in enumerate(table.sessions)},
                "log": payload_for(match.pk, None, match.version, False)["log"],
            }
    finally:
        connections.close_all()
    path.write_text(json.dumps({"log_tail": LOG_TAIL, "matches": payloads}, default=str))
