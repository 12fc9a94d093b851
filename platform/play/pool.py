"""Database work of the sockets, in the thread pool (issue 10).

channels' `database_sync_to_async` tidies the thread's connection before and after every call
(`close_old_connections`), and with CONN_HEALTH_CHECKS on, that makes the next query of every
call a "SELECT 1" first: one more round trip on each move of a live game. Here the full tidy-up
runs at most once per TIDY_EVERY seconds per thread (so a connection past its CONN_MAX_AGE still
closes, and a fresh health check still runs then), and at once whenever the connection saw an
error (a restarted database is found before and after the call that met it, as before).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

from asgiref.sync import SyncToAsync
from django.db import close_old_connections, connection

log = logging.getLogger(__name__)

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


class Batch:
    """Items an event loop gathers for `every` seconds, then hands together to `flush` in the
    thread pool (one statement for many: the announced moves' outbox rows, the presence rows of
    the sockets heard). A failed flush is logged; the caller's design makes it harmless."""

    def __init__(self, flush: Callable[[list[Any]], None], every: float, what: str) -> None:
        self.flush, self.every, self.what = flush, every, what
        self._waiting: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[Any, None]] = (
            weakref.WeakKeyDictionary()
        )

    def add(self, item: Any) -> None:
        loop = asyncio.get_running_loop()
        waiting = self._waiting.setdefault(loop, {})  # a dict: an ordered set
        waiting[item] = None
        if len(waiting) == 1:
            loop.call_later(self.every, lambda: loop.create_task(self._flush(waiting)))

    async def _flush(self, waiting: dict[Any, None]) -> None:
        items = list(waiting)
        waiting.clear()
        try:
            await in_pool(self.flush)(items)
        except Exception:
            log.exception("%s %s not done", len(items), self.what)
