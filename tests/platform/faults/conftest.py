"""The fault suite (issue 12): real processes killed with SIGKILL, Redis unreachable, a slow SMTP
server. Each test reproduces one fault and checks that nothing committed is lost and nothing is
done twice. docs/operations.md lists the promises and the test of each."""

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.platform.services.test_turn_email_once import Server
from tests.platform.services.test_turn_emails_worker import worker_process

ROOT = Path(__file__).resolve().parents[3]


def pytest_collection_modifyitems(items):
    here = Path(__file__).parent
    for item in items:
        if Path(item.fspath).parent == here:
            item.add_marker(pytest.mark.faults)
            item.add_marker(pytest.mark.services)
            item.add_marker(pytest.mark.django_db(transaction=True))


def service_env(smtp_port: int = 0, queue: str = "", **extra: str) -> dict[str, str]:
    """The environment of a site process on this run's test database and services."""
    db = settings.DATABASES["default"]
    env = {
        **os.environ,
        "DEBUG": "1",
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "CELERY_QUEUE": queue,
        "EMAIL_HOST": "127.0.0.1" if smtp_port else "",
        "EMAIL_PORT": str(smtp_port),
        "EMAIL_TIMEOUT": "2",
        "OUTBOX_GRACE_SECONDS": "1",
        "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}",
        "PYTHONUNBUFFERED": "1",  # a failure's line reaches the log a test shows as it fails
    }
    env.update(extra)
    return env


def wait(condition, timeout: float = 30, every: float = 0.1) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(every)
    return bool(condition())


@pytest.fixture
def smtp():
    server = Server()
    server.up()
    yield server
    server.down()


@pytest.fixture
def queue():
    return f"faults-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def celery_worker(django_db_setup, smtp, queue, tmp_path):
    """A real Celery worker on its own queue, sending e-mail to `smtp`."""
    yield from worker_process(queue, service_env(smtp.port, queue), tmp_path / "worker.log")


class Process:
    """A site process (manage.py command, uvicorn...) that a test can kill -9 and restart."""

    def __init__(self, command: list[str], env: dict[str, str], log_path: Path) -> None:
        self.command, self.env, self.log_path = command, env, log_path
        self.process: subprocess.Popen | None = None

    def start(self) -> "Process":
        log = open(self.log_path, "a")  # noqa: SIM115 - kept open for the process's life
        self.process = subprocess.Popen(
            self.command, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT
        )
        return self

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def log(self) -> str:
        return self.log_path.read_text()[-4000:] if self.log_path.exists() else ""

    def stacks(self) -> str:
        """The log with the process's threads' stacks at its end (an outbox worker prints them on
        SIGUSR1), and the test database's sessions: why a process that should act did not."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGUSR1)
            time.sleep(1)
        return f"{self.log()}\n{sessions()}"


def activity(cursor, query: str) -> list[tuple]:
    """Rows of `query` over pg_stat_activity as it is now. Inside a transaction PostgreSQL
    answers from a snapshot taken at the view's first read: a test holding a lock in
    `transaction.atomic()` would never see a session that connected after that read."""
    cursor.execute("SELECT pg_stat_clear_snapshot()")
    cursor.execute(query)
    return cursor.fetchall()


def sessions() -> str:
    """The server's client sessions as PostgreSQL sees them, this test's database first: who
    holds or waits on what, and who is connected elsewhere (a process given another database)."""
    query = (
        "SELECT pid, datname, application_name, state, wait_event_type, wait_event,"
        " left(query, 120) FROM pg_stat_activity WHERE backend_type = 'client backend'"
        " ORDER BY datname <> current_database(), datname, pid"
    )
    with connection.cursor() as cursor:
        return "\n".join(map(str, activity(cursor, query)))


@pytest.fixture
def outbox_worker(django_db_setup, smtp, queue, tmp_path):
    """`manage.py outbox_work`, started by the test when it wants it."""
    worker = Process(
        [sys.executable, "manage.py", "outbox_work", "--idle", "0.2"],
        service_env(smtp.port, queue),
        tmp_path / "outbox.log",
    )
    yield worker
    worker.stop()
