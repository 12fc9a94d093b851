"""On PostgreSQL, Redis and a real Celery worker: the sweep task (what beat sends every 30 s)
ends a turn-based round at its deadline by the organiser's rule, and starts the next round
only when its start time comes."""

from __future__ import annotations

import time
import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from play.models import Match
from tournaments import services, tasks
from tournaments.models import RoundSchedule, Tournament

from .conftest import create, register_all
from .test_runs_itself_on_a_real_worker import _wait, _worker

pytestmark = [pytest.mark.services, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def _sweep_until(condition, timeout: float, logs) -> None:
    """Beat's part, faster: the sweep task sent to the worker every second until `condition`."""

    def swept() -> bool:
        tasks.tournaments_sweep.delay()
        time.sleep(1)
        return condition()

    _wait(swept, timeout, logs)


def test_a_deadline_ends_the_round_and_the_next_waits_for_its_time(alice, players, tmp_path):
    queue = f"test-{uuid.uuid4().hex[:8]}"
    worker = _worker(tmp_path, "worker", queue)
    process = next(worker)
    try:
        t = create(alice, game="dicecity", table_size=2, rounds=2, options={}, mode="turn")
        Tournament.objects.filter(pk=t.pk).update(unfinished_rule="shared")
        register_all(t, players(4))
        services.tournament_start(tournament_id=t.pk, user=alice)
        deadline = timezone.now() + timedelta(seconds=4)
        RoundSchedule.objects.create(tournament=t, number=1, deadline=deadline)
        second = RoundSchedule.objects.create(
            tournament=t, number=2, starts_at=deadline + timedelta(seconds=6)
        )
        round_one = Match.objects.filter(
            tournament_table__round__number=1, tournament_table__tournament=t
        )
        tasks.tournaments_sweep.delay()
        time.sleep(2)
        assert round_one.filter(status="active").count() == 2  # before the deadline: untouched
        _sweep_until(
            lambda: not round_one.filter(status="active").exists(), 120, [process.log_path]
        )
        ended_at = timezone.now()
        assert ended_at >= deadline
        assert all(m.outcome["reason"] == "shared" for m in round_one)
        _sweep_until(lambda: t.rounds_set.filter(number=2).exists(), 120, [process.log_path])
        started = t.rounds_set.get(number=2).started_at
        assert started >= second.starts_at
    finally:
        worker.close()
    t.refresh_from_db()
    assert sorted(r["points"] for r in t.standings) == [0.5] * 4
    assert all(table.places == [1, 1] for table in t.tables.filter(round__number=1))
