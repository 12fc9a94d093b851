"""A new version told to every socket of the match: one fan-out per move and process (issue 10).

Each process keeps, per match with sockets open here, ONE member of the match's group
(`match.<id>`) on the channel layer: a `LocalMatch` with its own channel and the list of this
process's sockets of that match. A move's group message (only the version) reaches each process
once; there the frames of that version are taken ready (rendered by the thread that committed
the move, play/snapshots.py `prerender`) or rendered once per kind of viewer in the thread pool,
and written to the local sockets straight from the event loop: no channel message, consumer
dispatch or thread-pool hop per socket. Other group messages (chat's relays, play/sockets.py)
are handed to each local socket's `play_relay`.

The socket that made a move announces it itself: `action_submit` runs in the thread pool under
`deferred()`, the after-commit work there renders the frames and tells the listening apps, and
leaves the broadcast to the socket's event loop (`announce_pending`), which writes the frames to
this process's sockets at once and sends the one group message for the other processes. The
outbox rows of announced moves are then deleted in batches (one DELETE every JOBS_FLUSH_S).

A frame is keyed by its kind of viewer: (seat or None, with the board's HTML, language code).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import uuid
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, cast

import orjson
import redis
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.conf import settings

from outbox.services import jobs_done
from play import snapshots, sockets
from play.pool import Batch, in_pool_now

log = logging.getLogger(__name__)

# The group message of a new version: {"type": UPDATE, "version": n, "origin": PROCESS}, and for
# a move made on a socket the rows it changed ("rows": play/snapshots.py rows_of, as JSON bytes),
# so that the other processes need not read them back from the database. The rows travel as one
# opaque bytes value: the channel layer packs and unpacks a string, not the whole game state, and
# the process that sent the message (which receives it too, as a member of the group) never
# decodes them.
UPDATE = "match.update"
JOBS_FLUSH_S = 0.05  # announced moves' outbox rows are deleted together this often
PROCESS = uuid.uuid4().hex  # this process, in the group messages it sends


def update_message(version: int, rows: dict[str, Any] | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": UPDATE, "version": version, "origin": PROCESS}
    if rows is not None:
        message["rows"] = orjson.dumps(rows, option=orjson.OPT_NON_STR_KEYS)
    return message


def message_rows(message: dict[str, Any]) -> dict[str, Any] | None:
    """The rows a group message carries, unless this process sent it (it holds them already)."""
    rows = message.get("rows")
    if rows is None or message.get("origin") == PROCESS:
        return None
    return orjson.loads(rows) if isinstance(rows, bytes | str) else rows


# --- The socket that made the move announces it from its event loop ------------------------


@dataclass
class Pending:
    match_id: int
    version: int
    job: Any  # the outbox row; deleted once announced, if the listening apps succeeded too
    done: bool
    rows: dict[str, Any] | None = None  # what the move changed, for the other processes
    published: bool = False  # the group message went from the move's thread (publish_pending)


_deferral = threading.local()


@contextmanager
def deferred() -> Iterator[list[Pending]]:
    """In the thread that runs a socket's move: the changes committed meanwhile are left in the
    list for the socket's event loop to announce (`announce_pending`)."""
    pending: list[Pending] = []
    _deferral.pending = pending
    try:
        yield pending
    finally:
        _deferral.pending = None


def deferring() -> bool:
    return getattr(_deferral, "pending", None) is not None


def defer(
    match_id: int, version: int, job: Any, done: bool, rows: dict[str, Any] | None = None
) -> None:
    _deferral.pending.append(Pending(match_id, version, job, done, rows))


def publish_pending(pending: list[Pending]) -> None:
    """In the thread that made the moves, once committed: their group messages for the other
    processes, each one PUBLISH on a blocking connection (a fraction of the CPU of the event
    loop's client: no task, future or wake-up around the round trip). With the Redis pub/sub
    layer only; a failure leaves the message to `announce_pending`."""
    layer = get_channel_layer()
    if not isinstance(layer, RedisPubSubChannelLayer):
        return
    for item in pending:
        group = f"match.{item.match_id}"
        message = update_message(item.version, item.rows if _others.get(item.match_id, 1) else None)
        try:
            received = _publish_blocking(_group_channel(group), layer.serialize(message))
        except Exception:
            log.exception("match %s: broadcast of version %s failed", item.match_id, item.version)
            continue
        _others[item.match_id] = max(int(received) - 1, 0)
        item.published = True


def group_send_blocking(group: str, message: dict[str, Any]) -> bool:
    """From synchronous code: `message` to `group` as one PUBLISH on this thread's held
    connection, what channels_redis's pub/sub layer's group_send does, without the event loop
    async_to_sync builds around each call (and the layer's connection it opens there): ~0.2 ms
    instead of several. False when the layer is not Redis pub/sub (send it through the layer);
    a failure raises, as group_send's."""
    layer = get_channel_layer()
    if not isinstance(layer, RedisPubSubChannelLayer):
        return False
    _publish_blocking(_group_channel(group), layer.serialize(message))
    return True


