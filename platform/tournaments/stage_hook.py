"""The one thing a finishing tournament does for stages (tournaments/stages.py): after commit,
the outbox asks whether the event's next stage starts."""

from __future__ import annotations

from outbox.services import job_record
from tournaments.models import Tournament


def stage_finished_record(t: Tournament) -> None:
    """Inside the finishing transaction; nothing for an event of one stage."""
    if t.event_id is not None or t.stages.exists():
        job_record("tournaments.stage", {"tournament": t.pk}, key=f"tournaments.stage:{t.pk}")
