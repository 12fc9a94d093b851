"""Variants of the ASGI application for bench/live_tables.py --app, to measure what a change to
the live path would gain BEFORE making it in platform/play (experiments, not the site's code):

    python bench/live_tables.py --tables 20 --seconds 15 --app live_variants:redis_fixed
    python bench/live_tables.py --tables 20 --seconds 15 --app live_variants:threads
    python bench/live_tables.py --tables 20 --seconds 15 --app live_variants:lean
    python bench/live_tables.py --tables 20 --seconds 15 --app live_variants:traced

redis_fixed  the channel layer's Redis connections without a read timeout. redis-py 8 reads with
         a 5 s socket timeout by default; channels_redis blocks 5 s in BZPOPMIN, so an idle or
         slow receive raises TimeoutError inside a consumer and uvicorn closes that socket (1011).
         Known: django/channels_redis#422, redis/redis-py#4091; the fix is this setting.
threads  redis_fixed + the consumers' database calls in the default thread pool
         (thread_sensitive=False) instead of the ONE thread all sockets of a process share.
pubsub   lean on channels_redis' RedisPubSubChannelLayer: a group message is one PUBLISH the
         server pushes to each process, instead of a list per channel that every receive polls
         (EVAL + BZPOPMIN + ZADD per message with the default RedisChannelLayer).
lean     threads + action_submit leaves the new (match, seats) in play.snapshots' cache after
         commit (the four snapshots of a move then need no query in that process) + no
         turn-e-mail / bot queries after commit (right for the bench's seats: humans, online,
         turn e-mails off; the real change would decide from the seats already in memory).
traced   the site as it is, with wall and CPU times of each part of a move written every 3 s to
         $VAR_DIR/trace-<pid>.txt (how long calls wait for the shared thread, and run in it).
"""

from __future__ import annotations

import functools
import os
import threading
import time
from collections import defaultdict
from pathlib import Path

from channels import db
from django.conf import settings
from django.db import transaction

import config.asgi  # sets Django up: it must come before the play imports (it sorts first)
import play.consumers as consumers
import play.services as services
from play import snapshots

site = config.asgi.application
_site_sync_to_async = consumers.database_sync_to_async
_site_apply = services._apply


def _redis_without_read_timeout() -> None:
    """Before the first socket creates the channel layer (CHANNEL_LAYERS is read lazily)."""
    layer = settings.CHANNEL_LAYERS["default"]
    if layer["BACKEND"].startswith("channels_redis"):
        layer["CONFIG"]["hosts"] = [{"address": settings.REDIS_URL, "socket_timeout": None}]


def _pubsub_layer() -> None:
    layer = settings.CHANNEL_LAYERS["default"]
    layer["BACKEND"] = "channels_redis.pubsub.RedisPubSubChannelLayer"
    layer["CONFIG"] = {"hosts": [{"address": settings.REDIS_URL, "socket_timeout": None}]}


def _pooled(fn, **kwargs):
    return db.database_sync_to_async(fn, thread_sensitive=False)


def _apply_and_cache(match, game, seats, seat, action, acting) -> None:
    _site_apply(match, game, seats, seat, action, acting)
    transaction.on_commit(lambda: snapshots._CACHE.__setitem__(match.pk, (match, seats)))


def _broadcast_only(match_id: int, version: int) -> None:
    services.match_broadcast(match_id=match_id, version=version)


async def redis_fixed(scope, receive, send):
    _redis_without_read_timeout()
    await site(scope, receive, send)


async def threads(scope, receive, send):
    _redis_without_read_timeout()
    consumers.database_sync_to_async = _pooled
    await site(scope, receive, send)


async def lean(scope, receive, send):
    if not settings.CHANNEL_LAYERS["default"]["BACKEND"].endswith("PubSubChannelLayer"):
        _redis_without_read_timeout()
    consumers.database_sync_to_async = _pooled
    services._apply = _apply_and_cache
    services._after_commit = _broadcast_only
    await site(scope, receive, send)


async def pubsub(scope, receive, send):
    _pubsub_layer()
    await lean(scope, receive, send)


_TIMES: dict[str, list[tuple[float, float]]] = defaultdict(list)


def _timed(name: str, fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            return fn(*args, **kwargs)
        finally:
            _TIMES[name].append((time.perf_counter() - wall, time.thread_time() - cpu))

    return wrapper


def _waiting(fn, **kwargs):
    """database_sync_to_async that also records how long the call waited for its thread."""

    async def call(*args, **kw):
        queued = time.perf_counter()
        started: list[float] = []

        def run(*a, **k):
            started.append(time.perf_counter())
            return fn(*a, **k)

        result = await _site_sync_to_async(run, **kwargs)(*args, **kw)
        _TIMES[f"wait for the thread: {fn.__name__}"].append((started[0] - queued, 0.0))
        return result

    return call


def _trace_dump_forever() -> None:
    path = Path(os.environ.get("VAR_DIR", "/tmp")) / f"trace-{os.getpid()}.txt"
    while True:
        time.sleep(3)
        lines = []
        for name, samples in sorted(_TIMES.items()):
            walls = sorted(w for w, _ in samples)
            cpu = sum(c for _, c in samples) / len(samples)
            p50, p95 = walls[len(walls) // 2], walls[int(len(walls) * 0.95)]
            lines.append(
                f"{name:40} n={len(walls):6} wall p50 {1000 * p50:7.1f} ms "
                f"p95 {1000 * p95:7.1f} ms  CPU mean {1000 * cpu:6.2f} ms"
            )
        path.write_text("\n".join(lines) + "\n")


_traced_once = threading.Lock()


async def traced(scope, receive, send):
    if _traced_once.acquire(blocking=False):
        services.action_submit = consumers.action_submit = _timed(
            "action_submit", services.action_submit
        )
        services._after_commit = _timed("after commit", services._after_commit)
        services.match_broadcast = _timed("match_broadcast", services.match_broadcast)
        snapshots.payload_for = _timed("payload_for", snapshots.payload_for)
        consumers.database_sync_to_async = _waiting
        threading.Thread(target=_trace_dump_forever, daemon=True).start()
    await site(scope, receive, send)
