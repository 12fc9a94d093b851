"""Which function carries out each kind of outbox job. Apps register theirs when they load
(the module holding the handlers is imported in the app's AppConfig.ready)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Handler = Callable[[dict[str, Any]], None]

_handlers: dict[str, Handler] = {}


def job_handler(kind: str) -> Callable[[Handler], Handler]:
    """Register `fn(payload)` for `kind`. It must be idempotent (a job may run more than once:
    an attempt that raised, or the recording process's run racing the worker) and raises to be
    tried again later."""

    def register(fn: Handler) -> Handler:
        if _handlers.get(kind, fn) is not fn:
            raise ValueError(f"two handlers for outbox job {kind!r}")
        _handlers[kind] = fn
        return fn

    return register


def handler_for(kind: str) -> Handler:
    try:
        return _handlers[kind]
    except KeyError:
        raise LookupError(f"no handler for outbox job {kind!r}") from None


def known(kind: str) -> bool:
    return kind in _handlers
