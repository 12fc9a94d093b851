"""Record after-commit work in the transaction that makes it due; carry it out until done.

`job_record` writes a Job row beside the change it follows, so the two commit or roll back
together. Once the transaction commits, the recording process runs the job at once (the fast
path: no extra latency) and deletes the row when the handler returns. If that process dies
first, or the handler raises (Redis or the broker unreachable...), the row stays and the outbox
worker (`manage.py outbox_work`; the ticks thread under `make run`) takes it once it is due and
retries with a growing delay until the handler returns. Work is therefore done at least once:
handlers are idempotent (outbox/registry.py). docs/operations.md lists what this promises.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from outbox.models import Job
from outbox.registry import chunk_handler_for, handler_for, known, runs_outside
from shared import metrics
from shared.logs import log_context, log_fields

log = logging.getLogger(__name__)

BACKOFF_MAX_SECONDS = 300
# A job run outside its row's transaction (registry.job_handler(outside=True)) is leased this
# long at least: another worker takes it again only if this one died or failed.
LEASE = timedelta(seconds=30)


def job_record(
    kind: str,
    payload: dict[str, Any],
    *,
    key: str | None = None,
    run_now: bool = True,
    due_at: datetime | None = None,
) -> Job | None:
    """Inside the caller's transaction: `kind`'s handler runs with `payload` after the commit.

    `key` makes the job unique while it is pending: a second record is ignored (returns None).
    `run_now=False` leaves the immediate run to the caller, which then calls `job_done` (play
    does, to hand its listeners the rows it already holds); the worker still covers a failure.
    `due_at` in the future: no immediate run, the worker takes it then (a push held through
    quiet hours).
    """
    if not known(kind):
        raise LookupError(f"no handler for outbox job {kind!r}")
    now = timezone.now()
    if due_at is not None and due_at > now:
        run_now = False
    else:
        due_at = now + timedelta(seconds=settings.OUTBOX_GRACE_SECONDS)
    job = Job(
        kind=kind,
        payload=payload,
        key=key,
        due_at=due_at,
        created_at=now,
        request_id=log_fields().get("request_id", ""),
    )
    if key is None:
        job.save(force_insert=True)
    else:
        try:
            with transaction.atomic():  # a savepoint: a duplicate key leaves the caller's work
                job.save(force_insert=True)
        except IntegrityError:
            return None  # the same work is already pending
    if run_now:
        transaction.on_commit(lambda: job_run(job), robust=True)
    return job


def job_run(job: Job) -> bool:
    """The recording process's immediate run; on failure the row waits for the worker."""
    try:
        with log_context(request_id=job.request_id or None):
            handler_for(job.kind)(job.payload)
    except Exception:
        log.exception("outbox job %s %s failed; the worker will retry it", job.kind, job.pk)
        metrics.outbox_run_counted(job.kind, "failed")
        return False
    job_done(job)
    metrics.outbox_run_counted(job.kind, "done")
    return True


class Written(NamedTuple):
    """A job row as the statement that inserted it knows it (play/rows.move_write writes a
    move's job in the move's own statement): what job_done and the announcers read, without a
    model instance built for every move (Model.__init__ was ~3% of a live server's CPU)."""

    pk: int
    kind: str
    payload: dict[str, Any]


def job_done(job: Job | Written) -> None:
    Job.objects.filter(pk=job.pk).delete()


def jobs_done(ids: list[int]) -> None:
    """Several jobs done at once (the moves a socket's event loop announced): one DELETE. On
    PostgreSQL the ids go as one array parameter: the ORM's `pk__in` compiles one parameter per
    id, and its delete collects first, a visible share of a live server's CPU (no model points
    at a job, so nothing cascades and no signal is skipped)."""
    if not ids:
        return
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"DELETE FROM {Job._meta.db_table} WHERE id = ANY(%s)", [list(ids)])
    else:
        Job.objects.filter(pk__in=ids).delete()


def backoff(attempts: int) -> timedelta:
    return timedelta(seconds=min(BACKOFF_MAX_SECONDS, 2 ** min(attempts, 12)))


