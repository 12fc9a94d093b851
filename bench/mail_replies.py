"""Moves by e-mail (issue 14, point 11): a reply is applied (or answered with an error) within 2 s
of reaching the inbound server, p95 over 200 replies.

    .venv/bin/python bench/mail_replies.py [--replies 200] [--matches 40] [--senders 4]
                                           [--illegal 0.2]

It uses a dedicated database, BENCH_DATABASE_URL (default: the DATABASE_URL server, database
"tabletop_mail_bench"), created and migrated when missing; each run removes the previous run's
players. It starts the real inbound server (`manage.py mail_in`, its own process) and a local
SMTP server (aiosmtpd) that takes what the site sends, then opens `--matches` three-player Dice
City matches and has `--senders` clients send replies over SMTP at once, each to a match whose
previous reply is done: the move of the seat to act as its notation, or (a share `--illegal`)
a move the rules forbid now, which the server answers by e-mail. Celery is not eager (an
in-memory broker nobody consumes), as in production where a worker sends the turn e-mails; the
answer e-mails go out from the inbound server itself (the outbox's immediate run).

Latency: from InboundReply.received_at (the server has the message, DATA begins) to
processed_at (the reply's transaction committed) for applied replies, to answered_at (the
answer accepted by the SMTP server) for answered ones. Prints p50 / p95 / max and
`cat /proc/loadavg` before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import smtplib
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from email.message import EmailMessage
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "platform"), str(ROOT / "bench")]

from bench_db import bench_database_url, database_create, loadavg  # noqa: E402

PREFIX = "mbench"
TARGET_P95 = 2.0


def _environment(url: str, smtp_port: int) -> dict[str, str]:
    env = {
        "DATABASE_URL": url,
        "CELERY_BROKER_URL": "memory://",
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "DEBUG": os.environ.get("DEBUG", "false"),
        "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only-not-a-secret-" + "x" * 40),
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(smtp_port),
        "INBOUND_EMAIL_DOMAIN": "reply.bench.example",
        "DJANGO_SETTINGS_MODULE": os.environ.get("DJANGO_SETTINGS_MODULE", "config.settings"),
        "LOG_LEVEL": "WARNING",
    }
    os.environ.pop("REDIS_URL", None)
    os.environ.update(env)
    return env


def _django_setup() -> None:
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


class _Sink:
    """The site's outgoing SMTP server: counts what it is sent."""

    def __init__(self) -> None:
        self.count = 0

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        self.count += 1
        return "250 Message accepted"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _mail_in_start(env: dict[str, str], log_path: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = _free_port()
    command = [sys.executable, "manage.py", "mail_in", "--port", str(port)]
    path = f"{ROOT / 'platform'}:{ROOT}:{os.environ.get('PYTHONPATH', '')}"
    full_env = {**os.environ, **env, "PYTHONPATH": path}
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            command, cwd=ROOT, env=full_env, stdout=log, stderr=subprocess.STDOUT
        )
    deadline = time.monotonic() + 60
    while "mail-in:" not in log_path.read_text():
        if process.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"mail_in did not start:\n{log_path.read_text()}")
        time.sleep(0.1)
    return process, port


def _clean() -> None:
    from accounts.models import User
    from play.models import Match

    Match.objects.filter(seats__user__email__startswith=PREFIX).delete()
    User.objects.filter(email__startswith=PREFIX).delete()


def _matches(count: int) -> list[int]:
    from accounts.models import User
    from lobbies.services import lobby_create, lobby_join

    ids = []
    for i in range(count):
        users = [
            User.objects.create_user(
                email=f"{PREFIX}{i}-{n}@example.com", password=None, display_name=f"p{i}{n}"
            )
            for n in range(3)
        ]
        table = lobby_create(host=users[0], game="dicecity", seats=3, mode="turn")
        for user in users[1:]:
            lobby_join(table_id=table.pk, user=user)
        table.refresh_from_db()
        ids.append(table.match.pk)
    return ids