_clients: dict[str, redis.Redis] = {}


def _redis() -> redis.Redis:
    """One blocking client per process and Redis address (its pool hands each thread a
    connection), to the channel layer's Redis as the settings name it now: a changed layer (a
    test's, an operator's reload) gets its own client, not the first one's."""
    host: dict[str, Any] = _layer_config()["hosts"][0]
    address = str(host["address"])
    client = _clients.get(address)
    if client is None:
        options = {k: v for k, v in host.items() if k != "address"}
        client = _clients[address] = redis.Redis.from_url(address, **options)
    return client


_held = threading.local()


def _publish_blocking(channel: str, data: bytes) -> int:
    """PUBLISH on this thread's own connection of the client's pool, held (not taken and given
    back on every call, nor wrapped in the client's retry machinery); a connection that failed
    is dropped and the next call takes a fresh one."""
    client = _redis()
    held = getattr(_held, "connection", None)
    if held is None or getattr(_held, "client", None) is not client:
        held = _held.connection = client.connection_pool.get_connection()
        _held.client = client
    try:
        held.send_command("PUBLISH", channel, data)
        return int(held.read_response())
    except Exception:
        _held.connection = None
        held.disconnect()
        client.connection_pool.release(held)
        raise


def _layer_config() -> dict[str, Any]:
    layers = cast(dict[str, dict[str, Any]], settings.CHANNEL_LAYERS)
    return cast(dict[str, Any], layers["default"]["CONFIG"])


def _group_channel(group: str) -> str:
    """The Redis channel of a group on channels_redis's pub/sub layer (its `_get_group_channel_
    name`; the version is pinned in pyproject.toml and tests/platform/play/test_group_rows.py
    checks that a member of the group receives what is published here)."""
    prefix = _layer_config().get("prefix", "asgi")
    return f"{prefix}__group__{group}"


async def announce_pending(pending: list[Pending]) -> None:
    """Write the new versions' frames to this process's sockets, then send the group message
    for the other processes unless the move's thread did; a failed send leaves the outbox row
    to the worker."""
    layer = get_channel_layer()
    for item in pending:
        local = _locals().get(item.match_id)
        if local is not None:
            await local.update(item.version)
        if item.published:
            if item.done:
                _job_done_soon(item.job)
            continue
        if layer is not None:
            try:
                await _group_update(layer, item.match_id, item.version, item.rows)
            except Exception:
                log.exception(
                    "match %s: broadcast of version %s failed", item.match_id, item.version
                )
                continue
        if item.done:
            _job_done_soon(item.job)


# How many other processes heard this process's last update of each match (Redis answers a
# PUBLISH with the number of subscribers that received it; this process is one of them). The
# rows ride along only while another process listens: alone, a process would pack, send and
# read back its own state on every move for nobody. A process that joins meanwhile gets one
# message without them and reads that version from the database (LocalMatch.update).
_others: dict[int, int] = {}


async def _group_update(
    layer: Any, match_id: int, version: int, rows: dict[str, Any] | None
) -> None:
    group = f"match.{match_id}"
    message = update_message(version, rows if _others.get(match_id, 1) else None)
    if not isinstance(layer, RedisPubSubChannelLayer):
        await layer.group_send(group, message)
        return
    received = await _publish(layer, group, message)
    _others[match_id] = max(received - 1, 0)


async def _publish(layer: RedisPubSubChannelLayer, group: str, message: dict[str, Any]) -> int:
    """The layer's group_send, answering how many subscribers received the message, and
    without its per-call proxy and its lock around one shared connection (redis-py's pool gives
    each concurrent PUBLISH a connection). Uses channels_redis's group channel names (pinned in
    pyproject.toml; tests/platform/services/test_two_servers.py covers it on Redis)."""
    loop_layer = layer._get_layer()
    channel = loop_layer._get_group_channel_name(group)
    shard = loop_layer._get_shard(channel)
    shard._ensure_redis()
    return int(await shard._redis.publish(channel, layer.serialize(message)))


# The outbox worker announces a job again if its row is not deleted: harmless, versions are
# checked.
_jobs_done = Batch(jobs_done, JOBS_FLUSH_S, "announced outbox jobs deleted")


def _job_done_soon(job: Any) -> None:
    _jobs_done.add(job.pk)


# --- This process's sockets, per match ----------------------------------------------------

Kind = tuple[int | None, bool, str]


