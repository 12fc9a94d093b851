"""Pushes counted by kind and outcome (tabletop_pushes, docs/operations.md "Metrics"): a real
outbox worker with METRICS on sends one push the local push service takes and one to a
subscription the service no longer knows (404: deleted), and its scrape says so."""

import sys
from contextlib import ExitStack

import pytest
from django.utils import timezone

from notifications.models import Notice, PushDelivery, PushSubscription
from outbox.models import Job
from tests.platform.conftest import make_user
from tests.platform.faults.conftest import Process, wait
from tests.platform.faults.test_asgi_server_killed import _port_open
from tests.platform.push.conftest import TEST_VAPID_KEY
from tests.platform.services.test_metrics_scrape import (
    metrics_env,
    refuses_strangers,
    scrape,
    value,
)

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

OUTBOX = 8716


def _push(user, subscription, kind: str, key: str) -> None:
    notice = Notice.objects.create(
        user=user, kind=kind, key=key, title="Your turn", link="/matches/1/"
    )
    delivery = PushDelivery.objects.create(notice=notice, subscription=subscription)
    Job.objects.create(
        kind="notifications.push", payload={"delivery": delivery.pk}, due_at=timezone.now()
    )


def test_the_outbox_worker_counts_pushes_by_kind_and_outcome(push_service, tmp_path):
    alice = make_user("alice")
    kept = push_service.subscription(push_service.device())
    gone = push_service.subscription(push_service.device())
    gone["endpoint"] = gone["endpoint"].rsplit("/", 1)[0] + "/unknown-token"  # answers 404
    rows = [
        PushSubscription.objects.create(
            user=alice, endpoint=s["endpoint"], p256dh=s["keys"]["p256dh"], auth=s["keys"]["auth"]
        )
        for s in (kept, gone)
    ]
    _push(alice, rows[0], Notice.Kind.TURN, "m1-v1")
    _push(alice, rows[1], Notice.Kind.INVITATION, "t1")
    worker = Process(
        [sys.executable, "manage.py", "outbox_work", "--idle", "0.2"],
        metrics_env(tmp_path, OUTBOX, VAPID_PRIVATE_KEY=TEST_VAPID_KEY, PUSH_ALLOW_HTTP="true"),
        tmp_path / "outbox.log",
    )
    url = f"http://127.0.0.1:{OUTBOX}/"
    with ExitStack() as running:
        worker.start()
        running.callback(worker.stop)
        assert wait(lambda: _port_open(OUTBOX), timeout=60), worker.log()
        refuses_strangers(url)
        assert wait(lambda: not Job.objects.exists(), timeout=60), worker.log()
        figures = scrape(url)[1]
    assert value(figures, 'tabletop_pushes_total{kind="turn",outcome="sent"}') == 1
    assert value(figures, 'tabletop_pushes_total{kind="invitation",outcome="gone"}') == 1
    assert value(figures, 'tabletop_pushes_total{kind="turn",outcome="gone"}') == 0
    assert len(push_service.payloads()) == 1
    assert list(PushSubscription.objects.values_list("pk", flat=True)) == [rows[0].pk]
