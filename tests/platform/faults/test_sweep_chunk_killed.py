"""The deadline sweep takes its timeout jobs in chunks (play/timeouts.py). A chunk that fails half
way (a listener raises after its writes) is rolled back with its after-commit work and its jobs
are run one by one; a worker killed (-9) in the middle of a chunk leaves the chunk's jobs to the
next worker. Either way every due match gets its automatic moves once: one bot turn or one
forfeit each, each change announced once, each e-mail sent once, each result rated once."""

import sys
from collections import Counter
from datetime import timedelta

from django.core import mail
from django.db import connection, transaction
from django.utils import timezone

from ladders.models import RatingChange
from lobbies.services import lobby_create, lobby_join
from notifications.models import Preferences
from outbox.models import Job
from outbox.services import outbox_drain
from play.models import ActionRecord, Match
from play.services import TIMEOUT_JOB, clocks_queue
from play.signals import match_changed, matches_finished
from tests.platform.conftest import clock_runs_out_at, make_user
from tests.platform.faults.conftest import Process, activity, service_env, wait


def _due_matches(count):
    """`count` casual and `count` ranked two-player turn-based Dice City matches (a game the
    worker processes know), all past their clock."""
    users = [make_user(f"late{i}") for i in range(4 * count)]
    Preferences.objects.bulk_create(Preferences(user=u, auto_vacation=False) for u in users)
    matches = []
    for i in range(2 * count):
        table = lobby_create(
            host=users[2 * i], game="dicecity", seats=2, mode="turn", move_seconds=3600,
            ranked=i >= count,
        )  # fmt: skip
        lobby_join(table_id=table.pk, user=users[2 * i + 1])
        matches.append(Match.objects.get(table=table))
    for match in matches:
        clock_runs_out_at(match.pk, timezone.now() - timedelta(minutes=1))
    return matches


def _each_handled_once(matches):
    for match in matches:
        match.refresh_from_db()
        log = ActionRecord.objects.filter(match=match)
        late = match.seats.get(index=log.first().seat)
        if match.ranked:  # the seat out of time forfeits: the other wins
            assert list(log.values_list("action__type", flat=True)) == ["_forfeit"], match.pk
            assert match.is_finished and late.forfeited and late.place == 2
            assert RatingChange.objects.filter(match=match).count() == 2
        else:  # the bot played the seat's whole turn, once: the other seat's turn now
            assert set(log.values_list("seat", "timed_out")) == {(late.index, True)}, match.pk
            assert log.count() == match.version and not match.is_finished
            assert (late.missed_in_a_row, late.last_missed_seq) == (1, match.version)
            assert not late.to_act and match.seats.get(to_act=True).index != late.index
    assert not Job.objects.filter(kind=TIMEOUT_JOB).exists()


def test_a_failed_chunk_is_redone_job_by_job_nothing_lost_nothing_twice():
    matches = _due_matches(3)
    mail.outbox.clear()
    now = timezone.now()
    assert clocks_queue(now=now) == 6
    announced, chunks = [], []

    def listen(sender, match, seats, **kwargs):
        announced.append((match.pk, match.version))

    def fail(sender, finished, **kwargs):
        chunks.append(len(finished))
        raise RuntimeError("the chunk dies after its writes")

    match_changed.connect(listen, dispatch_uid="test.chunk_fails")
    matches_finished.connect(fail, dispatch_uid="test.chunk_fails")
    try:
        assert outbox_drain(now=now, kinds=[TIMEOUT_JOB]) == 6
    finally:
        match_changed.disconnect(dispatch_uid="test.chunk_fails")
        matches_finished.disconnect(dispatch_uid="test.chunk_fails")

    assert chunks == [3]  # the chunk ran (and wrote), then failed: its 6 jobs were run alone
    _each_handled_once(matches)
    versions = {m.pk: Match.objects.get(pk=m.pk).version for m in matches}
    assert len(announced) == len(set(announced))  # no change announced twice
    assert set(versions.items()) <= set(announced)  # and the last of each match announced
    assert not Job.objects.filter(kind="play.match_changed").exists()
    sent = Counter((m.to[0], m.subject) for m in mail.outbox)
    assert sent and max(sent.values()) == 1  # no e-mail twice
    for match in matches:  # the others hear what happened: a bot moved, or the game is over
        for seat in match.seats.select_related("user"):
            assert any(to == seat.user.email for to, _subject in sent), (match.pk, seat.index)


def test_a_worker_killed_in_the_middle_of_a_chunk_leaves_it_to_the_next(smtp, queue, tmp_path):
    matches = _due_matches(3)
    assert clocks_queue(now=timezone.now()) == 6
    env = service_env(smtp.port, queue)
    command = [sys.executable, "manage.py", "outbox_work", "--idle", "0.2"]
    first = Process(command, env, tmp_path / "first.log")
    try:
        with transaction.atomic():
            # A move holds the first match's row: the worker's chunk, its jobs locked, waits on it.
            Match.objects.select_for_update().get(pk=matches[0].pk)
            first.start()

            def waiting():  # read afresh: this transaction would see its first snapshot
                with connection.cursor() as cursor:
                    query = (
                        "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                        "AND datname = current_database()"
                    )
                    return activity(cursor, query)[0][0] >= 1

            assert wait(lambda: "polling" in first.log(), timeout=120), first.log()
            assert wait(waiting, timeout=120), first.stacks()
            first.kill()  # SIGKILL in the middle of the chunk
    finally:
        first.stop()  # a failed wait leaves no worker polling a database about to be dropped
    assert Job.objects.filter(kind=TIMEOUT_JOB).count() == 6  # nothing committed, nothing lost
    assert not ActionRecord.objects.filter(match__in=matches).exists()

    second = Process(command, env, tmp_path / "second.log").start()
    try:
        assert wait(lambda: not Job.objects.exists(), timeout=90), second.log()
    finally:
        second.stop()
    _each_handled_once(matches)
