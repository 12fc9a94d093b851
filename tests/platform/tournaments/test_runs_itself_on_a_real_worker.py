"""End to end on PostgreSQL + Redis + a real Celery worker: a 9-player Swiss at 3-player
Dice City tables, 3 rounds, played by bots, runs from registration to the final standings with
nobody touching it; and a worker killed mid-round loses nothing: once a worker is back, the
beat sweep (and the outbox worker) carry the round on."""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone

from outbox.services import outbox_drain
from play.models import Match
from tests.platform.services.test_turn_emails_worker import worker_process
from tournaments import services, sweep
from tournaments.models import Tournament, TournamentTable

from .conftest import create

pytestmark = [pytest.mark.services, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[3]
TIMEOUT_S = 600  # generous: the machine is shared; alone a run takes about a minute


def _env(queue: str) -> dict[str, str]:
    db = settings.DATABASES["default"]
    return {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "CELERY_QUEUE": queue,
        "BOT_MOVE_DELAY_MS": "0",
        "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}",
    }


def _worker(tmp_path, name: str, queue: str):
    return worker_process(queue, _env(queue), tmp_path / f"{name}.log")


def _swiss_of_bots(alice) -> Tournament:
    t = create(alice, name="Bots' Swiss", game="dicecity", table_size=3, rounds=3, options={})
    for _ in range(9):
        services.tournament_bot_add(tournament_id=t.pk, user=alice, bot="random")
    return t


def _wait(condition, timeout: float, logs) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.5)
    tails = "\n".join(Path(p).read_text()[-3000:] for p in logs)
    raise AssertionError(f"timed out; worker logs:\n{tails}")


def _status(t: Tournament) -> str:
    t.refresh_from_db()
    return t.status


def test_a_swiss_of_bots_runs_to_the_final_standings_by_itself(alice, tmp_path):
    queue = f"test-{uuid.uuid4().hex[:8]}"
    worker = _worker(tmp_path, "worker", queue)
    process = next(worker)
    try:
        t = _swiss_of_bots(alice)
        services.tournament_start(tournament_id=t.pk, user=alice)
        _wait(lambda: _status(t) == Tournament.Status.FINISHED, TIMEOUT_S, [process.log_path])
    finally:
        worker.close()
    assert t.rounds_set.count() == 3
    assert TournamentTable.objects.filter(tournament=t).count() == 9
    assert all(table.is_finished for table in TournamentTable.objects.filter(tournament=t))
    assert sorted(r["played"] for r in t.standings) == [3] * 9
    assert [r["rank"] for r in t.standings] == sorted(r["rank"] for r in t.standings)


def test_a_worker_killed_mid_round_loses_nothing(alice, tmp_path):
    queue = f"test-{uuid.uuid4().hex[:8]}"
    first = _worker(tmp_path, "first", queue)
    process = next(first)
    t = _swiss_of_bots(alice)
    services.tournament_start(tournament_id=t.pk, user=alice)
    moved = Match.objects.filter(tournament_table__tournament=t, version__gt=5)
    _wait(lambda: moved.exists(), 60, [process.log_path])
    process.kill()  # SIGKILL mid-game: no goodbye, its task is neither acked nor finished
    process.wait(10)
    first.close()
    assert t.rounds_set.count() == 1
    assert Match.objects.filter(tournament_table__tournament=t, status="active").exists()
    second = _worker(tmp_path, "second", queue)
    process = next(second)
    try:
        deadline = time.monotonic() + TIMEOUT_S
        while _status(t) != Tournament.Status.FINISHED and time.monotonic() < deadline:
            # What beat and the outbox worker do in production, every 30 s; `now` runs ahead
            # so that a game a killed worker left is seen as stalled without waiting a minute.
            outbox_drain()
            sweep.tournaments_sweep(now=timezone.now() + sweep.BOTS_STALL)
            time.sleep(2)
    finally:
        second.close()
    assert _status(t) == Tournament.Status.FINISHED, Path(process.log_path).read_text()[-3000:]
    assert t.rounds_set.count() == 3
