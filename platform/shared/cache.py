"""The cache fails open (issue 36, point 2). It holds only what can be lost: the API throttles'
counts, the log-in lockout's, anonymous sockets' (play/spectators.py), rendered boards. With
its Redis unreachable, every operation answers as a miss instead of raising (a get gives the
default; a write stores nothing and reports success, as allauth takes its lock with `add`):
throttles let requests through and pages draw their boards, so a game never fails for a
cache. Each failure is logged and counted (`outages`), and for RETRY_AFTER seconds the process
does not try Redis again (a black-holed address would cost every request its timeout). The
log-in lockout cannot fail open: `reachable()` tells the adapter to refuse log-ins with a 503
instead (accounts/adapter.py)."""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import redis
from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache

log = logging.getLogger(__name__)

RETRY_AFTER = 5.0  # seconds without a try after a failure
_UNREACHABLE = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError)


class Outages:
    """This process's count of cache operations that failed (`errors`) or were not tried
    during an outage (`skipped`), by operation: what an operator's metrics would export."""

    def __init__(self) -> None:
        self.errors: Counter[str] = Counter()
        self.skipped: Counter[str] = Counter()
        self._lock = threading.Lock()

    def count(self, kind: str, operation: str) -> None:
        with self._lock:
            getattr(self, kind)[operation] += 1


outages = Outages()


class FailOpenRedisCache(RedisCache):
    """Django's Redis cache, each operation answering its miss when Redis cannot be reached."""

    down_until = 0.0

    def _guarded(self, operation: str, fallback: Any, call: Callable[..., Any], *args: Any) -> Any:
        if time.monotonic() < self.down_until:
            outages.count("skipped", operation)
            return fallback
        try:
            return call(*args)
        except _UNREACHABLE as error:
            self.down_until = time.monotonic() + RETRY_AFTER
            outages.count("errors", operation)
            log.warning(
                "cache unreachable on %s (%s): going on without it for %ss",
                operation,
                error,
                RETRY_AFTER,
            )
            return fallback

    def reachable(self) -> bool:
        """Does Redis answer now? (False during the pause after a failure.)"""
        return bool(self._guarded("ping", False, lambda: self._cache.get_client().ping()))

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._guarded("get", default, super().get, key, default, version)

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._guarded("add", True, super().add, key, value, timeout, version)

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._guarded("set", None, super().set, key, value, timeout, version)

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._guarded("touch", False, super().touch, key, timeout, version)

    def delete(self, key: Any, version: Any = None) -> Any:
        return self._guarded("delete", False, super().delete, key, version)

    def get_many(self, keys: Any, version: Any = None) -> Any:
        return self._guarded("get_many", {}, super().get_many, keys, version)

    def has_key(self, key: Any, version: Any = None) -> Any:
        return self._guarded("has_key", False, super().has_key, key, version)

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> Any:
        return self._guarded("incr", 0, super().incr, key, delta, version)

    def set_many(self, data: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._guarded("set_many", [], super().set_many, data, timeout, version)

    def delete_many(self, keys: Any, version: Any = None) -> Any:
        return self._guarded("delete_many", None, super().delete_many, keys, version)

    def clear(self) -> Any:
        return self._guarded("clear", False, super().clear)


def reachable() -> bool:
    """Does the default cache answer? (A cache in this process's memory always does.)"""
    backend = caches["default"]
    check = getattr(backend, "reachable", None)
    return True if check is None else bool(check())
