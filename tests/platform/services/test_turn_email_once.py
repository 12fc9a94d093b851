"""Each turn e-mail at most once, through a real Celery worker and a real SMTP server (aiosmtpd),
under the faults that used to duplicate it: a slow server, a refused connection, a killed sender.
"""

import asyncio
import os
import signal
import subprocess
import sys
import time
import uuid
from email import message_from_string
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from django.conf import settings

from accounts.models import User
from notifications.models import TurnEmail
from notifications.tasks import turn_email_send
from tests.platform.services.test_turn_emails_worker import (
    Inbox,
    _dice_city,
    _free_port,
    _show,
    worker_process,
)

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[3]
EMAIL_TIMEOUT = 2


class SlowInbox(Inbox):
    """Keeps messages; with `delay` set it keeps the message, then answers DATA that late."""

    def __init__(self) -> None:
        super().__init__()
        self.delay = 0.0
        self.data_began = 0

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        self.data_began += 1
        self.messages.append((list(envelope.rcpt_tos), envelope.content.decode()))
        await asyncio.sleep(self.delay)  # the message is taken; only the "250" is late
        return "250 Message accepted"


class Server:
    def __init__(self) -> None:
        self.handler = SlowInbox()
        self.port = _free_port()
        self.controller: Controller | None = None

    def up(self) -> None:
        self.controller = Controller(self.handler, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def down(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None


@pytest.fixture(scope="module")
def server():
    smtp = Server()
    smtp.up()
    yield smtp
    smtp.down()


@pytest.fixture
def inbox(server):
    server.handler.messages.clear()
    server.handler.delay = 0
    server.handler.data_began = 0
    yield server.handler
    server.up() if server.controller is None else None


def _env(port: int, queue: str = "") -> dict[str, str]:
    db = settings.DATABASES["default"]
    return {
        **os.environ,
        "DEBUG": "1",
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "CELERY_QUEUE": queue,
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(port),
        "EMAIL_TIMEOUT": str(EMAIL_TIMEOUT),
        "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}",
    }


@pytest.fixture(scope="module")
def worker(django_db_setup, server, tmp_path_factory):
    """A real worker on its own queue, with a short EMAIL_TIMEOUT, sending to `server`."""
    queue = f"test-{uuid.uuid4().hex[:8]}"
    log_path = tmp_path_factory.mktemp("worker") / "worker.log"
    yield from worker_process(queue, _env(server.port, queue), log_path)


def _wait(condition, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.1)


def _message_id(raw: str) -> str:
    return message_from_string(raw)["Message-ID"]


def test_it_sends_one_copy_to_a_server_slower_than_the_timeout(worker, inbox, alice, bob):
    inbox.delay = EMAIL_TIMEOUT + 1  # the worker gives up waiting; the server then accepts
    match = _dice_city(alice, bob)
    messages = inbox.wait_for(1, timeout=40)
    time.sleep(EMAIL_TIMEOUT * 4 + 6)  # time enough for retries, had there been any
    assert len(messages) == 1, _show(worker, messages)
    record = TurnEmail.objects.get(seat__match=match)
    assert record.attempts == 1
    assert record.status == TurnEmail.Status.UNCERTAIN and record.sent_at is None
    assert "timed out" in record.last_error, record.last_error


def test_it_retries_a_refused_connection_and_delivers_once(server, worker, inbox, alice, bob):
    server.down()
    match = _dice_city(alice, bob)
    record = TurnEmail.objects.filter(seat__match=match)
    _wait(lambda: record.filter(attempts__gte=2).exists())
    assert record.get().status == TurnEmail.Status.PENDING, _show(worker, inbox.messages)
    assert inbox.messages == []
    server.up()
    messages = inbox.wait_for(1, timeout=90)
    time.sleep(2)
    assert len(messages) == 1, _show(worker, messages)
    row = record.get()
    assert row.status == TurnEmail.Status.SENT and row.attempts >= 2
    assert _message_id(messages[0][1]) == row.message_id


def test_a_rerun_for_a_claimed_email_sends_nothing(server, worker, inbox, alice, bob):
    """A sender killed mid-exchange: the server got the message, the row stays claimed."""
    # E-mails off while the match starts: the worker's task for the turn declines it (the row
    # stays pending); on again, the sender below is the only one to send it.
    User.objects.filter(pk__in=[alice.pk, bob.pk]).update(turn_emails=False)
    match = _dice_city(alice, bob)
    seat = match.seats.get(to_act=True)
    _wait(lambda: TurnEmail.objects.filter(seat=seat).exists())
    User.objects.filter(pk__in=[alice.pk, bob.pk]).update(turn_emails=True)
    inbox.delay = 3
    code = (
        "from notifications.services import turn_email_send; "
        f"turn_email_send(seat_id={seat.pk}, since={seat.to_act_since})"
    )
    sender = subprocess.Popen(
        [sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT, env=_env(server.port)
    )
    _wait(lambda: inbox.data_began == 1)
    sender.send_signal(signal.SIGKILL)
    sender.wait(10)
    assert len(inbox.wait_for(1, timeout=10)) == 1  # the server accepted the one copy
    inbox.delay = 0
    turn_email_send.delay(seat.pk, seat.to_act_since)  # the task runs again for that turn
    time.sleep(4)
    assert len(inbox.messages) == 1, _show(worker, inbox.messages)
    record = TurnEmail.objects.get(seat=seat)
    assert record.status == TurnEmail.Status.SENDING and record.attempts == 1