def outbox_drain(
    *,
    limit: int = 200,
    now: datetime | None = None,
    kinds: Sequence[str] | None = None,
    until: float | None = None,
) -> int:
    """Run up to `limit` due jobs, one transaction each; returns how many completed.

    The row is locked while its handler runs (SKIP LOCKED: several workers share the table), and
    the handler's own writes commit with the row's deletion or roll back with its failure.
    A kind with a chunk handler (registry.job_chunk_handler: the sweep's timeouts) is taken up
    to its chunk size at a time, in one transaction; if the chunk raises, its writes (and the
    work it left for after the commit) roll back and each of its jobs is run alone.
    `kinds`: only jobs of these kinds; `until`: stop once `time.monotonic()` has passed it (the
    deadline sweep shares its timeouts with the outbox workers this way).
    """
    done = 0
    while done < limit:
        if until is not None and time.monotonic() >= until:
            break
        moment = now or timezone.now()
        leased = None
        with transaction.atomic():
            due = Job.objects.select_for_update(skip_locked=True).filter(due_at__lte=moment)
            if kinds is not None:
                due = due.filter(kind__in=kinds)
            job = due.order_by("due_at", "pk").first()
            if job is None:
                break
            chunk = chunk_handler_for(job.kind)
            if runs_outside(job.kind):
                leased = _lease(job, moment)
            elif chunk is None:
                done += _job_attempt(job, moment)
            else:
                handler, size = chunk
                more = due.filter(kind=job.kind).exclude(pk=job.pk).order_by("due_at", "pk")
                jobs = [job, *more[: max(0, min(size, limit - done) - 1)]]
                done += _chunk_attempt(handler, jobs, moment)
        if leased is not None:  # committed: the handler's claims commit on their own
            done += _leased_attempt(leased)
    return done


def _lease(job: Job, moment: datetime) -> Job:
    """Count the attempt and move the job out of reach until it would be retried anyway."""
    job.attempts += 1
    job.due_at = moment + max(LEASE, backoff(job.attempts))
    job.save(update_fields=["attempts", "due_at"])
    return job


def _leased_attempt(job: Job) -> int:
    """Run a leased job outside any transaction: 1 and the row deleted when its handler
    returned, else 0 (the row comes due again when its lease ends)."""
    try:
        with log_context(request_id=job.request_id or None):
            handler_for(job.kind)(job.payload)
    except Exception as exc:
        error = f"{type(exc).__name__}: {exc}"[:2000]
        log.warning(
            "outbox job %s %s failed (attempt %s): %s", job.kind, job.pk, job.attempts, error
        )
        with contextlib.suppress(Exception):  # the database may be the thing that failed
            Job.objects.filter(pk=job.pk).update(last_error=error)
        metrics.outbox_run_counted(job.kind, "failed")
        return 0
    Job.objects.filter(pk=job.pk).delete()
    metrics.outbox_run_counted(job.kind, "done")
    return 1


def _job_attempt(job: Job, moment: datetime) -> int:
    """Inside the transaction holding the job's lock: 1 when its handler returned (the row is
    deleted), else 0 (the row waits for its next attempt)."""
    try:
        with transaction.atomic(), log_context(request_id=job.request_id or None):
            handler_for(job.kind)(job.payload)
    except Exception as exc:
        job.attempts += 1
        job.due_at = moment + backoff(job.attempts)
        job.last_error = f"{type(exc).__name__}: {exc}"[:2000]
        job.save(update_fields=["attempts", "due_at", "last_error"])
        log.warning(
            "outbox job %s %s failed (attempt %s): %s; next try at %s",
            job.kind,
            job.pk,
            job.attempts,
            job.last_error,
            job.due_at.isoformat(),
        )
        metrics.outbox_run_counted(job.kind, "failed")
        return 0
    job.delete()
    metrics.outbox_run_counted(job.kind, "done")
    return 1


def _chunk_attempt(handler: Any, jobs: list[Job], moment: datetime) -> int:
    """The jobs' chunk handler in a savepoint, then one DELETE; on failure the savepoint's
    writes and after-commit work are gone, and the jobs are run one by one instead."""
    try:
        with transaction.atomic():
            handler([j.payload for j in jobs])
    except Exception:
        log.exception(
            "outbox chunk of %s %s jobs failed; each is run alone", len(jobs), jobs[0].kind
        )
        return sum(_job_attempt(job, moment) for job in jobs)
    jobs_done([j.pk for j in jobs])
    metrics.outbox_run_counted(jobs[0].kind, "done", len(jobs))
    return len(jobs)


def outbox_backlog(*, now: datetime | None = None) -> dict[str, Any]:
    """Pending jobs and the oldest one's age (seconds): for /readyz and the admin."""
    moment = now or timezone.now()
    oldest = Job.objects.order_by("created_at").values_list("created_at", flat=True).first()
    return {
        "pending": Job.objects.count(),
        "overdue": Job.objects.filter(due_at__lte=moment).count(),
        "oldest_seconds": round((moment - oldest).total_seconds(), 1) if oldest else 0.0,
    }
