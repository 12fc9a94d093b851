"""The deadline sweep (docs/notifications.md, "The deadline sweep"): every deadline lives in
PostgreSQL (Match.deadline, Vacation.ends_at, TurnEmail.hold_until, the players' reminder point
and digest hour) and this one periodic pass acts on whatever is due. Celery beat runs it every
15 s (`notifications.sweep.deadlines_sweep`); under `make run` the ticks thread does. Nothing
waits in a multi-day ETA task, so restarting the worker or beat loses nothing: the next pass
finds the same rows, and the rows (OutgoingEmail, TurnEmail, the match version) make a second
pass or a re-run task send nothing twice.

Order matters: vacations first (so a paused clock is not run out), then the clocks, then the
e-mails that are due.
"""

from __future__ import annotations

import logging
import time
from datetime import datetime, timedelta
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from notifications import tasks
from notifications.models import OutgoingEmail, Preferences, TurnEmail, Vacation
from notifications.preferences import digest_due, quiet_until, vacation_automatic
from outbox.services import outbox_drain
from play import banks, clocks
from play.models import Match, Seat
from play.services import TIMEOUT_JOB, clocks_queue, seats_pause, seats_resume

log = logging.getLogger(__name__)


@shared_task(name="notifications.sweep.deadlines_sweep")
def deadlines_sweep_task() -> dict[str, int]:
    return deadlines_sweep()


def deadlines_sweep(*, now: datetime | None = None) -> dict[str, int]:
    """One pass over everything due at `now`; returns what it did, by kind."""
    now = now or timezone.now()
    done = {
        "vacations": vacations_apply(now=now),
        "automatic_vacations": vacations_automatic(now=now),
    }
    done["timeouts_queued"] = clocks_queue(now=now)
    done["timeouts"] = timeouts_run(now=now)
    done["reminders"] = reminders_queue(now=now)
    done["held_turn_emails"] = held_turn_emails_queue(now=now)
    done["digests"] = digests_queue(now=now)
    return done


def timeouts_run(*, now: datetime) -> int:
    """The pass's own share of the timeout jobs (clocks_queue): it takes them like an outbox
    worker (SKIP LOCKED, one transaction each) for at most SWEEP_TIMEOUTS_SECONDS, then goes on
    to the e-mails; the outbox workers take the rest side by side. Returns the matches done."""
    until = time.monotonic() + settings.SWEEP_TIMEOUTS_SECONDS
    return outbox_drain(limit=10**9, now=now, kinds=[TIMEOUT_JOB], until=until)


def vacations_apply(*, now: datetime) -> int:
    """Pause the clocks of players on vacation (also seats taken since it began); resume
    those whose vacation has ended."""
    changed = 0
    on_vacation = Vacation.objects.filter(starts_at__lte=now, ends_at__gt=now, resumed=False)
    for user_id, starts_at in on_vacation.values_list("user_id", "starts_at"):
        changed += seats_pause(user_id=user_id, since=starts_at)
    ended = Vacation.objects.filter(ends_at__lte=now, resumed=False)
    for vacation in ended:
        still_away = Vacation.objects.filter(
            user_id=vacation.user_id, starts_at__lte=now, ends_at__gt=now
        ).exists()
        if not still_away:
            changed += seats_resume(user_id=vacation.user_id, now=now)
        Vacation.objects.filter(pk=vacation.pk).update(resumed=True)
    return changed


def _overdue_human_seats(now: datetime) -> Any:
    return Seat.objects.filter(
        to_act=True,
        forfeited=False,
        user__isnull=False,
        paused_at__isnull=True,
        match__status=Match.Status.ACTIVE,
        match__mode="turn",
        match__deadline__lt=now,
    )


def vacations_automatic(*, now: datetime) -> int:
    """A turn-based clock ran out: a vacation day instead, if the player allows it and has one.
    Players who turned it off, and matches whose rules forbid vacations (a tournament's), are
    left out in SQL (the bench's 5,000 deadlines cost one query)."""
    refused = Preferences.objects.filter(user_id=OuterRef("user_id"), auto_vacation=False)
    seats = (
        _overdue_human_seats(now)
        .filter(match__vacation_allowed=True)
        .exclude(Exists(refused))
        .values_list("user_id", "match__deadline")
        .order_by("match__deadline")
    )
    taken = 0
    seen: set[int] = set()
    for user_id, deadline in seats:
        if user_id in seen:
            continue
        seen.add(user_id)
        taken += vacation_automatic(user_id=user_id, deadline=deadline, now=now)
    return taken


