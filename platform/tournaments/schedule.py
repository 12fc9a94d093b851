"""Round schedules: when each round may start and, in turn-based events, its deadline.

An organiser sets them (`round_schedule_set`); `progress.advance` holds a round back until its
start time (`round_may_start`), and beat's sweep (tournaments/sweep.py, every 30 s) both starts
it when the time comes and, at a turn-based round's deadline, ends its unfinished games by the
organiser's rule (`deadlines_enforce`): adjudicated by the bots' evaluation of the position, or
a shared result (games.core.adjudication). Each ended game finishes like any other (play's
`match_finished`), so its result reaches the table, the standings and the ladders the usual way.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.core.adjudication import adjudicated, shared
from play.models import Match
from play.services import match_end

# services imports progress, which imports this module: services by name, read when called
from tournaments import errors, services
from tournaments.models import Round, RoundSchedule, Tournament, TournamentTable

T = Tournament.Status
MAX_ROUND = 500


def round_schedule_set(
    *, tournament_id: Any, user: Any, number: Any, starts_at: Any, deadline: Any
) -> RoundSchedule | None:
    """Set (or, with neither time, clear) round `number`'s start time and deadline."""

    if not isinstance(number, int) or not 1 <= number <= MAX_ROUND:
        raise errors.bad(
            "bad_round", _("The round must be a number from 1 to %(n)s.") % {"n": MAX_ROUND}
        )
    _check_times(starts_at, deadline)
    with transaction.atomic():
        t = services.locked(tournament_id)
        services._ensure_organiser(t, user)
        _check_may_schedule(t, number, starts_at, deadline)
        if starts_at is None and deadline is None:
            RoundSchedule.objects.filter(tournament=t, number=number).delete()
            row = None
        else:
            row, _new = RoundSchedule.objects.update_or_create(
                tournament=t,
                number=number,
                defaults={"starts_at": starts_at, "deadline": deadline, "ended_at": None},
            )
        services.audit(
            t,
            user,
            "schedule",
            f"Round {number}: start {_iso(starts_at)}, deadline {_iso(deadline)}.",
            number=number,
            starts_at=_iso(starts_at),
            deadline=_iso(deadline),
        )
        t.stamp += 1
        t.save(update_fields=["stamp"])
    return row


def _iso(value: datetime | None) -> str:
    return value.isoformat() if value is not None else "-"


def _check_times(starts_at: Any, deadline: Any) -> None:
    for value in (starts_at, deadline):
        if value is not None and (not isinstance(value, datetime) or timezone.is_naive(value)):
            raise errors.bad("bad_time", _("Times must be dates with a time and a time zone."))
    if starts_at is not None and deadline is not None and deadline <= starts_at:
        raise errors.bad("deadline_before_start", _("The deadline must come after the start."))


def _check_may_schedule(t: Tournament, number: int, starts_at: Any, deadline: Any) -> None:
    if t.is_over:
        raise errors.refused("over", _("This tournament is over."))
    if t.format == Tournament.Format.ARENA:
        raise errors.bad(
            "arena_no_rounds", _("An arena runs for its length: it has no rounds to schedule.")
        )
    if deadline is not None and t.mode != Tournament.Mode.TURN:
        raise errors.bad(
            "deadline_live",
            _("Round deadlines are for turn-based events: live games end on their clocks."),
        )
    rnd = Round.objects.filter(tournament=t, number=number).first()
    if rnd is None:
        return
    if rnd.finished_at is not None:
        raise errors.refused("round_over", _("Round %(n)s is over.") % {"n": number})
    if starts_at is not None:
        raise errors.refused(
            "round_started",
            _("Round %(n)s has started: only its deadline can change.") % {"n": number},
        )
    if deadline is not None and deadline <= rnd.started_at:
        raise errors.bad("deadline_before_start", _("The deadline must come after the start."))


def schedule_shown(tournament: Tournament) -> list[dict[str, Any]]:
    """The event page's schedule: a round already started shows when it did."""
    started = dict(tournament.rounds_set.values_list("number", "started_at"))
    return [
        {
            "number": row.number,
            "starts_at": started.get(row.number) or row.starts_at,
            "deadline": row.deadline,
            "started": row.number in started,
        }
        for row in tournament.schedule.order_by("number")
    ]


def unfinished_rule_set(*, tournament_id: Any, user: Any, rule: Any) -> Tournament:

    if rule not in Tournament.Unfinished.values:
        raise errors.bad("bad_rule", _("The rule must be 'adjudicate' or 'shared'."))
    with transaction.atomic():
        t = services.locked(tournament_id)
        services._ensure_organiser(t, user)
        t.unfinished_rule = rule
        t.stamp += 1
        t.save(update_fields=["unfinished_rule", "stamp"])
        services.audit(
            t, user, "unfinished_rule", f"Unfinished games at a deadline: {rule}.", rule=rule
        )
    return t


def round_may_start(tournament: Tournament, number: int, now: datetime | None = None) -> bool:
    """False while round `number` has a start time still to come."""
    starts_at = (
        RoundSchedule.objects.filter(tournament=tournament, number=number)
        .values_list("starts_at", flat=True)
        .first()
    )
    return starts_at is None or starts_at <= (now or timezone.now())


def deadlines_enforce(*, now: datetime | None = None) -> int:
    """The sweep's part: every turn-based round past its deadline has its unfinished games
    ended by the event's rule. Returns how many games were ended; running it twice ends none
    more (an ended game is finished, and the schedule row is marked)."""
    now = now or timezone.now()
    due = RoundSchedule.objects.filter(
        deadline__lte=now,
        ended_at__isnull=True,
        tournament__mode=Tournament.Mode.TURN,
        tournament__status__in=[T.RUNNING, T.PAUSED],
    ).select_related("tournament")
    ended = 0
    for row in due:
        if not Round.objects.filter(tournament=row.tournament, number=row.number).exists():
            continue  # not started yet (a late start): its deadline waits for it
        ended += _round_end(row)
    return ended


def _round_end(row: RoundSchedule) -> int:
    judge = adjudicated if row.tournament.unfinished_rule == "adjudicate" else _shared
    reason = "adjudicated" if judge is adjudicated else "shared"
    match_ids = TournamentTable.objects.filter(
        round__tournament=row.tournament,
        round__number=row.number,
        places__isnull=True,
        match__status=Match.Status.ACTIVE,
    ).values_list("match_id", flat=True)
    ended = sum(match_end(match_id=pk, judge=judge, reason=reason) for pk in match_ids)
    RoundSchedule.objects.filter(pk=row.pk).update(ended_at=timezone.now())
    return ended


def _shared(_game: Any, _state: Any, seats: int) -> Any:
    return shared(seats)
