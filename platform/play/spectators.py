"""Anonymous spectators of a public match: they follow it live over its socket (the public
view, the chat to read), within a rate per client address, and may write nothing."""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache

_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def rate() -> tuple[int, int]:
    """settings.THROTTLE_ANON_SOCKETS, "<count>/<sec|min|hour|day>": (count, seconds)."""
    count, period = settings.THROTTLE_ANON_SOCKETS.split("/")
    return int(count), _PERIODS[period[0]]


def admitted(address: str) -> bool:
    """May one more anonymous socket open from `address` in this period? Counted in the cache
    (shared by every process): a fixed window per address."""
    count, seconds = rate()
    key = f"play:anonymous-sockets:{address}:{int(time.time() // seconds)}"
    cache.add(key, 0, seconds)
    try:
        return cache.incr(key) <= count
    except ValueError:  # the window ended between add and incr: a new one starts
        cache.add(key, 1, seconds)
        return True
