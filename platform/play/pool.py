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
import queue
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

from asgiref.sync import SyncToAsync
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, close_old_connections, connections
from django.utils import translation

log = logging.getLogger(__name__)

TIDY_EVERY = 1.0  # seconds

_tidied = threading.local()


def _tidy(force: bool = False) -> None:
    now = time.monotonic()
    if (
        force
        or now - getattr(_tidied, "at", -TIDY_EVERY) >= TIDY_EVERY
        or _connection().errors_occurred
    ):
        close_old_connections()
        _tidied.at = now
        _tidied.db = connections[DEFAULT_DB_ALIAS]


def _connection() -> Any:
    """This thread's database connection, as the last full tidy-up found it: Django keeps one
    wrapper per thread for good, and looking it up (asgiref's thread-critical Local, which
    first asks for a running event loop and catches the error) was ~1.5% of a live server's
    CPU at two lookups a move. Found again at every full tidy-up."""
    db = getattr(_tidied, "db", None)
    if db is None:
        db = _tidied.db = connections[DEFAULT_DB_ALIAS]
    return db


@contextmanager
def _tidy_around() -> Iterator[None]:
    """A pool call: the thread's connection tidied before it (at most every TIDY_EVERY), and at
    once after it if it met an error or left a transaction open."""
    _tidy()
    try:
        yield
    finally:
        _tidy_after()


def _tidy_after(give_back: bool = True) -> None:
    """After a call: a connection that met an error or left a transaction open is tidied at
    once; with the connection pool, the connection goes back to it (`give_back`) so that a
    thread waiting for work holds none: the pool's size bounds the process's connections
    (docs/operations.md, "Database connections"). The movers keep theirs while moves keep
    coming (`_mover`)."""
    db = _connection()
    if db.errors_occurred or db.in_atomic_block:
        _tidy(force=True)
    elif give_back and POOLED and db.connection is not None:
        db.close()


# Whether connections come from the pool (settings DB_POOL_MAX_SIZE, PostgreSQL only).
POOLED = bool(settings.DATABASES[DEFAULT_DB_ALIAS].get("OPTIONS", {}).get("pool"))


class _Pooled(SyncToAsync):
    def thread_handler(self, loop: Any, *args: Any, **kwargs: Any) -> Any:
        with _tidy_around():
            return super().thread_handler(loop, *args, **kwargs)


async def in_pool_now(function: Callable[..., Any], *args: Any) -> Any:
    """`in_pool(function)(*args)` with a lighter hop, for the one call of every live move: the
    caller's context and language carried to the thread, and asgiref's marks of the event
    loop set there so that an async_to_sync inside still runs on this loop; without
    SyncToAsync's shield, per-call closures and copy of the context back to the caller (a
    move changes nothing the socket reads from its context).

    The call runs on one of the process's MOVERS threads, handed over through a queue and
    answered on the loop's own future: none of the executor's concurrent Future (a Condition
    and its lock per call) and its chaining to an asyncio one, a measurable share of a move."""
    loop = asyncio.get_running_loop()
    future = loop.create_future()
    if _movers_pid != os.getpid():
        _movers_start()
    _jobs.put(
        (loop, future, contextvars.copy_context(), translation.get_language(), function, args)
    )
    return await future


MOVERS = min(32, (os.cpu_count() or 1) + 4)  # as the default executor: moves wait on commits
_Job = tuple[
    asyncio.AbstractEventLoop,
    "asyncio.Future[Any]",
    contextvars.Context,
    "str | None",
    Callable[..., Any],
    tuple[Any, ...],
]
_jobs: queue.SimpleQueue[_Job] = queue.SimpleQueue()
_movers_pid = 0  # the process whose threads serve _jobs (threads do not survive a fork)
_movers_lock = threading.Lock()


def _movers_start() -> None:
    global _movers_pid
    with _movers_lock:
        if _movers_pid == os.getpid():
            return
        for number in range(MOVERS):
            threading.Thread(target=_mover, name=f"mover-{number}", daemon=True).start()
        _movers_pid = os.getpid()


# A mover with no move for this long gives its connection back to the pool (seconds).
MOVER_IDLE_S = 1.0


def _mover() -> None:
    while True:
        try:
            job = _jobs.get(timeout=MOVER_IDLE_S)
        except queue.Empty:
            _tidy_after(give_back=True)
            job = _jobs.get()
        loop, future, context, language, function, args = job
        result: Any = None
        error: BaseException | None = None
        try:
            result = _now(loop, context, language, function, args)
        except BaseException as exc:  # the caller's to raise, as the executor's work items do
            error = exc
        with suppress(RuntimeError):  # the loop closed meanwhile: nobody waits for the answer
            loop.call_soon_threadsafe(_settle, future, result, error)
        del result, error, future, context, args, job  # nothing of a call outlives it


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.cancelled():  # the socket went while its move ran
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


def _now(
    loop: asyncio.AbstractEventLoop,
    context: contextvars.Context,
    language: str | None,
    function: Callable[..., Any],
    args: tuple[Any, ...],
) -> Any:
    marks = SyncToAsync.threadlocal
    marks.main_event_loop, marks.main_event_loop_pid, marks.task_context = loop, os.getpid(), []
    _tidy()  # _tidy_around, without a generator's cost on every move
    try:
        return context.run(_speaking, language, function, args)
    finally:
        _tidy_after(give_back=False)  # kept for the next move, given back once idle


def _speaking(language: str | None, function: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """Django's active language lives in asgiref Local storage, which the copied context alone
    does not carry to the pool's thread: the caller's is activated there for the call. Nothing
    to undo after it: the storage is a context variable of the context copied for this call
    alone (asgiref tags it with the thread), so the thread's own context never sees it."""
    if language is not None:
        translation.activate(language)
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
            await in_pool_now(self.flush, items)  # on a mover: it keeps its connection
        except Exception:
            log.exception("%s %s not done", len(items), self.what)
