"""kill -9 of the process that committed a move, before its after-commit work: the outbox
worker announces the move instead (turn e-mail, bots), once."""

import subprocess
import sys

from notifications.models import TurnEmail
from outbox.models import Job
from play.models import Match
from tests.platform.faults.conftest import ROOT, service_env, wait
from tests.platform.services.test_turn_emails_worker import _dice_city


def test_a_move_committed_by_a_killed_process_still_sends_its_turn_email_once(
    celery_worker, outbox_worker, smtp, queue, alice, bob
):
    match = _dice_city(alice, bob)  # turn-based, two people
    first = match.seats.get(to_act=True)
    assert wait(lambda: len(smtp.handler.messages) == 1), celery_worker.log_path.read_text()
    second = match.seats.exclude(pk=first.pk).get()

    killer = subprocess.run(
        [sys.executable, str(ROOT / "tests/platform/faults/killer.py"), str(match.pk)],
        cwd=ROOT,
        env=service_env(smtp.port, queue),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert killer.returncode == -9, killer.stderr[-3000:]
    match = Match.objects.get(pk=match.pk)
    second.refresh_from_db()
    assert second.to_act and second.to_act_since == match.version  # the move is committed
    job = Job.objects.get(kind="play.match_changed", payload__version=match.version)
    assert not TurnEmail.objects.filter(seat=second).exists()  # its e-mail was never queued

    outbox_worker.start()
    assert wait(lambda: len(smtp.handler.messages) == 2, timeout=60), outbox_worker.log()
    assert wait(lambda: not Job.objects.filter(pk=job.pk).exists())
    wait(lambda: False, timeout=4)  # room for a duplicate, had there been one
    recipients = [rcpt for rcpts, _ in smtp.handler.messages for rcpt in rcpts]
    assert recipients == [first.user.email, second.user.email]
    assert TurnEmail.objects.get(seat=second).status == TurnEmail.Status.SENT
