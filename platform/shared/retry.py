"""What a Celery task a game depends on does after a transient failure: it tries again.

PostgreSQL restarting or refusing connections (Django's OperationalError, InterfaceError for a
connection that died under it), Redis or the broker away (a task that queues another): the
task raises, and Celery retries it with a growing delay (RETRY_BACKOFF_MAX seconds at most,
with jitter, so a crowd of retries does not come back at once) up to RETRY_MAX times: with the
defaults, about four hours of outage. Every such task is idempotent (docs/operations.md,
"Transient failures"), so a retry after a half-done attempt does no harm. The watchdog
(play/watchdog.py) repairs what runs out of retries.
"""

from __future__ import annotations

from typing import Any

import kombu.exceptions
import redis.exceptions
from django.conf import settings
from django.db import InterfaceError, OperationalError

TRANSIENT: tuple[type[BaseException], ...] = (
    OperationalError,
    InterfaceError,
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    kombu.exceptions.OperationalError,
)


def retried(*also: type[BaseException]) -> dict[str, Any]:
    """`@shared_task(**retried())`: retried on TRANSIENT errors (and on `also`) with back-off."""
    return {
        "autoretry_for": (*TRANSIENT, *also),
        "retry_backoff": 2,
        "retry_backoff_max": settings.TASK_RETRY_BACKOFF_MAX,
        "retry_jitter": True,
        "max_retries": settings.TASK_RETRY_MAX,
    }
