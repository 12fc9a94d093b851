"""The sweep through a real Celery worker and a real SMTP server, with the worker killed (-9)
in the middle of sending what the sweep queued: after a new worker and the next beat tick, every
reminder and every "a bot moved for you" e-mail has reached the server exactly once, and every
overdue match was handled once. Beat holds no deadline (they are rows in PostgreSQL): a beat
restart is a missed tick, which the test plays by queuing the sweep task itself, as beat does."""

import email
import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from notifications.models import OutgoingEmail
from notifications.sweep import deadlines_sweep_task
from play.models import ActionRecord
from tests.platform.conftest import clock_runs_out_at, make_user
from tests.platform.faults.conftest import service_env, wait
from tests.platform.services.test_turn_email_once import Server
from tests.platform.services.test_turn_emails_worker import _dice_city, worker_process

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
VISIBILITY = 3


@pytest.fixture
def smtp():
    server = Server()
    server.up()
    yield server
    server.down()


def _subjects(smtp):
    out = []
    for rcpts, raw in smtp.handler.messages:
        subject = str(email.message_from_string(raw)["Subject"])
        out.extend((rcpt, " ".join(subject.split())) for rcpt in rcpts)
    return out


def test_a_worker_killed_mid_sweep_loses_nothing_and_sends_nothing_twice(smtp, tmp_path):
    queue = f"sweep-{uuid.uuid4().hex[:8]}"
    env = service_env(
        smtp.port, queue, CELERY_VISIBILITY_TIMEOUT=str(VISIBILITY), CELERY_RESTORE_INTERVAL="1"
    )
    players = [make_user(f"sw{i}") for i in range(8)]
    matches = [_dice_city(players[2 * i], players[2 * i + 1]) for i in range(4)]
    now = timezone.now()
    # three turns whose reminder point has come, one clock that ran out (casual: a bot moves)
    for match in matches[:3]:
        clock_runs_out_at(match.pk, now + timedelta(minutes=30))
    clock_runs_out_at(matches[3].pk, now - timedelta(minutes=1))
    from notifications.models import Preferences

    Preferences.objects.bulk_create(Preferences(user=u, auto_vacation=False) for u in players)
    late = [m.seats.get(to_act=True) for m in matches]

    first = worker_process(queue, env, tmp_path / "first.log")
    worker = next(first)
    smtp.handler.delay = 30  # the first message is taken, its "250" never comes in time
    deadlines_sweep_task.delay()
    began = wait(lambda: smtp.handler.data_began >= 1, timeout=60)
    assert began, (tmp_path / "first.log").read_text()[-3000:]
    worker.kill()
    worker.wait(10)
    first.close()
    smtp.handler.delay = 0

    second = worker_process(queue, env, tmp_path / "second.log")
    next(second)
    try:
        deadlines_sweep_task.delay()  # the next beat tick
        reminders = {f"{s.pk}:{s.to_act_since}" for s in late[:3]}

        def settled():
            rows = OutgoingEmail.objects.filter(kind__in=["reminder", "move_timed_out"])
            done = rows.exclude(status="pending").count()
            return done >= len(reminders) + 2

        assert wait(settled, timeout=VISIBILITY + 60), (tmp_path / "second.log").read_text()[-3000:]
        deadlines_sweep_task.delay()  # one more tick finds nothing left to do
        wait(lambda: False, timeout=4)
    finally:
        second.close()

    got = _subjects(smtp)
    reminded = [rcpt for rcpt, subject in got if subject.startswith("Reminder:")]
    assert sorted(reminded) == sorted(s.user.email for s in late[:3])  # each exactly once
    told = [
        rcpt for rcpt, subject in got if "ran out of time" in subject or "moved for you" in subject
    ]
    assert sorted(told) == sorted([players[6].email, players[7].email])
    rows = OutgoingEmail.objects.filter(kind="reminder")
    assert {r.key for r in rows} == reminders
    assert all(r.attempts == 1 for r in rows)
    timed_out = ActionRecord.objects.filter(match=matches[3], timed_out=True)
    assert timed_out.exists()
    assert len({(r.seat, r.to_act_before[0]) for r in timed_out}) == 1  # one bot turn, once
