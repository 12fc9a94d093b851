"""A real ASGI server (uvicorn, HTTP + WebSocket) for the browser tests.

It runs as a subprocess against pytest-django's TEST database, the Redis channel layer of this
test run, eager Celery, and e-mail written to files in its own VAR_DIR/mail (the tests read
the verification links from there). Tests that use it need `transactional_db`: the server sees
only committed rows, and the flush after each test leaves the database clean for the next.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from email import message_from_bytes, policy
from pathlib import Path
from urllib.parse import quote

import pytest

ROOT = Path(__file__).resolve().parents[3]
START_TIMEOUT_S = 30


@dataclass
class LiveServer:
    url: str
    var_dir: Path
    log_path: Path

    def mails_to(self, address: str) -> list[str]:
        """Bodies (text parts) of the e-mails written so far to `address`, oldest first."""
        bodies = []
        for path in sorted((self.var_dir / "mail").glob("*.log"), key=lambda p: p.stat().st_mtime):
            for chunk in path.read_bytes().split(b"\n" + b"-" * 79 + b"\n"):
                if not chunk.strip():
                    continue
                message = message_from_bytes(chunk.strip(), policy=policy.default)
                if address in str(message.get("To", "")):
                    part = message.get_body(preferencelist=("plain", "html"))
                    bodies.append(part.get_content() if part else "")
        return bodies

    def log_tail(self, lines: int = 40) -> str:
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _database_url() -> str:
    from django.conf import settings

    db = settings.DATABASES["default"]
    auth = quote(db.get("USER") or "postgres", safe="")
    if db.get("PASSWORD"):
        auth += ":" + quote(db["PASSWORD"], safe="")
    host = db.get("HOST") or "127.0.0.1"
    port = db.get("PORT") or 5432
    return f"postgres://{auth}@{host}:{port}/{db['NAME']}"


def _wait_until_up(url: str, process: subprocess.Popen[bytes], server: LiveServer) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the live server exited:\n{server.log_tail()}")
        try:
            with urllib.request.urlopen(url + "/", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"the server did not answer in {START_TIMEOUT_S} s:\n{server.log_tail()}")


def uvicorn_start(
    port: int, var_dir, log_path, **extra_env: str
) -> tuple[subprocess.Popen[bytes], LiveServer]:
    """uvicorn on `port` against the test database and Redis, its output appended to
    `log_path`; returns once it answers HTTP. `extra_env` adds to (or overrides) its settings."""
    from django.conf import settings

    url = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "REDIS_URL": settings.REDIS_URL or "redis://127.0.0.1:6379/0",
        "DEBUG": "1",
        "CELERY_TASK_ALWAYS_EAGER": "1",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "CSRF_TRUSTED_ORIGINS": url,
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "platform")]),
        **extra_env,
    }
    server = LiveServer(url=url, var_dir=var_dir, log_path=log_path)
    with log_path.open("ab") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "config.asgi:application"]
            + ["--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        _wait_until_up(url, process, server)
    except BaseException:
        uvicorn_stop(process)
        raise
    return process, server


def uvicorn_stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM (as `docker stop` sends), then SIGKILL after 10 s."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="session")
def asgi_server(django_db_setup, tmp_path_factory):
    """Start uvicorn on a free port; yield a LiveServer once it answers HTTP."""
    var_dir = tmp_path_factory.mktemp("live-var")
    port = _free_port()
    process, server = uvicorn_start(
        port,
        var_dir,
        var_dir / "server.log",
        ACCOUNT_EMAIL_VERIFICATION="mandatory",
        EMAIL_HOST="",
        VAR_DIR=str(var_dir),
        SITE_URL=f"http://127.0.0.1:{port}",
    )
    try:
        yield server
    finally:
        uvicorn_stop(process)
