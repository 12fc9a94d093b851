"""At most once under a killed worker: a real outbox worker (`manage.py outbox_work`) claims a
push and is SIGKILLed while the push service still holds its request; a second worker takes
the job when its lease ends and sends nothing (the claim stands: the push may have arrived)."""

import os
import signal
import subprocess
import sys
import time

import pytest
from django.utils import timezone

from notifications.models import Notice, PushDelivery, PushSubscription
from outbox.models import Job
from tests.platform.conftest import make_user
from tests.platform.faults.conftest import ROOT, service_env, sessions, wait
from tests.platform.push.conftest import TEST_VAPID_KEY

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _worker(log):
    env = service_env(
        VAPID_PRIVATE_KEY=TEST_VAPID_KEY,
        PUSH_ALLOW_HTTP="true",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    return subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), "outbox_work", "--idle", "0.2"],
        env=env,
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
    )


def _stacks(process, log):
    """The worker's log with its threads' stacks (SIGUSR1) and the database's sessions."""
    if process.poll() is None:
        process.send_signal(signal.SIGUSR1)
        time.sleep(1)
    return f"{log.read_text()[-6000:]}\n{sessions()}"


def test_a_worker_killed_mid_push_never_sends_it_again(push_service, tmp_path):
    alice = make_user("alice")
    device = push_service.device()
    sub = push_service.subscription(device)
    subscription = PushSubscription.objects.create(
        user=alice, endpoint=sub["endpoint"], p256dh=sub["keys"]["p256dh"], auth=sub["keys"]["auth"]
    )
    notice = Notice.objects.create(
        user=alice, kind="invitation", key="t1", title="Bob invites you to play", link="/tables/1/"
    )
    delivery = PushDelivery.objects.create(notice=notice, subscription=subscription)
    Job.objects.create(
        kind="notifications.push", payload={"delivery": delivery.pk}, due_at=timezone.now()
    )
    push_service.hold = 20  # the request is in flight when the worker dies

    with open(tmp_path / "first.log", "w") as log:
        first = _worker(log)
        try:
            assert push_service.arrived.wait(120), _stacks(first, tmp_path / "first.log")
            os.kill(first.pid, signal.SIGKILL)
            first.wait(10)
        finally:
            if first.poll() is None:
                first.kill()
    assert PushDelivery.objects.get().status == PushDelivery.Status.SENDING
    Job.objects.update(due_at=timezone.now())  # its lease over: the next worker takes it
    push_service.hold = 0
    with open(tmp_path / "second.log", "w") as log:
        second = _worker(log)
        try:
            assert wait(lambda: not Job.objects.exists(), timeout=30), (
                tmp_path / "second.log"
            ).read_text()
        finally:
            second.terminate()
            second.wait(10)
    assert len(push_service.received) == 1
    assert PushDelivery.objects.get().status == PushDelivery.Status.SENDING  # never re-sent
