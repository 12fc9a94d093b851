"""Beat's periodic pass over the tournaments (tasks.tournaments_sweep, every 30 s): open the
check-in windows, start the events whose time came, end the games of turn-based rounds past
their deadline (tournaments/schedule.py), advance any running event whose round is complete
or whose next round's start time came, and wake the bots of a tournament game a killed worker
left. Nothing waits on a process staying up: whatever a crash lost, the next pass does."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from play import tasks as play_tasks
from play.models import Match
from tournaments import errors, schedule, services
from tournaments.models import Tournament

T = Tournament.Status
BOTS_STALL = timedelta(seconds=60)


def tournaments_sweep(*, now: datetime | None = None) -> dict[str, int]:
    """Beat's periodic pass (every 30 s): open check-in windows, start events whose time came,
    advance running events whose round is complete. Nothing waits on a process staying up."""
    now = now or timezone.now()
    done = {"checkin": 0, "started": 0, "advanced": 0}
    for t in Tournament.objects.filter(
        status=T.REGISTRATION, checkin_minutes__gt=0, starts_at__isnull=False
    ):
        if t.starts_at is not None and t.starts_at - timedelta(minutes=t.checkin_minutes) <= now:
            done["checkin"] += _quietly(services.tournament_checkin_open, t.pk)
    due = Tournament.objects.filter(status__in=[T.REGISTRATION, T.CHECKIN], starts_at__lte=now)
    for pk in due.values_list("pk", flat=True):
        started = _quietly(services.tournament_start, pk)
        if not started:
            _start_failed(pk)
        done["started"] += started
    done["deadlines"] = schedule.deadlines_enforce(now=now)
    running = Tournament.objects.filter(status=T.RUNNING)
    for pk in running.values_list("pk", flat=True):
        done["advanced"] += services.tournament_advance(tournament_id=pk) in ("round", "finished")
    done["bots_woken"] = _stalled_bots_wake(now)
    return done


def _stalled_bots_wake(now: datetime) -> int:
    """A tournament game whose bot (or forfeited) seat owes a move and that has not moved for a
    minute lost its bots' task (a worker killed mid-game): wake them again. A second bots' run
    racing the first only meets a stale version and stops."""
    bot_to_act = Q(seats__to_act=True) & (Q(seats__bot__gt="") | Q(seats__forfeited=True))
    stalled = Match.objects.filter(
        bot_to_act,  # one filter(): the same seat is to act and a bot's
        tournament_table__tournament__status=T.RUNNING,
        status=Match.Status.ACTIVE,
        updated_at__lt=now - BOTS_STALL,
    )
    ids = list(stalled.values_list("pk", flat=True).distinct())
    for match_id in ids:
        play_tasks.bots_play.delay(match_id)
    return len(ids)


def _quietly(service: Any, tournament_id: int) -> int:
    try:
        service(tournament_id=tournament_id)
    except errors.TournamentError:
        return 0
    return 1


def _start_failed(tournament_id: int) -> None:
    """The automatic start was refused (too few players): the organiser sets a new time."""
    with transaction.atomic():
        t = services.locked(tournament_id)
        t.starts_at = None
        t.save(update_fields=["starts_at"])
        services.audit(
            t,
            None,
            "start_failed",
            "Could not start at the set time (too few players?): set a new time or start by hand.",
        )