class LocalMatch:
    """This process's sockets of one match and its one member of the match's group."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        self.sockets: dict[Any, Kind] = {}  # consumer -> kind, in joining order
        self.channel = ""
        self.delivered = -1  # the newest version written to the sockets here
        self.started: asyncio.Future[None] | None = None
        self.listener: asyncio.Task[None] | None = None

    def kinds(self) -> set[Kind]:
        return set(self.sockets.values())

    async def start(self) -> None:
        layer = get_channel_layer()
        if layer is None:
            return
        self.channel = await layer.new_channel("match-local.")
        await layer.group_add(f"match.{self.match_id}", self.channel)
        self.listener = asyncio.get_running_loop().create_task(self._listen(layer))

    async def stop(self) -> None:
        if self.started is not None:
            try:
                await self.started
            except Exception:  # it never joined the group: nothing to leave
                return
        if self.listener is not None:
            self.listener.cancel()
        layer = get_channel_layer()
        if layer is None or not self.channel:
            return
        try:
            await layer.group_discard(f"match.{self.match_id}", self.channel)
        except Exception:  # Redis away: the subscription ends with the process anyway
            log.exception("match %s: this process's member not removed", self.match_id)

    async def _listen(self, layer: Any) -> None:
        while True:
            try:
                message = await layer.receive(self.channel)
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis away for a moment: sockets catch up with "hello"
                log.exception("match %s: group messages not received", self.match_id)
                await asyncio.sleep(1)
                continue
            try:
                await self._dispatch(message)
            except Exception:
                log.exception("match %s: group message not handled", self.match_id)

    async def _dispatch(self, message: dict[str, Any]) -> None:
        if message.get("type") == UPDATE:
            version = int(message["version"])
            if version <= self.delivered:  # this process's own move, or an old message
                return
            rows = message_rows(message)
            if rows is not None:
                snapshots.store_rows(self.match_id, version, rows)  # else read back: older rows
            await self.update(version)
        elif message.get("type") == sockets.RELAY:
            consumers = list(self.sockets)
            await asyncio.gather(*(c.play_relay(message) for c in consumers))

    async def update(self, version: int) -> None:
        """Write the frames of `version` (or newer) to the sockets that have not had it."""
        if version <= self.delivered or not self.sockets:
            return
        kinds = self.kinds()
        frames = snapshots.frames_ready(self.match_id, version)
        if frames is None or not kinds <= frames.keys():
            frames = {
                **(frames or {}),
                **await in_pool_now(snapshots.frames_render, self.match_id, version, kinds),
            }
        await self.write(frames)

    async def write(self, frames: dict[Kind, tuple[int, str]]) -> None:
        newest = self.delivered
        for consumer, kind in list(self.sockets.items()):
            found = frames.get(kind)
            if found is None or found[0] <= consumer.sent_version:
                continue
            consumer.sent_version = found[0]
            newest = max(newest, found[0])
            try:
                await consumer.base_send({"type": "websocket.send", "text": found[1]})
            except Exception:  # a socket closing meanwhile: its own task cleans up
                log.debug("socket of match %s closed before its frame", self.match_id)
        self.delivered = newest


_registry: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[int, LocalMatch]] = (
    weakref.WeakKeyDictionary()
)
# (match, seat) -> open sockets of that seat in this process: read by the turn e-mails'
# listener (in a thread), which skips a seat watching here.
_seats_open: dict[tuple[int, int], int] = {}


def _locals() -> dict[int, LocalMatch]:
    return _registry.setdefault(asyncio.get_running_loop(), {})


async def socket_join(consumer: Any, kind: Kind) -> None:
    """From now on, the socket gets every new version of its match written to it."""
    matches = _locals()
    local = matches.get(consumer.match_id)
    if local is None:
        local = matches[consumer.match_id] = LocalMatch(consumer.match_id)
        local.started = asyncio.ensure_future(local.start())
    local.sockets[consumer] = kind
    snapshots.viewer_join(consumer.match_id, id(consumer), kind)
    if kind[0] is not None:
        key = (consumer.match_id, kind[0])
        _seats_open[key] = _seats_open.get(key, 0) + 1
    assert local.started is not None
    await asyncio.shield(local.started)


async def socket_leave(consumer: Any) -> None:
    matches = _locals()
    local = matches.get(consumer.match_id)
    if local is None or consumer not in local.sockets:
        return
    kind = local.sockets.pop(consumer)
    snapshots.viewer_leave(consumer.match_id, id(consumer))
    if kind[0] is not None:
        key = (consumer.match_id, kind[0])
        _seats_open[key] -= 1
        if not _seats_open[key]:
            del _seats_open[key]
    if not local.sockets:
        del matches[consumer.match_id]
        _others.pop(consumer.match_id, None)
        await local.stop()


def seat_watching(match_id: int, seat: int) -> bool:
    """Whether a socket of this seat is open in this process (no e-mail needed for its turn)."""
    return _seats_open.get((match_id, seat), 0) > 0
