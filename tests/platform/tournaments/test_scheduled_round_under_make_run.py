"""Under `make run` there is no beat: the ticks thread (config/background.py,
BACKGROUND_TICKS) does its periodic work. A round with a start time starts at that time with
only that thread running (PostgreSQL, the thread's own connection, committed data)."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from config.background import ticks_start
from tournaments import schedule, services
from tournaments.models import Round

from .conftest import create, play_round, register_all


@pytest.mark.django_db(transaction=True)
def test_a_scheduled_round_starts_on_time_with_only_the_ticks_thread(players):
    alice, *rest = players(5)
    t = create(alice, rounds=2)
    register_all(t, rest)
    services.tournament_start(tournament_id=t.pk, user=alice)
    at = timezone.now() + timedelta(seconds=3)
    schedule.round_schedule_set(
        tournament_id=t.pk, user=alice, number=2, starts_at=at, deadline=None
    )
    play_round(t)  # round 1 over: the advance after the results waits for round 2's time
    services.tournament_advance(tournament_id=t.pk)
    assert not Round.objects.filter(tournament=t, number=2).exists()
    stop = threading.Event()
    thread = ticks_start(every=0.5, stop=stop)
    try:
        for _ in range(60):
            second = Round.objects.filter(tournament=t, number=2).first()
            if second is not None:
                break
            time.sleep(0.5)
    finally:
        stop.set()
        thread.join(timeout=30)
    assert second is not None, "round 2 never started under the ticks thread"
    assert second.started_at >= at
    assert not thread.is_alive()
