"""Turn e-mails: one per turn per player, after commit, only when no socket is open.

The row (match, seat, since) is the promise "at most one e-mail for this turn": it is created
before sending and marked sent after; a retry after an SMTP failure finds it unsent and tries
again; a retry after a success (or a second task for the same turn) finds it sent and stops.
"""

from __future__ import annotations

import smtplib
from collections.abc import Sequence

from celery import shared_task

from notifications import services
from play.models import Seat


def turn_emails_schedule(*, seats: Sequence[Seat], version: int) -> None:
    """Queue one task per seat that began to owe a move at `version` (called after commit)."""
    for seat in services.seats_newly_to_act(seats=seats, version=version):
        turn_email_send.delay(seat.pk, version)


@shared_task(
    name="notifications.tasks.turn_email_send",
    autoretry_for=(smtplib.SMTPException, OSError),
    retry_backoff=2,
    retry_backoff_max=300,
    max_retries=8,
)
def turn_email_send(seat_id: int, since: int) -> bool:
    return services.turn_email_send(seat_id=seat_id, since=since)
