"""The tournaments' outbox jobs: each queues a Celery task (ids only, safe to run twice)."""

from __future__ import annotations

from typing import Any

from outbox.registry import job_handler
from tournaments import tasks


@job_handler("tournaments.advance")
def advance(payload: dict[str, Any]) -> None:
    tasks.advance_soon(int(payload["tournament"]))


@job_handler("tournaments.stage")
def stage(payload: dict[str, Any]) -> None:
    tasks.tournament_stage_next.delay(int(payload["tournament"]))


@job_handler("tournaments.email")
def email(payload: dict[str, Any]) -> None:
    """One task per e-mail (each claims its own row: a re-run sends none twice)."""
    for email_id in payload["emails"]:
        tasks.tournament_email_send.delay(int(email_id))
