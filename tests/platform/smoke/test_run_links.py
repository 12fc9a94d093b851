"""`PORT=8765 make run`: the links in the e-mails point at the address the site is served on.

`scripts/run.sh` itself is started (SQLite, the in-memory layer, e-mail files, nothing else
configured), alice invites bob to a table through the API, and the invitation e-mail written to
the mail folder links to the port the server listens on, not the default one.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from email import message_from_bytes
from email.message import Message
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _call(base: str, path: str, body: dict | None = None, token: str = "") -> dict:
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Content-Type": "application/json", "Accept": "application/json"}
        | ({"Authorization": f"Token {token}"} if token else {}),
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as refused:
        raise AssertionError(f"{path}: {refused.code} {refused.read()[:500]!r}") from None


def _wait_for(base: str, server: subprocess.Popen, seconds: float = 240) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert server.poll() is None, "scripts/run.sh stopped"
        try:
            urllib.request.urlopen(base + "/", timeout=5).close()
            return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.5)
    raise AssertionError("the site did not answer")


def _body(mail: Message) -> str:
    parts = mail.walk() if mail.is_multipart() else [mail]
    return "".join(
        part.get_payload(decode=True).decode()
        for part in parts
        if part.get_content_type() == "text/plain"
    )


def _mails(folder: Path, seconds: float = 30) -> list[Message]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = [message_from_bytes(p.read_bytes()) for p in sorted(folder.glob("*"))]
        if found:
            return found
        time.sleep(0.3)
    return []


@pytest.fixture
def served(tmp_path):
    """scripts/run.sh on a free port, as `PORT=<port> make run` starts it."""
    port = _free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if k
        not in ("DATABASE_URL", "REDIS_URL", "SITE_URL", "EMAIL_HOST", "DJANGO_SETTINGS_MODULE")
    }
    env.update(VAR_DIR=str(tmp_path), HOST="127.0.0.1", PORT=str(port))
    server = subprocess.Popen(
        [str(ROOT / "scripts" / "run.sh")],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(base, server)
        yield base, tmp_path / "mail"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def test_the_invitation_links_to_the_port_the_site_is_served_on(served):
    base, mail = served
    token = _call(
        base, "/api/auth/token/", {"username": "alice@example.com", "password": "tabletop-demo"}
    )
    table = _call(base, "/api/tables/", {"game": "dicecity", "seats": 2}, token["token"])
    _call(base, "/api/players/bob/follow/", {}, token["token"])
    _call(base, f"/api/tables/{table['id']}/invite/", {"name": "bob"}, token["token"])
    invitations = [m for m in _mails(mail) if m["To"] == "bob@example.com"]
    assert invitations, "no invitation e-mail was written"
    text = _body(invitations[0]) + " ".join(invitations[0].get_all("List-Unsubscribe", []))
    assert f"{base}/" in text
    assert "127.0.0.1:8000" not in text
