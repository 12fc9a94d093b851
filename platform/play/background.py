"""The bots' stand-in for the Celery worker when the site runs with nothing but Python.

`make run` has no broker: Celery runs tasks eagerly, inside the request. Bots would then play
their whole chain of moves inside the move that woke them, holding the server's one database
thread. With BOTS_IN_BACKGROUND the bots play in a thread of their own (the clocks' and the
matchmaking's stand-in for beat is config/background.py). Production uses the real worker.
"""

from __future__ import annotations

import logging
import threading

from django.db import connection

from play import bots

log = logging.getLogger(__name__)


def bots_play_in_thread(match_id: int) -> None:
    threading.Thread(target=_bots, args=(match_id,), daemon=True, name="bots").start()


def _bots(match_id: int) -> None:
    try:
        bots.bots_play(match_id=match_id)
    except Exception:  # a background thread has nobody to raise to: log it
        log.exception("bots of match %s stopped", match_id)
    finally:
        connection.close()
