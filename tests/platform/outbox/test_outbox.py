"""The outbox: after-commit work recorded with the change, done at least once, until it is done."""

import threading
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from outbox.models import Job
from outbox.registry import job_handler
from outbox.services import backoff, job_record, jobs_done, outbox_backlog, outbox_drain

pytestmark = pytest.mark.django_db(transaction=True)

RUNS: list[dict] = []
FAILING = {"times": 0}


@job_handler("tests.remember")
def remember(payload):
    RUNS.append(payload)


@job_handler("tests.flaky")
def flaky(payload):
    if FAILING["times"] > 0:
        FAILING["times"] -= 1
        raise ConnectionRefusedError("the service is down")
    RUNS.append(payload)


@pytest.fixture(autouse=True)
def _clean():
    RUNS.clear()
    FAILING["times"] = 0


def _later(seconds: float = 3600):
    return timezone.now() + timedelta(seconds=seconds)


def test_a_job_runs_once_the_transaction_commits_and_is_then_gone():
    with transaction.atomic():
        job_record("tests.remember", {"n": 1})
        assert RUNS == []  # not before the commit
        assert Job.objects.count() == 1  # but written with the change
    assert RUNS == [{"n": 1}]
    assert Job.objects.count() == 0


def test_a_rolled_back_change_leaves_no_job():
    with pytest.raises(RuntimeError), transaction.atomic():
        job_record("tests.remember", {"n": 1})
        raise RuntimeError("the change failed")
    assert RUNS == [] and Job.objects.count() == 0


def test_an_unknown_kind_is_refused_at_once():
    with pytest.raises(LookupError), transaction.atomic():
        job_record("tests.nobody", {})
    assert Job.objects.count() == 0


def test_a_failed_run_stays_for_the_worker_which_retries_until_it_succeeds():
    FAILING["times"] = 3
    with transaction.atomic():
        job_record("tests.flaky", {"n": 7})
    job = Job.objects.get()
    assert RUNS == [] and job.attempts == 0  # the immediate run failed

    assert outbox_drain() == 0  # still inside its grace: the worker leaves it
    moment = _later()
    for attempt in (1, 2):
        assert outbox_drain(now=moment) == 0
        job.refresh_from_db()
        assert job.attempts == attempt
        assert "ConnectionRefusedError" in job.last_error
        assert job.due_at == moment + backoff(attempt)  # waits longer each time
        moment = job.due_at
    assert outbox_drain(now=moment) == 1
    assert RUNS == [{"n": 7}]
    assert Job.objects.count() == 0


def test_the_backoff_grows_and_is_capped():
    assert [backoff(n).total_seconds() for n in (1, 2, 3)] == [2, 4, 8]
    assert backoff(50) == timedelta(seconds=300)


def test_a_pending_key_is_recorded_once():
    FAILING["times"] = 1
    with transaction.atomic():
        assert job_record("tests.flaky", {"n": 1}, key="advance:1") is not None
        assert job_record("tests.flaky", {"n": 1}, key="advance:1") is None
    assert Job.objects.filter(key="advance:1").count() == 1
    assert outbox_drain(now=_later()) == 1
    assert RUNS == [{"n": 1}]


def test_a_duplicate_key_does_not_undo_the_callers_other_writes():
    with transaction.atomic():
        job_record("tests.remember", {"n": 1}, key="k", run_now=False)
        job_record("tests.remember", {"n": 2}, key="k", run_now=False)
        job_record("tests.remember", {"n": 3}, run_now=False)
    assert sorted(Job.objects.values_list("payload__n", flat=True)) == [1, 3]


def test_two_workers_never_run_the_same_job_twice():
    with transaction.atomic():
        for n in range(40):
            job_record("tests.remember", {"n": n}, run_now=False)
    moment = _later()
    errors = []

    def work():
        try:
            outbox_drain(now=moment)
        except Exception as exc:  # pragma: no cover - shown by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(r["n"] for r in RUNS) == list(range(40))
    assert Job.objects.count() == 0


def test_the_backlog_counts_pending_and_overdue_jobs():
    with transaction.atomic():
        job_record("tests.remember", {}, run_now=False)
    backlog = outbox_backlog(now=_later(60))
    assert backlog["pending"] == 1 and backlog["overdue"] == 1
    assert backlog["oldest_seconds"] >= 59


def test_jobs_done_deletes_exactly_the_jobs_named():
    jobs = [job_record("tests.remember", {"n": n}, run_now=False) for n in range(5)]
    jobs_done([jobs[0].pk, jobs[3].pk, jobs[3].pk, 987654321])  # a repeat, one long gone
    left = set(Job.objects.values_list("pk", flat=True))
    assert left == {jobs[1].pk, jobs[2].pk, jobs[4].pk}
    jobs_done([])  # nothing to do
    assert Job.objects.count() == 3