def _reply_for(match_id: int, rng: random.Random, illegal: float) -> EmailMessage | None:
    """A reply from the seat to act: a legal move's notation, or a forbidden one."""
    from notifications.tokens import ReplyToken, reply_address
    from play.models import Match

    match = Match.objects.get(pk=match_id)
    if match.is_finished:
        return None
    game = match.engine
    seat = game.to_act(match.state)[0]
    user = match.seats.select_related("user").get(index=seat).user
    legal = [game.format_action(a) for a in game.legal_actions(match.state, seat)]
    forbidden = [t for t in ("end_turn", "end_dice") if t not in legal]
    move = rng.choice(forbidden) if forbidden and rng.random() < illegal else rng.choice(legal)
    message = EmailMessage()
    message["From"] = user.email
    message["To"] = reply_address(ReplyToken(match.pk, seat, match.version))
    message["Subject"] = "Re: Your turn"
    message["Message-ID"] = f"<{uuid.uuid4().hex}@bench.example>"
    message.set_content(f"{move}\n\nOn Mon, Tabletop wrote:\n> 1. ...\n")
    return message


def _wait_processed(message_id: str, timeout: float = 30) -> None:
    from notifications.models import InboundReply

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        row = InboundReply.objects.filter(message_id=message_id).first()
        if row is not None and row.answer not in ("pending", "sending"):
            return
        time.sleep(0.01)
    raise SystemExit(f"reply {message_id} not processed within {timeout} s")


def _sender(
    port: int, queue: list[int], budget: list[int], lock: threading.Lock, seed: int, illegal: float
) -> None:
    from django.db import connection

    rng = random.Random(seed)
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
        while True:
            with lock:
                if budget[0] <= 0 or not queue:
                    break
                budget[0] -= 1
                match_id = queue.pop(0)
            message = _reply_for(match_id, rng, illegal)
            if message is None:
                continue
            smtp.send_message(message)
            _wait_processed(message["Message-ID"])
            with lock:
                queue.append(match_id)
    connection.close()


def _latencies() -> tuple[list[float], dict[str, int]]:
    from notifications.models import InboundReply

    rows = InboundReply.objects.filter(sender__startswith=PREFIX)
    seconds, outcomes = [], {"applied": 0, "answered": 0, "refused": 0}
    for row in rows:
        outcomes[row.outcome] += 1
        end = row.answered_at if row.outcome == "answered" else row.processed_at
        if end is not None:
            seconds.append((end - row.received_at).total_seconds())
    return seconds, outcomes


def _pct(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(pct / 100 * (len(ordered) - 1))))]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--replies", type=int, default=200)
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--senders", type=int, default=4)
    parser.add_argument("--illegal", type=float, default=0.2)
    args = parser.parse_args(argv)

    from aiosmtpd.controller import Controller

    sink = _Sink()
    smtp_port = _free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=smtp_port)
    controller.start()
    url = bench_database_url("tabletop_mail_bench")
    database_create(url)
    env = _environment(url, smtp_port)
    _django_setup()
    _clean()
    match_ids = _matches(args.matches)
    log_path = Path("/tmp") / f"mail_in_bench_{os.getpid()}.log"
    process, port = _mail_in_start(env, log_path)
    print("loadavg before:", loadavg())
    queue, budget, lock = list(match_ids), [args.replies], threading.Lock()
    started = time.monotonic()
    threads = [
        threading.Thread(target=_sender, args=(port, queue, budget, lock, i, args.illegal))
        for i in range(args.senders)
    ]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        process.terminate()
        process.wait(10)
        controller.stop()
    elapsed = time.monotonic() - started
    seconds, outcomes = _latencies()
    result = {
        "replies": len(seconds),
        "outcomes": outcomes,
        "senders": args.senders,
        "matches": args.matches,
        "wall_s": round(elapsed, 2),
        "p50_ms": round(statistics.median(seconds) * 1000, 1),
        "p95_ms": round(_pct(seconds, 95) * 1000, 1),
        "max_ms": round(max(seconds) * 1000, 1),
        "emails_sent_by_site": sink.count,
    }
    print(json.dumps(result))
    print("loadavg after:", loadavg())
    ok = result["p95_ms"] <= TARGET_P95 * 1000 and len(seconds) == args.replies
    verdict = "ok" if ok else "MISSED"
    print(f"p95 {result['p95_ms']} ms (target <= {TARGET_P95 * 1000:.0f} ms): {verdict}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
