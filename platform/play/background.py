"""Stand-ins for the Celery worker and beat when the site runs with nothing but Python.

`make run` has no broker: Celery runs tasks eagerly, inside the request. Bots would then play
their whole chain of moves inside the move that woke them, holding the server's one database
thread, and no beat would ever run the clocks or the matchmaking. With BOTS_IN_BACKGROUND the
bots play in a thread of their own; with BACKGROUND_TICKS a thread does beat's periodic work.
Production uses the real worker and beat (docker compose) and neither setting.
"""

from __future__ import annotations

import logging
import threading
import time

from django.db import close_old_connections, connection

log = logging.getLogger(__name__)


def bots_play_in_thread(match_id: int) -> None:
    threading.Thread(target=_bots, args=(match_id,), daemon=True, name="bots").start()


def _bots(match_id: int) -> None:
    from play.services import bots_play

    try:
        bots_play(match_id=match_id)
    except Exception:  # a background thread has nobody to raise to: log it
        log.exception("bots of match %s stopped", match_id)
    finally:
        connection.close()


def ticks_start(every: float = 5.0) -> None:
    threading.Thread(target=_ticks, args=(every,), daemon=True, name="ticks").start()


def _ticks(every: float) -> None:
    from ladders.services import matchmaking_pair
    from play.services import clocks_enforce

    while True:
        time.sleep(every)
        close_old_connections()
        try:
            clocks_enforce()
            matchmaking_pair()
        except Exception:
            log.exception("periodic work failed; trying again in %s s", every)
