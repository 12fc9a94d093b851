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
import contextvars
import logging
import os
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from asgiref.sync import SyncToAsync
from django.db import close_old_connections, connection
from django.utils import translation

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


@contextmanager
def _tidy_around() -> Iterator[None]:
    """A pool call: the thread's connection tidied before it (at most every TIDY_EVERY), and at
    once after it if it met an error or left a transaction open."""
    _tidy()
    try:
        yield
    finally:
        if connection.errors_occurred or connection.in_atomic_block:
            _tidy(force=True)


class _Pooled(SyncToAsync):
    def thread_handler(self, loop: Any, *args: Any, **kwargs: Any) -> Any:
        with _tidy_around():
            return super().thread_handler(loop, *args, **kwargs)


async def in_pool_now(function: Callable[..., Any], *args: Any) -> Any:
    """`in_pool(function)(*args)` with a lighter hop, for the one call of every live move: the
    caller's context and language carried to the thread, and asgiref's marks of the event
    loop set there so that an async_to_sync inside still runs on this loop; without
    SyncToAsync's shield, per-call closures and copy of the context back to the caller (a
    move changes nothing the socket reads from its context)."""
    loop = asyncio.get_running_loop()
    context = contextvars.copy_context()
    language = translation.get_language()
    return await loop.run_in_executor(None, _now, loop, context, language, function, args)


def _now(
    loop: asyncio.AbstractEventLoop,
    context: contextvars.Context,
    language: str | None,
    function: Callable[..., Any],
    args: tuple[Any, ...],
) -> Any:
    marks = SyncToAsync.threadlocal
    marks.main_event_loop, marks.main_event_loop_pid, marks.task_context = loop, os.getpid(), []
    with _tidy_around():
        return context.run(_speaking, language, function, args)


def _speaking(language: str | None, function: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """Django's active language lives in asgiref Local storage, which the copied context alone
    does not carry to the pool's thread: the caller's is activated there for the call."""
    if language is None:
        return function(*args)
    with translation.override(language):
        return function(*args)


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
