"""The outbox: work that must follow a commit, written in the same transaction as the change."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class Job(models.Model):
    """One piece of after-commit work still to do. Deleted once its handler has returned."""

    kind = models.CharField(max_length=64)
    payload = models.JSONField(default=dict)
    # A pending job with this key exists at most once (a second record is ignored).
    key = models.CharField(max_length=200, null=True, blank=True, unique=True)
    # The worker takes a job once this time has passed: a grace for the recording process's own
    # immediate run, then the backoff after each failed attempt.
    due_at = models.DateTimeField(default=timezone.now)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    # The request (or task) that recorded the job: its log lines, when it runs, name it too.
    # A database default: a move's job is inserted by play's own statement (play/rows.py).
    request_id = models.CharField(max_length=64, blank=True, default="", db_default="")

    class Meta:
        indexes = [models.Index(fields=["due_at"], name="outbox_job_due")]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} ({self.attempts} attempts)"
