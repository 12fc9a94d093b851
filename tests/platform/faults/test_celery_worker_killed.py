"""kill -9 of the whole Celery worker while it sends a turn e-mail: the broker hands the task out
again (visibility timeout) to the next worker, which finds the e-mail claimed and sends nothing."""

import uuid

from notifications.models import TurnEmail
from tests.platform.faults.conftest import service_env, wait
from tests.platform.services.test_turn_emails_worker import _dice_city, worker_process

VISIBILITY = 3


def test_a_worker_killed_mid_send_leaves_one_copy(smtp, alice, bob, tmp_path):
    queue = f"faults-{uuid.uuid4().hex[:8]}"
    env = service_env(
        smtp.port, queue, CELERY_VISIBILITY_TIMEOUT=str(VISIBILITY), CELERY_RESTORE_INTERVAL="1"
    )
    smtp.handler.delay = 30  # the message is taken; the "250" never comes in time
    first = worker_process(queue, env, tmp_path / "first.log")
    worker = next(first)
    match = _dice_city(alice, bob)
    began = wait(lambda: smtp.handler.data_began == 1, timeout=30)
    assert began, (tmp_path / "first.log").read_text()
    worker.kill()  # SIGKILL: the task is neither acked nor rejected
    worker.wait(10)
    first.close()
    smtp.handler.delay = 0

    second = worker_process(queue, env, tmp_path / "second.log")
    next(second)
    try:
        log = tmp_path / "second.log"
        redelivered = wait(lambda: "turn_email_send" in log.read_text(), timeout=VISIBILITY + 60)
        assert redelivered, log.read_text()[-3000:]
        assert wait(lambda: "succeeded" in log.read_text(), timeout=20), log.read_text()[-3000:]
        wait(lambda: False, timeout=2)
    finally:
        second.close()
    assert len(smtp.handler.messages) == 1
    record = TurnEmail.objects.get(seat__match=match)
    assert record.attempts == 1
    assert record.status == TurnEmail.Status.SENDING  # claimed, never marked: never resent