def reminders_queue(*, now: datetime) -> int:
    """Seats whose reminder point has come (a share of the time per move left, the player's
    choice) and whose reminder row is not claimed yet: one task each, queued again only after
    REQUEUED_WAIT (the row's queued_at: behind a long mail queue, a pass every 15 s queued 6,000
    copies in 10 minutes under bench/crowd.py). A task queued twice sends once: its
    OutgoingEmail row."""
    candidates = (
        Seat.objects.filter(
            to_act=True,
            forfeited=False,
            user__isnull=False,
            paused_at__isnull=True,
            match__status=Match.Status.ACTIVE,
            match__mode="turn",
            match__deadline__gt=now,
        )
        .filter(match__deadline__lte=now + timedelta(days=14))
        .values_list(*REMINDER_FIELDS)
    )
    prefs = {p.user_id: p for p in Preferences.objects.filter(reminder_percent__lt=100)}
    due: list[tuple[int, int]] = []
    for seat_id, index, since, user_id, zone, stored, clock, per_move in candidates:
        # the seat's own bank (play/banks.py): no seat is reminded of another's clock
        rule = clocks.control_from(clock, per_move)
        deadline = banks.deadline_of(stored, index, rule, zone or None)
        move_seconds = rule.base
        if since is None or deadline is None or deadline <= now:
            continue
        percent = prefs[user_id].reminder_percent if user_id in prefs else 25
        if user_id in prefs and quiet_until(prefs[user_id], now) is not None:
            continue  # quiet hours: a later pass sends it when the window ends, if still due
        if percent and deadline - now <= timedelta(seconds=move_seconds * percent / 100):
            due.append((seat_id, since))
    if not due:
        return 0
    done = set(
        OutgoingEmail.objects.filter(kind="reminder", key__in=[f"{s}:{v}" for s, v in due])
        .filter(~Q(status=OutgoingEmail.Status.PENDING) | Q(queued_at__gte=now - REQUEUED_WAIT))
        .values_list("key", flat=True)
    )
    queue = [(seat_id, since) for seat_id, since in due if f"{seat_id}:{since}" not in done]
    OutgoingEmail.objects.bulk_create(
        [OutgoingEmail(kind="reminder", key=f"{s}:{v}", queued_at=now) for s, v in queue],
        update_conflicts=True,
        unique_fields=["kind", "key"],
        update_fields=["queued_at"],
    )
    for seat_id, since in queue:
        tasks.reminder_send.delay(seat_id, since)
    return len(queue)


def held_turn_emails_queue(*, now: datetime) -> int:
    """Turn e-mails held back (quiet hours, a vacation) whose hold has ended, and the turns
    released by a player back from the digest (preferences.turns_waiting_release)."""
    held = TurnEmail.objects.filter(status=TurnEmail.Status.PENDING, hold_until__lte=now)
    queued = 0
    for pk, seat_id, since in held.values_list("pk", "seat_id", "since"):
        TurnEmail.objects.filter(pk=pk).update(hold_until=None)
        TurnEmail.objects.update_or_create(
            seat_id=seat_id, since=since, defaults={"requeued_at": now}
        )
        tasks.turn_email_send.delay(seat_id, since)
        queued += 1
    return queued


def digests_queue(*, now: datetime) -> int:
    """Players on the daily digest whose hour has come today (their time zone) and who have
    no digest row for that day yet, outside their quiet hours."""
    queued = 0
    for prefs in Preferences.objects.filter(turn_mail__in=Preferences.DIGEST_MODES):
        day = digest_due(prefs, now)
        if day is None or quiet_until(prefs, now) is not None:
            continue
        key = f"{prefs.user_id}:{day}"
        if (
            OutgoingEmail.objects.filter(kind="digest", key=key)
            .exclude(status=OutgoingEmail.Status.PENDING)
            .exists()
        ):
            continue
        tasks.digest_send.delay(prefs.user_id, day)
        queued += 1
    return queued


# A refused delivery retries within about 10 minutes (back-off up to 300 s); a claimed row
# still pending after this has no retry coming (retries used up, or the retry was lost).
RETRIES_LOST_AFTER = timedelta(minutes=15)
# A turn e-mail the watchdog queued again is left to that task this long: behind a long mail
# queue the first task may merely be late, and queuing it on every pass (each minute) filled
# the queue with copies (bench/crowd.py: 7,838 deep). Tournaments' e-mails do the same
# (tournaments.emails, requeued_at).
REQUEUED_WAIT = timedelta(minutes=10)
# What the reminders' pass reads of a seat to know its own deadline (not the match's state).
# Values, not rows: a pass reads thousands of seats (bench/deadline_sweep.py).
REMINDER_FIELDS = [
    "pk", "index", "to_act_since", "user_id", "user__time_zone", "match__banks", "match__clock",
    "match__move_seconds",
]  # fmt: skip


def turn_emails_lost_queue(*, now: datetime, stalled_before: datetime, limit: int) -> int:
    """The watchdog's share of notifications (play.signals.watchdog_passing): human seats to
    act in a match unchanged since `stalled_before` whose turn e-mail task never ran (no row
    for the turn: the task was lost) or whose refused delivery has no retry coming. Queued
    again, at most once per REQUEUED_WAIT (the row's requeued_at, which the claim clears); the
    row makes a task that was merely late harmless."""
    handled = TurnEmail.objects.filter(seat=OuterRef("pk"), since=OuterRef("to_act_since")).filter(
        ~Q(status=TurnEmail.Status.PENDING)
        # the claim chose not to send (preferences, watching, no longer due)
        | Q(attempts=0, requeued_at__isnull=True)
        | Q(hold_until__isnull=False)  # held: the sweep sends it when the hold ends
        | Q(claimed_at__gte=now - RETRIES_LOST_AFTER)
        | Q(requeued_at__gte=now - REQUEUED_WAIT)  # queued again lately: its task may be late
    )
    lost = (
        Seat.objects.filter(
            to_act=True,
            forfeited=False,
            user__isnull=False,
            to_act_since__isnull=False,
            match__status=Match.Status.ACTIVE,
            match__updated_at__lt=stalled_before,
        )
        .exclude(Exists(handled))
        .values_list("pk", "to_act_since", "match_id")
        .order_by("pk")[:limit]
    )
    queued = 0
    for seat_id, since, match_id in lost:
        if since is None:  # excluded above; for the type checker
            continue
        log.warning(
            "watchdog: turn e-mail of seat %s (match %s, v%s) lost: queued",
            seat_id,
            match_id,
            since,
        )
        TurnEmail.objects.update_or_create(
            seat_id=seat_id, since=since, defaults={"requeued_at": now}
        )
        tasks.turn_email_send.delay(seat_id, since)
        queued += 1
    return queued
