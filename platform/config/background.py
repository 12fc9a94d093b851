"""Beat's stand-in when the site runs with nothing but Python (BACKGROUND_TICKS, `make run`):
a thread that enforces the move clocks, pairs the ranked queue and carries out the outbox's
pending jobs every few seconds. Production runs Celery beat and the outbox worker instead
(docker compose)."""

from __future__ import annotations

import logging
import threading
import time

from django.db import close_old_connections, connections

from ladders.matchmaking import matchmaking_pair
from ladders.turn_queue import turn_queue_pair
from notifications.sweep import deadlines_sweep
from outbox.services import outbox_drain
from play.tasks import watchdog_pass
from tournaments.sweep import tournaments_sweep

log = logging.getLogger(__name__)


def ticks_start(every: float = 5.0, stop: threading.Event | None = None) -> threading.Thread:
    """The thread, started; `stop` (set it) ends it after the pass under way (tests)."""
    thread = threading.Thread(
        target=_ticks, args=(every, stop or threading.Event()), daemon=True, name="ticks"
    )
    thread.start()
    return thread


WATCHDOG_EVERY = 60.0  # seconds between two passes of the stall watchdog, as beat runs it


def _ticks(every: float, stop: threading.Event) -> None:
    try:
        _passes(every, stop)
    finally:
        connections.close_all()  # this thread's own connections


def _passes(every: float, stop: threading.Event) -> None:
    watched = time.monotonic()
    while not stop.wait(every):
        close_old_connections()
        try:
            deadlines_sweep()  # the clocks, vacations, reminders, digests
            matchmaking_pair()
            turn_queue_pair()
            outbox_drain()
            tournaments_sweep()
            if time.monotonic() - watched >= WATCHDOG_EVERY:
                watched = time.monotonic()
                watchdog_pass()  # lost bot turns and turn e-mails
        except Exception:
            log.exception("periodic work failed; trying again in %s s", every)
