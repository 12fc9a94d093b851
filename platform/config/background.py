"""Beat's stand-in when the site runs with nothing but Python (BACKGROUND_TICKS, `make run`):
a thread that enforces the move clocks, pairs the ranked queue and carries out the outbox's
pending jobs every few seconds. Production runs Celery beat and the outbox worker instead
(docker compose)."""

from __future__ import annotations

import logging
import threading
import time

from django.db import close_old_connections

from ladders.matchmaking import matchmaking_pair
from ladders.turn_queue import turn_queue_pair
from notifications.sweep import deadlines_sweep
from outbox.services import outbox_drain
from tournaments.sweep import tournaments_sweep

log = logging.getLogger(__name__)


def ticks_start(every: float = 5.0) -> None:
    threading.Thread(target=_ticks, args=(every,), daemon=True, name="ticks").start()


def _ticks(every: float) -> None:
    while True:
        time.sleep(every)
        close_old_connections()
        try:
            deadlines_sweep()  # the clocks, vacations, reminders, digests
            matchmaking_pair()
            turn_queue_pair()
            outbox_drain()
            tournaments_sweep()
        except Exception:
            log.exception("periodic work failed; trying again in %s s", every)
