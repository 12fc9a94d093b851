"""Celery tasks of the tournaments: they take ids and call a service; running one twice is
harmless (the tournament row is locked, a round number exists once, an e-mail row is claimed
once)."""

from __future__ import annotations

import logging
import threading

from celery import shared_task
from django.conf import settings
from django.db import connection

from notifications.services import DeliveryRefused
from play import bots
from shared.retry import retried
from tournaments import emails, services, stages, sweep

log = logging.getLogger(__name__)


@shared_task(name="tournaments.tasks.tournament_advance", **retried())
def tournament_advance(tournament_id: int) -> str:
    return services.tournament_advance(tournament_id=tournament_id)


@shared_task(name="tournaments.tasks.tournament_stage_next", **retried())
def tournament_stage_next(tournament_id: int) -> str:
    return stages.stage_next(tournament_id=tournament_id)


@shared_task(name="tournaments.tasks.tournaments_sweep")
def tournaments_sweep() -> dict[str, int]:
    """Beat, every 30 s: check-in, starts, lost advances and bots (services), lost e-mails."""
    done = sweep.tournaments_sweep()
    stalled = emails.emails_stalled()
    for email_id in stalled:
        tournament_email_send.delay(email_id)
    done["emails_requeued"] = len(stalled)
    return done


@shared_task(name="tournaments.tasks.tournament_email_send", **retried(DeliveryRefused))
def tournament_email_send(email_id: int) -> bool:
    return emails.email_send(email_id=email_id)


def advance_soon(tournament_id: int) -> None:
    """Queue the advance. Without a broker (`make run`) Celery runs it in place; if that place
    is the bots' loop (the last game of a round was a bot's move), the new round's bots would
    not be woken from inside it, so it runs in a thread of its own."""
    if settings.CELERY_TASK_ALWAYS_EAGER and bots.in_bot_loop():
        threading.Thread(target=_advance_in_thread, args=(tournament_id,), daemon=True).start()
    else:
        tournament_advance.delay(tournament_id)


def _advance_in_thread(tournament_id: int) -> None:
    try:
        services.tournament_advance(tournament_id=tournament_id)
    except Exception:  # a background thread has nobody to raise to: log it
        log.exception("tournament %s: advance failed; the sweep will try again", tournament_id)
    finally:
        connection.close()
