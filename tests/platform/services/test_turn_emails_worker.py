"""Turn e-mails sent by a real Celery worker (Redis broker) to a real local SMTP server."""

import os
import socket
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from django.conf import settings

from config.celery import app as celery_app
from config.queues import queue_names, queues_declared
from lobbies.services import lobby_create, lobby_join
from notifications.models import TurnEmail
from notifications.tasks import turn_email_send
from play.services import action_submit

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[3]


class Inbox:
    """An aiosmtpd handler that keeps messages; it can refuse the first few with a 451."""

    def __init__(self) -> None:
        self.messages: list[tuple[list[str], str]] = []
        self.refuse = 0

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        if self.refuse > 0:
            self.refuse -= 1
            return "451 Try again later"
        self.messages.append((list(envelope.rcpt_tos), envelope.content.decode()))
        return "250 Message accepted"

    def wait_for(self, count: int, timeout: float = 30) -> list[tuple[list[str], str]]:
        deadline = time.monotonic() + timeout
        while len(self.messages) < count and time.monotonic() < deadline:
            time.sleep(0.1)
        return self.messages


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def inbox():
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=_free_port())
    controller.start()
    yield handler, controller.port
    controller.stop()


@pytest.fixture(scope="module")
def worker(django_db_setup, inbox, tmp_path_factory):
    """A real worker process on its own queue, on the test database and the local SMTP server."""
    _, port = inbox
    queue = f"test-{uuid.uuid4().hex[:8]}"
    db = settings.DATABASES["default"]
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "CELERY_QUEUE": queue,
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(port),
        "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}",
    }
    yield from worker_process(queue, env, tmp_path_factory.mktemp("worker") / "worker.log")


def worker_process(queue: str, env: dict[str, str], log_path, serves: list[str] | None = None):
    """Run a real Celery worker on `queue` and its kinds' queues (`queue.bots`, `queue.mail`...;
    `serves`: only these) until the generator is closed; tasks sent from this process go there,
    not eagerly. `process.log_path` holds what it printed."""
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo"]
    command += ["--loglevel=info", "-Q", ",".join(serves or queue_names(queue))]
    command += ["--without-heartbeat", "--without-gossip", "--without-mingle"]
    with open(log_path, "w") as log:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    process.log_path = log_path
    with celery_sending_to(queue):
        try:
            yield process
        finally:  # also when the generator is closed early (a test that kills the worker)
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:  # a long task in hand (a bot's game)
                    process.kill()
                    process.wait(10)


@contextmanager
def celery_sending_to(queue: str):
    """Tasks sent from this process go to the broker (not eagerly), to `queue` and its kinds'
    queues, declared as settings declare them in a process whose CELERY_QUEUE is `queue`."""
    conf = celery_app.conf
    before = (conf.task_always_eager, conf.task_default_queue, conf.task_queues)
    conf.task_always_eager, conf.task_default_queue = False, queue
    conf.task_queues = queues_declared(queue)
    _declarations_forgotten()
    try:
        yield
    finally:
        conf.task_always_eager, conf.task_default_queue, conf.task_queues = before
        _declarations_forgotten()


def _declarations_forgotten() -> None:
    """Celery builds its queues, default queue and router once (cached): built again."""
    for cached in ("queues", "default_queue", "router"):
        celery_app.amqp.__dict__.pop(cached, None)


def _recipients(messages):
    return sorted(rcpt for rcpts, _ in messages for rcpt in rcpts)


def _play_out_the_turn(match) -> None:
    """The seat to act takes legal actions (last listed first) until the turn passes on."""
    from games.core import get_game

    game = get_game("dicecity")
    match.refresh_from_db()
    seat = game.to_act(match.state)[0]
    user = match.seats.get(index=seat).user
    for _ in range(300):
        match.refresh_from_db()
        if game.to_act(match.state)[0] != seat:
            return
        action = game.legal_actions(match.state, seat)[-1]
        action_submit(match_id=match.pk, user=user, action=action, version=match.version)
    raise AssertionError("the turn never ended")


def _dice_city(alice, bob):
    table = lobby_create(host=alice, game="dicecity", seats=2, mode="turn")
    lobby_join(table_id=table.pk, user=bob)
    return table.match


def _show(worker, messages):
    return f"got {messages}; worker log: {Path(worker.log_path).read_text()[-3000:]}"


def test_it_sends_one_email_per_player_per_turn_through_a_real_worker(worker, inbox, alice, bob):
    handler, _ = inbox
    handler.messages.clear()
    match = _dice_city(alice, bob)
    first = match.seats.get(to_act=True)
    messages = handler.wait_for(1)
    assert _recipients(messages) == [first.user.email], _show(worker, messages)
    body = messages[0][1]
    assert "Your turn in Dice City" in body and f"/matches/{match.pk}/" in body
    _play_out_the_turn(match)
    second = match.seats.get(to_act=True)
    assert second.pk != first.pk
    assert _recipients(handler.wait_for(2)) == sorted([first.user.email, second.user.email])
    time.sleep(1)
    assert len(handler.messages) == 2  # many decisions in one turn: still one e-mail each
    turn_email_send.delay(second.pk, second.to_act_since)  # a duplicate task for that turn
    time.sleep(2)
    assert len(handler.messages) == 2
    assert TurnEmail.objects.filter(seat__match=match, sent_at__isnull=False).count() == 2


def test_it_retries_after_an_smtp_failure_without_sending_twice(worker, inbox, alice, bob):
    handler, _ = inbox
    handler.messages.clear()
    handler.refuse = 1
    match = _dice_city(alice, bob)
    messages = handler.wait_for(1, timeout=40)
    time.sleep(2)
    assert len(messages) == 1, _show(worker, messages)
    assert handler.refuse == 0  # the refusal happened and was retried
    record = TurnEmail.objects.get(seat__match=match)
    assert record.sent_at is not None
