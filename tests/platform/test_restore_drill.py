"""The restore drill (docs/operations.md, "Backups"): a site with a finished ranked match, a
running match and a tournament under way is dumped by scripts/backup.sh and restored into a new
database by scripts/restore.sh; pointed at that database, the site serves the same pages and
the running match takes its next move. A move made on the original after the dump shows that
the pages come from the restored database (they are as they were at the dump)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client

from ladders.models import Rating
from play.models import Match
from play.services import action_submit
from tests.platform.ladders.conftest import play_out, ranked_match
from tests.platform.tournaments.conftest import create, current_tables, register_all
from tournaments.services import tournament_start

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.services,
    # pg_dump sees committed rows only: no test transaction around this one.
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not shutil.which("pg_dump"), reason="pg_dump/pg_restore not installed"),
]


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _url(name: str) -> str:
    db = connection.settings_dict
    auth = quote(db.get("USER") or "postgres", safe="")
    if db.get("PASSWORD"):
        auth += ":" + quote(db["PASSWORD"], safe="")
    return f"postgres://{auth}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{name}"


def _script(name: str, *args: str, **env: str) -> str:
    done = subprocess.run(
        [str(ROOT / "scripts" / name), *args],
        env={**os.environ, "DATABASE_URL": _url(connection.settings_dict["NAME"]), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def _site(alice, bob, carol):
    """A finished ranked match (ratings), a running match one move in, a tournament started."""
    finished = play_out(ranked_match(alice, bob))
    running = ranked_match(alice, carol, ranked=False)
    seat = running.engine.to_act(running.state)[0]
    action = running.engine.legal_actions(running.state, seat)[0]
    action_submit(match_id=running.pk, seat_index=seat, action=action, version=running.version)
    tournament = create(alice, name="Drill cup")
    register_all(tournament, [alice, bob, carol])
    tournament_start(tournament_id=tournament.pk, user=alice)
    assert Rating.objects.filter(game="goofspiel").count() == 2
    return finished, Match.objects.get(pk=running.pk), tournament


def _old_backup(folder: Path, days: int) -> Path:
    path = folder / f"tabletop-2020010{days}T000000Z.dump"
    path.write_bytes(b"")
    then = time.time() - days * 86400
    os.utime(path, (then, then))
    return path


def _pages(client: Client, urls: list[str]) -> dict[str, str]:
    """Each page's HTML without what differs on every load (CSRF token, CSP nonce)."""
    pages = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        html = re.sub(
            r'(csrfmiddlewaretoken" value=|nonce=|csrf-token" content=)"[^"]*"', r"\1", html
        )
        pages[url] = html
    return pages


@contextmanager
def _served_from(name: str):
    """Point this process's default connection (and its pool) at another database; the cache
    is emptied on the way in and out, as after a real restore (it may hold newer boards)."""
    original = connection.settings_dict["NAME"]
    _switch(name)
    try:
        yield
    finally:
        _switch(original)


def _switch(name: str) -> None:
    connection.close()
    if hasattr(connection, "close_pool"):
        connection.close_pool()
    connection.settings_dict["NAME"] = name
    cache.clear()


def _drop(name: str) -> None:
    with psycopg.connect(_url("postgres"), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_it_restores_a_site_that_serves_its_games_and_plays_on(alice, bob, carol, tmp_path):
    finished, running, tournament = _site(alice, bob, carol)
    table = current_tables(tournament)[0]
    client = Client()
    client.force_login(alice)
    urls = [f"/matches/{finished.pk}/", f"/matches/{running.pk}/", f"/matches/{table.match_id}/"]
    urls += [f"/tournaments/{tournament.pk}/", "/ladders/goofspiel/", "/my-games/"]
    before = _pages(client, urls)

    expired, kept = _old_backup(tmp_path, days=8), _old_backup(tmp_path, days=6)
    backup = _script("backup.sh", BACKUP_DIR=str(tmp_path), BACKUP_KEEP_DAYS="7")
    assert re.fullmatch(r".*/tabletop-\d{8}T\d{6}Z\.dump", backup) and Path(backup).stat().st_size
    assert not expired.exists() and kept.exists()  # BACKUP_KEEP_DAYS=7
    # The original moves on after the dump: the restored site must not show this move.
    seat = running.engine.to_act(running.state)[0]
    action = running.engine.legal_actions(running.state, seat)[0]
    action_submit(match_id=running.pk, seat_index=seat, action=action, version=running.version)

    restored = f"{connection.settings_dict['NAME']}_restored"
    _drop(restored)
    try:
        assert _script("restore.sh", backup, restored) == _url(restored)
        with _served_from(restored):
            assert _pages(client, urls) == before
            moved = action_submit(
                match_id=running.pk, seat_index=seat, action=action, version=running.version
            )
            assert moved.version == running.version + 1
            assert Match.objects.get(pk=running.pk).log.count() == running.version + 1
    finally:
        _drop(restored)
