"""A page that queues a Celery task and records an outbox job, as a move's request does."""

from __future__ import annotations

import logging

from celery import shared_task
from django.http import HttpResponse
from django.urls import path

from outbox.registry import job_handler
from outbox.services import job_record

log = logging.getLogger("tests.logs")


@shared_task(name="tests.logs.note_task")
def note_task(note: str) -> None:
    log.warning("task %s", note)


@job_handler("tests.logs.note")
def note_job(payload: dict) -> None:
    log.warning("job %s", payload["note"])


def queue_work(request):
    note_task.delay("queued")
    job_record("tests.logs.note", {"note": "recorded"}, run_now=False)
    return HttpResponse("queued")


urlpatterns = [path("queue/", queue_work)]
