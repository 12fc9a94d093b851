"""Database work of the sockets, in the thread pool (issue 10).

channels' `database_sync_to_async` tidies the thread's connection before and after every call
(`close_old_connections`), and with CONN_HEALTH_CHECKS on, that makes the next query of every
call a "SELECT 1" first: one more round trip on each move of a live game. Here the full tidy-up
runs at most once per TIDY_EVERY seconds per thread (so a connection past its CONN_MAX_AGE still
closes, and a fresh health check still runs then), and at once whenever the connection saw an
error (a restarted database is found before and after the call that met it, as before).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from asgiref.sync import SyncToAsync
from django.db import close_old_connections, connection

TIDY_EVERY = 1.0  # seconds

_tidied = threading.local()


def _tidy(force: bool = False) -> None:
    now = time.monotonic()
    if (
        force
        or connection.errors_occurred
        or now - getattr(_tidied, "at", -TIDY_EVERY) >= TIDY_EVERY
    ):
        close_old_connections()
        _tidied.at = now


class _Pooled(SyncToAsync):
    def thread_handler(self, loop: Any, *args: Any, **kwargs: Any) -> Any:
        _tidy()
        try:
            return super().thread_handler(loop, *args, **kwargs)
        finally:
            if connection.errors_occurred or connection.in_atomic_block:
                _tidy(force=True)


def in_pool(function: Callable[..., Any]) -> Any:
    """Run database work in the thread pool. By default every socket of a process would queue
    for one shared thread; each call here uses its own thread's connection, and the row lock
    orders concurrent moves."""
    return _Pooled(function, thread_sensitive=False)
