"""A small per-process cache of match snapshots for the sockets.

When a move is broadcast, every socket of that match in this process needs the same row: the
first loads it, the others reuse it (keyed by version, so a newer version always reloads).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from play.models import Match, Seat
from play.selectors import match_access, match_payload

_CACHE: OrderedDict[int, tuple[Match, list[Seat]]] = OrderedDict()
_CACHE_SIZE = 2000
_LOCK = threading.Lock()  # sockets read it from a pool of threads


def store(match: Match, seats: list[Seat]) -> None:
    """Keep a committed version (newer versions only: threads may finish out of order)."""
    with _LOCK:
        cached = _CACHE.get(match.pk)
        if cached is None or cached[0].version <= match.version:
            _CACHE[match.pk] = (match, seats)
            _CACHE.move_to_end(match.pk)
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)


def load(match_id: int, at_least: int, fresh: bool = False) -> tuple[Match, list[Seat]]:
    with _LOCK:
        cached = None if fresh else _CACHE.get(match_id)
    if cached is not None and cached[0].version >= at_least:
        return cached
    match = Match.objects.select_related("table").get(pk=match_id)
    seats = list(match.seats.select_related("user"))
    store(match, seats)
    return match, seats


def access(match_id: int, user: Any) -> tuple[bool, int | None] | None:
    """(may watch, seat or None); None when there is no such match."""
    try:
        match, seats = load(match_id, 0)
    except Match.DoesNotExist:
        return None
    access = match_access(match, user, seats)
    return (access.allowed, access.seat)


def payload_for(
    match_id: int, seat: int | None, at_least: int, html: bool, fresh: bool = False
) -> dict[str, Any]:
    match, seats = load(match_id, at_least, fresh)
    return match_payload(match, seats, seat, html=html)
