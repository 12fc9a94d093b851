"""Which function carries out each kind of outbox job. Apps register theirs when they load
(the module holding the handlers is imported in the app's AppConfig.ready)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Handler = Callable[[dict[str, Any]], None]

_handlers: dict[str, Handler] = {}
_outside: set[str] = set()


def job_handler(kind: str, *, outside: bool = False) -> Callable[[Handler], Handler]:
    """Register `fn(payload)` for `kind`. It must be idempotent (a job may run more than once:
    an attempt that raised, or the recording process's run racing the worker) and raises to be
    tried again later.

    `outside`: the handler commits its own claims before it acts on the world (an e-mail: the
    row claimed, then the SMTP exchange), so the outbox worker runs it outside the job row's
    transaction (the row leased meanwhile: outbox.services). Inside it, a failure after the
    message went (the database gone before the mark) would roll the claim back with it, and the
    retry would send the message again."""

    def register(fn: Handler) -> Handler:
        if _handlers.get(kind, fn) is not fn:
            raise ValueError(f"two handlers for outbox job {kind!r}")
        _handlers[kind] = fn
        if outside:
            _outside.add(kind)
        return fn

    return register


def runs_outside(kind: str) -> bool:
    return kind in _outside


def handler_for(kind: str) -> Handler:
    try:
        return _handlers[kind]
    except KeyError:
        raise LookupError(f"no handler for outbox job {kind!r}") from None


def known(kind: str) -> bool:
    return kind in _handlers


ChunkHandler = Callable[[list[dict[str, Any]]], None]

_chunk_handlers: dict[str, tuple[ChunkHandler, int]] = {}


def job_chunk_handler(kind: str, *, size: int) -> Callable[[ChunkHandler], ChunkHandler]:
    """Register `fn(payloads)` for up to `size` due jobs of `kind` taken together (one
    transaction: the deadline sweep's timeouts). `kind` keeps its one-job handler: when the
    chunk raises, its writes roll back and each of its jobs is run alone (outbox_drain)."""

    def register(fn: ChunkHandler) -> ChunkHandler:
        if _chunk_handlers.get(kind, (fn, size))[0] is not fn:
            raise ValueError(f"two chunk handlers for outbox job {kind!r}")
        _chunk_handlers[kind] = (fn, size)
        return fn

    return register


def chunk_handler_for(kind: str) -> tuple[ChunkHandler, int] | None:
    return _chunk_handlers.get(kind)
