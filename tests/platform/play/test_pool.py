"""play/pool.py: the sockets' database calls tidy their connection at most once a second (no
"SELECT 1" before every move), and at once after an error; with the connection pool, a thread
waiting for work holds no connection (a mover gives its own back once idle)."""

import asyncio
import contextvars
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import DatabaseError, connection, connections
from django.utils import translation

from play import pool

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
async def checks(monkeypatch):
    """The health checks made (BaseDatabaseWrapper.is_usable calls), with connections kept
    between calls as in production (the tests' CONN_MAX_AGE is 0). The calls run in one pool
    thread, so they share one connection: a fresh connection in another thread is never
    checked, which would make the counts below depend on which thread the pool picked."""
    one_thread = ThreadPoolExecutor(max_workers=1)
    asyncio.get_running_loop().set_default_executor(one_thread)
    # The site without the pool (DB_POOL_MAX_SIZE=0), its connections kept a while.
    monkeypatch.setattr(pool, "POOLED", False)
    monkeypatch.delitem(connections.settings["default"]["OPTIONS"], "pool", raising=False)
    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 60)
    made = []
    wrapper = type(connections["default"])  # the backend's DatabaseWrapper (connection is a proxy)
    usable = wrapper.is_usable

    def counted(self):
        made.append(self.alias)
        return usable(self)

    monkeypatch.setattr(wrapper, "is_usable", counted)
    yield made
    await pool.in_pool(_close)()
    one_thread.shutdown(wait=True)


def _close():
    connection.close()  # the pool thread's own connection, before its thread goes


def _query():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 2")
        return cursor.fetchone()[0], connection.health_check_enabled


async def test_quick_calls_share_one_health_check(checks):
    first = await pool.in_pool(_query)()
    if not first[1]:
        pytest.skip("CONN_HEALTH_CHECKS is off here: no check to save")
    checks.clear()
    for _ in range(5):
        assert (await pool.in_pool(_query)())[0] == 2
    assert len(checks) <= 1  # database_sync_to_async would have made five


async def test_a_call_after_the_interval_checks_again(checks, monkeypatch):
    monkeypatch.setattr(pool, "TIDY_EVERY", 0.0)
    first = await pool.in_pool(_query)()
    if not first[1]:
        pytest.skip("CONN_HEALTH_CHECKS is off here")
    checks.clear()
    await pool.in_pool(_query)()
    await pool.in_pool(_query)()
    assert len(checks) >= 2


def _broken():
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM no_such_table_here")


async def test_an_error_tidies_the_connection_at_once(checks):
    await pool.in_pool(_query)()
    checks.clear()
    with pytest.raises(DatabaseError):
        await pool.in_pool(_broken)()
    assert checks  # the connection that met an error was checked right after the call
    assert (await pool.in_pool(_query)())[0] == 2  # and the thread's next call works


# --- in_pool_now: the move's hop to the mover threads ------------------------------------------

_seen = contextvars.ContextVar("seen", default="unset")


def _answer(x):
    return (x * 2, translation.get_language(), _seen.get(), threading.current_thread().name)


def _refuse():
    raise ValueError("no such move")


def _slow(started, release):
    started.set()
    release.wait(5)
    return "done"


async def test_a_move_hop_answers_on_the_callers_loop_with_its_language_and_context():
    _seen.set("the socket's")
    with translation.override("vi"):
        doubled, language, seen, thread = await pool.in_pool_now(_answer, 21)
    assert (doubled, language, seen) == (42, "vi", "the socket's")
    assert thread.startswith("mover-")  # not the loop's thread, not the default executor


async def test_a_move_hop_raises_the_calls_error_in_the_caller():
    with pytest.raises(ValueError, match="no such move"):
        await pool.in_pool_now(_refuse)
    assert (await pool.in_pool_now(_answer, 1))[0] == 2  # the thread serves the next call


async def test_a_caller_that_goes_while_its_call_runs_leaves_the_movers_working():
    started, release = threading.Event(), threading.Event()
    task = asyncio.ensure_future(pool.in_pool_now(_slow, started, release))
    await asyncio.get_running_loop().run_in_executor(None, started.wait, 5)
    task.cancel()
    release.set()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert (await pool.in_pool_now(_answer, 3))[0] == 6


async def test_many_moves_at_once_are_all_answered():
    answers = await asyncio.gather(*(pool.in_pool_now(_answer, n) for n in range(200)))
    assert [a[0] for a in answers] == [2 * n for n in range(200)]


# --- With the connection pool: threads waiting for work hold no connection -------------------


def _held() -> bool:
    return connection.connection is not None


def _query_then_held():
    _query()
    return _held(), threading.current_thread().name


@pytest.mark.skipif(not pool.POOLED, reason="the connection pool is off (DB_POOL_MAX_SIZE=0)")
async def test_a_socket_call_gives_its_connection_back_to_the_pool():
    one_thread = ThreadPoolExecutor(max_workers=1)
    asyncio.get_running_loop().set_default_executor(one_thread)
    try:
        assert (await pool.in_pool(_query)())[0] == 2
        assert not await pool.in_pool(_held)()
    finally:
        one_thread.shutdown(wait=True)


@pytest.mark.skipif(not pool.POOLED, reason="the connection pool is off (DB_POOL_MAX_SIZE=0)")
async def test_a_mover_keeps_its_connection_while_moves_come_and_gives_it_back_once_idle(
    monkeypatch,
):
    monkeypatch.setattr(pool, "MOVER_IDLE_S", 0.2)
    for _ in range(pool.MOVERS):  # every mover has met the shorter idle time
        await asyncio.sleep(0.3)
    held, thread = await pool.in_pool_now(_query_then_held)
    assert held  # kept after the move, for the next one
    await asyncio.sleep(0.6)
    states = await asyncio.gather(*(pool.in_pool_now(_held) for _ in range(4 * pool.MOVERS)))
    assert states.count(True) < len(states)  # the idle movers had given theirs back
