"""A small per-process cache of match snapshots for the sockets, and their frames.

When a move is broadcast, every socket of that match in this process needs the same row: the
first loads it, the others reuse it (keyed by version, so a newer version always reloads); the
process that made the move leaves its committed rows here. Each kind of viewer's frame is then
rendered once per version and process (`frame_for`).
"""

from __future__ import annotations

import asyncio
import threading
import weakref
from collections import OrderedDict
from typing import Any

import orjson
from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import translation

from play.models import ActionRecord, Match, Seat
from play.selectors import log_entries, match_access, match_payload, seat_names

# A socket's snapshot carries the log's last entries, so a client that is at most this many moves
# behind needs no second request for the log (match.js fetches only across a longer gap).
LOG_TAIL = 10

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
    match_id: int,
    seat: int | None,
    at_least: int,
    html: bool,
    fresh: bool = False,
    language: str = "",
) -> dict[str, Any]:
    match, seats = load(match_id, at_least, fresh)
    return socket_payload(match, seats, seat, html, _log_tail(match), language)


def socket_payload(
    match: Match,
    seats: list[Seat],
    seat: int | None,
    html: bool,
    tail: list[ActionRecord],
    language: str = "",
) -> dict[str, Any]:
    """The match payload for `seat`, with the log's last entries as that seat may read them,
    in the viewer's language (labels, narration, the board's HTML)."""
    with translation.override(language or settings.LANGUAGE_CODE):
        payload = match_payload(match, seats, seat, html=html)
        payload["log"] = log_entries(tail, seat_names(seats), seat)
    return payload


def _log_tail(match: Match) -> list[ActionRecord]:
    return list(
        ActionRecord.objects.filter(match_id=match.pk, seq__gt=match.version - LOG_TAIL).order_by(
            "seq"
        )
    )


# --- One render per move and process -------------------------------------------------------
# When a version is broadcast, every socket of the match in this process needs its frame: the
# sockets of one seat (and all spectators, and the page sockets that also want the board's HTML)
# need the same one. The first socket to hear of the version starts ONE render in the thread
# pool for every kind of viewer connected here; the others await it, and each sends its ready
# frame. A kind is (seat or None, html, language).

Kind = tuple[int | None, bool, str]  # (seat, with the board's HTML, language)

_viewers: dict[int, dict[str, Kind]] = {}  # match -> {channel name: kind}, sockets of this process
_renders: weakref.WeakKeyDictionary[
    asyncio.AbstractEventLoop, dict[int, tuple[int, asyncio.Future[dict[Kind, tuple[int, str]]]]]
] = weakref.WeakKeyDictionary()


def viewer_join(match_id: int, channel: str, kind: Kind) -> None:
    _viewers.setdefault(match_id, {})[channel] = kind


def viewer_leave(match_id: int, channel: str) -> None:
    viewers = _viewers.get(match_id)
    if viewers is None:
        return
    viewers.pop(channel, None)
    if not viewers:
        del _viewers[match_id]
        for renders in list(_renders.values()):
            renders.pop(match_id, None)
        with _LOCK:
            _ready.pop(match_id, None)


# Frames rendered by the thread that committed the move, for the viewers of this process: when
# the broadcast comes back, the sockets find them ready (no second trip to the thread pool).
_ready: dict[int, tuple[int, dict[Kind, tuple[int, str]]]] = {}


def prerender(match: Match, seats: list[Seat]) -> None:
    """After a commit, in the committing thread: this process's viewers' frames of the match."""
    kinds = set(_viewers.get(match.pk, {}).values())
    if not kinds:
        return
    tail = _log_tail(match)
    frames = {}
    for seat, html, language in kinds:
        payload = socket_payload(match, seats, seat, html, tail, language)
        frames[(seat, html, language)] = (
            payload["version"],
            frame_encode({"type": "snapshot", **payload}),
        )
    with _LOCK:
        ready = _ready.get(match.pk)
        if ready is None or ready[0] < match.version:
            _ready[match.pk] = (match.version, frames)


def frame_encode(message: Any) -> str:
    """JSON text with orjson (several times faster than json on the snapshots); keys that are
    not strings become strings and anything else unknown (a lazy text) its str(), as json's."""
    return orjson.dumps(message, default=str, option=orjson.OPT_NON_STR_KEYS).decode()


def frames_render(match_id: int, version: int, kinds: set[Kind]) -> dict[Kind, tuple[int, str]]:
    """(version, ready JSON text) of a snapshot message for each kind of viewer."""
    match, seats = load(match_id, version)
    tail = _log_tail(match)
    frames = {}
    for seat, html, language in kinds:
        payload = socket_payload(match, seats, seat, html, tail, language)
        frames[(seat, html, language)] = (
            payload["version"],
            frame_encode({"type": "snapshot", **payload}),
        )
    return frames


async def frame_for(match_id: int, version: int, kind: Kind) -> tuple[int, str]:
    """This viewer's frame of `version` (or newer), rendered once for all viewers alike."""
    with _LOCK:
        ready = _ready.get(match_id)
    if ready is not None and ready[0] >= version and kind in ready[1]:
        return ready[1][kind]
    renders = _renders.setdefault(asyncio.get_running_loop(), {})
    current = renders.get(match_id)
    if current is None or current[0] < version or current[1].done() and current[1].exception():
        kinds = set(_viewers.get(match_id, {}).values()) | {kind}
        future = asyncio.ensure_future(
            database_sync_to_async(frames_render, thread_sensitive=False)(match_id, version, kinds)
        )
        current = renders[match_id] = (version, future)
    frames = await current[1]
    if kind not in frames:  # this socket arrived while the render was under way
        extra = await database_sync_to_async(frames_render, thread_sensitive=False)(
            match_id, version, {kind}
        )
        frames[kind] = extra[kind]
    return frames[kind]
