"""Celery's queues by kind of work (issue 31): bot turns, tournament progress, e-mail and push,
the periodic sweeps and rating recomputation each have a queue, so that no kind waits behind
another (a slow bot turn never delays a tournament's next round or an e-mail). The kinds and
their tasks are declared once, in settings.TASK_KINDS; this module names the queues and routes
the tasks (Celery's task_routes)."""

from __future__ import annotations

from collections.abc import Iterable
from fnmatch import fnmatchcase
from typing import Any

from celery import current_app
from django.conf import settings
from kombu import Queue


def queue_names(base: str, kinds: Iterable[str] | None = None) -> list[str]:
    """The default queue `base` (tasks of no kind), then `base.<kind>` for each kind."""
    kinds = settings.TASK_KINDS if kinds is None else kinds
    return [base, *(f"{base}.{kind}" for kind in kinds)]


def queues_declared(base: str, kinds: Iterable[str] | None = None) -> list[Queue]:
    """Celery's task_queues: each queue bound under its own routing key (kombu's default would
    bind them all under the default queue's key, and the direct exchange would then copy every
    task to every queue)."""
    return [Queue(name, routing_key=name) for name in queue_names(base, kinds)]


def kind_of(task_name: str) -> str | None:
    """The kind of work of a task, by its name (settings.TASK_KINDS: names or glob patterns)."""
    for kind, patterns in settings.TASK_KINDS.items():
        if any(fnmatchcase(task_name, pattern) for pattern in patterns):
            return kind
    return None


def route(name: str, args: Any, kwargs: Any, options: Any, task: Any = None, **kw: Any) -> Any:
    """Celery router: a task goes to its kind's queue, named after the app's default queue at
    the time it is sent (a test run or a second site on the same Redis sets CELERY_QUEUE)."""
    kind = kind_of(name)
    if kind is None:
        return None
    return {"queue": f"{current_app.conf.task_default_queue}.{kind}"}
