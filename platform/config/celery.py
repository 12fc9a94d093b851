"""The Celery app: broker from settings (Redis), eager when no broker is configured."""

import os
from typing import Any

from celery import Celery
from celery.signals import beat_init, celeryd_init, worker_process_init
from django.conf import settings

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
    """Before the pool forks (Sentry's advice for prefork): the children inherit the SDK."""
    reports_start("worker")


@beat_init.connect
def _beat_reports(**kwargs: Any) -> None:
    reports_start("beat")
