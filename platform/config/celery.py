"""The Celery app: broker from settings (Redis), eager when no broker is configured."""

import os
import time
from typing import Any

from celery import Celery
from celery.signals import (
    beat_init,
    before_task_publish,
    celeryd_init,
    task_postrun,
    task_prerun,
    worker_process_init,
    worker_process_shutdown,
)
from django.conf import settings

from shared import metrics
from shared.logs import log_context, log_fields
from shared.reports import reports_start

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("tabletop")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_process_init.connect
def _child_without_pool(**kwargs: Any) -> None:
    """A prefork child runs one task at a time on one thread, and Celery closes its database
    connection after every task: a pool there would only open and close itself around each
    task (Celery closes pools per task under prefork). The child connects plainly instead, so
    it holds at most one connection, during a task (docs/operations.md, "Database
    connections")."""
    for database in settings.DATABASES.values():
        database.get("OPTIONS", {}).pop("pool", None)


@celeryd_init.connect
def _worker_reports(**kwargs: Any) -> None:
    """Before the pool forks (Sentry's advice for prefork): the children inherit the SDK, and
    the figures' switch; this main process answers the scrape for them all (shared/metrics.py:
    with PROMETHEUS_MULTIPROC_DIR, each child writes its own file there)."""
    reports_start("worker")
    if metrics.metrics_start("worker"):
        metrics.serve()


@worker_process_shutdown.connect
def _child_gone(pid: int | None = None, **kwargs: Any) -> None:
    metrics.process_dead(pid or os.getpid())


@beat_init.connect
def _beat_reports(**kwargs: Any) -> None:
    reports_start("beat")


@before_task_publish.connect
def _request_id_sent(headers: dict[str, Any] | None = None, **kwargs: Any) -> None:
    """The request id of the work that queues a task travels in the task's headers."""
    request_id = log_fields().get("request_id")
    if headers is not None and request_id:
        headers["request_id"] = request_id


_running: dict[str, Any] = {}
_started: dict[str, float] = {}  # task id -> time.perf_counter() at its start (metrics on)


@task_prerun.connect
def _request_id_restored(task_id: str = "", task: Any = None, **kwargs: Any) -> None:
    """The task's log lines name the request that queued it. A worker finds the message's
    headers on the task's request, `apply` under its `headers`; an eager task queued with
    `delay` has none and keeps the caller's context, which is that request's already."""
    if metrics.on:
        _started[task_id] = time.perf_counter()
    request = getattr(task, "request", None)
    request_id = getattr(request, "request_id", None) or (
        getattr(request, "headers", None) or {}
    ).get("request_id")
    if request_id:
        block = log_context(request_id=request_id)
        block.__enter__()
        _running[task_id] = block


@task_postrun.connect
def _request_id_dropped(
    task_id: str = "", task: Any = None, state: str | None = None, **kwargs: Any
) -> None:
    if metrics.on:
        started = _started.pop(task_id, None)
        took = None if started is None else time.perf_counter() - started
        metrics.task_counted(getattr(task, "name", "?"), (state or "unknown").lower(), took)
    block = _running.pop(task_id, None)
    if block is not None:
        block.__exit__(None, None, None)
