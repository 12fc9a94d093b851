"""Structured logs: one JSON object a line, with what is known of the work at hand.

Each log record carries the fields bound in its context when it was made: `request_id` (set by
the request middleware, config/middleware.py, and handed on to the Celery tasks and outbox jobs
the request queues), `user_id`, `match_id` and `version` (a move). `JsonFormatter` writes a
record as one line; `LOG_FORMAT=text` keeps the plain lines (docs/operations.md, "Logs").
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import secrets
from collections.abc import Iterator
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

FIELDS = ("request_id", "user_id", "match_id", "version")
# An incoming X-Request-ID is kept only if it looks like an id (a balancer's, a client's): no
# spaces or quotes to forge a log line, and short.
_WELL_FORMED = re.compile(r"[A-Za-z0-9._:-]{8,64}")

_bound: ContextVar[dict[str, Any]] = ContextVar("log_fields", default={})  # noqa: B039 - never mutated


def request_id_new() -> str:
    return secrets.token_hex(16)


def request_id_accepted(incoming: str | None) -> str:
    """The caller's id when it is well-formed, else a new one."""
    if incoming and _WELL_FORMED.fullmatch(incoming):
        return incoming
    return request_id_new()


def log_fields() -> dict[str, Any]:
    return _bound.get()


@contextlib.contextmanager
def log_context(**fields: Any) -> Iterator[None]:
    """Bind `fields` to every record made inside the block (None values are left out)."""
    token = _bound.set({**_bound.get(), **{k: v for k, v in fields.items() if v is not None}})
    try:
        yield
    finally:
        _bound.reset(token)


def log_bind(**fields: Any) -> None:
    """Bind `fields` until the enclosing log_context ends (the request, the task, the job)."""
    _bound.set({**_bound.get(), **{k: v for k, v in fields.items() if v is not None}})


def logs_install() -> None:
    """Every record takes the context's fields as it is made (the formatter may run later, in
    another handler). Once per process."""
    make = logging.getLogRecordFactory()
    if getattr(make, "with_context", False):
        return

    def record(*args: Any, **kwargs: Any) -> logging.LogRecord:
        made = make(*args, **kwargs)
        made.context = _bound.get()
        return made

    record.with_context = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(record)


class JsonFormatter(logging.Formatter):
    """A record as one JSON object: time, level, logger, message, the context's fields, and
    the exception's traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        line.update(getattr(record, "context", {}))
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        elif record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, default=str, ensure_ascii=False)
