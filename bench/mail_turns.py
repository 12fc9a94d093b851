"""From a reply to the next player's e-mail (issue 27, point 6): reply received by the inbound
server -> move applied -> the next player's turn e-mail (with its picture) handed to SMTP, p95
at a steady rate of replies. Goal: p95 <= 2 s at 20 replies a second.

    .venv/bin/python bench/mail_turns.py [--rate 20] [--seconds 20] [--matches 60]
                                         [--concurrency 2]

The real parts: the inbound server (`manage.py mail_in`, its own process), a Celery worker
(`--concurrency` prefork processes, Redis as the broker, a queue of its own) that sends the turn
e-mails, a local SMTP server (aiosmtpd) that takes them, and PostgreSQL: BENCH_DATABASE_URL
(default: the DATABASE_URL server, database "tabletop_turns_bench"), created and migrated when
missing. `--matches` two-player turn-based Dice City matches; each reply holds a whole turn of
the seat to act (the standard bot's decisions, one per line), so the turn passes and the other
seat's turn e-mail follows. Replies are sent at `--rate` a second, each to a match whose last
turn e-mail has arrived. Latency: InboundReply.received_at (the server has the message) to
the moment the SMTP server has the next seat's turn e-mail. Prints p50/p95/max, the rate
reached, `cat /proc/loadavg` before and after, the CPU time the site's processes (the inbound
server, the worker and its children) spent while the replies came, per reply applied (the cores
20 replies a second need follow from it), and the result as JSON.

`--profile N`: no rate, no separate processes: N replies handled one after the other in this
process (the inbound server's own `_receive`, Celery eager, so the next seat's turn e-mail is
built and handed to the same local SMTP server inside the reply's commit), under cProfile.
Prints the CPU of each part per reply (the reply's parse, its moves, the turn e-mail and its
picture, the bench's own bot building the reply) and the top functions.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import smtplib
import statistics
import subprocess
import sys
import threading
import time
import uuid
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "platform"), str(ROOT / "bench")]

from bench_db import bench_database_url, database_create, loadavg  # noqa: E402
from mail_replies import _free_port, _mail_in_start  # noqa: E402

PREFIX = "tbench"
TARGET_P95 = 2.0
TOKEN = re.compile(r"\+(\d+)-(\d+)-(\d+)-")


class _Inbox:
    """The site's SMTP server: when each match's turn e-mail of each version arrived."""

    def __init__(self) -> None:
        self.arrived: dict[tuple[int, int], datetime] = {}
        self.ready: queue.Queue[int] = queue.Queue()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        found = TOKEN.search(envelope.content.decode("utf-8", "replace").split("\r\n\r\n")[0])
        if found:
            match, version = int(found.group(1)), int(found.group(3))
            self.arrived.setdefault((match, version), datetime.now(UTC))
            self.ready.put(match)
        return "250 Message accepted"


def _environment(url: str, smtp_port: int, queue_name: str) -> dict[str, str]:
    env = {
        "DATABASE_URL": url,
        "REDIS_URL": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "CELERY_QUEUE": queue_name,
        "DEBUG": os.environ.get("DEBUG", "false"),
        "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only-not-a-secret-" + "x" * 40),
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(smtp_port),
        "INBOUND_EMAIL_DOMAIN": "reply.bench.example",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "LOG_LEVEL": "WARNING",
    }
    os.environ.update(env)
    return env


def _worker_start(env: dict[str, str], concurrency: int, log: Path) -> subprocess.Popen[bytes]:
    from config.queues import queue_names  # the base queue and each kind's (mail, bots...)

    queues = ",".join(queue_names(env["CELERY_QUEUE"]))
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", queues]
    command += [f"--concurrency={concurrency}", "--loglevel=warning", "--without-gossip"]
    command += ["--without-mingle", "--without-heartbeat"]
    path = f"{ROOT / 'platform'}:{ROOT}"
    with open(log, "w") as out:
        return subprocess.Popen(
            command, cwd=ROOT, env={**os.environ, **env, "PYTHONPATH": path}, stdout=out,
            stderr=subprocess.STDOUT,
        )  # fmt: skip


def _matches(count: int) -> list[int]:
    from accounts.models import User
    from lobbies.services import lobby_create, lobby_join
    from play.models import Match

    Match.objects.filter(seats__user__email__startswith=PREFIX).delete()
    User.objects.filter(email__startswith=PREFIX).delete()
    ids = []
    for i in range(count):
        users = [
            User.objects.create_user(
                email=f"{PREFIX}{i}-{n}@example.com", password=None, display_name=f"t{i}{n}"
            )
            for n in range(2)
        ]
        table = lobby_create(host=users[0], game="dicecity", seats=2, mode="turn")
        lobby_join(table_id=table.pk, user=users[1])
        table.refresh_from_db()
        ids.append(table.match.pk)
    return ids


def _whole_turn(match_id: int) -> EmailMessage | None:
    """A reply from the seat to act holding every decision of its turn."""
    from games.core import Rng
    from notifications.tokens import ReplyToken, reply_address
    from play.models import Match

    match = Match.objects.get(pk=match_id)
    game, state = match.engine, match.state
    if match.is_finished:
        return None
    seat, rng, lines = game.to_act(state)[0], Rng.from_seed(match.version), []
    while game.outcome(state) is None and game.to_act(state)[:1] == (seat,) and len(lines) < 40:
        action = game.bots["standard"](state, seat, rng)
        lines.append(game.format_action(action))
        state = game.apply(state, seat, action)
    message = EmailMessage()
    message["From"] = match.seats.select_related("user").get(index=seat).user.email
    message["To"] = reply_address(ReplyToken(match.pk, seat, match.version))
    message["Subject"] = "Re: Your turn"
    message["Message-ID"] = f"<{uuid.uuid4().hex}@bench.example>"
    message.set_content("\n".join(lines) + "\n\nOn Mon, Tabletop wrote:\n> 1. ...\n")
    return message


def _send_at_rate(port: int, inbox: _Inbox, rate: float, seconds: float, senders: int) -> list[str]:
    """Every 1/rate s, a match whose turn e-mail has come is handed to one of `senders`
    threads, each an SMTP client of its own (as many players' mail servers deliver at once:
    the inbound server answers a message's DATA once it is processed, so one client alone
    would wait for each reply's moves before sending the next). Returns the Message-IDs sent;
    a due tick with no client free or no match ready is late, and the rate reached says so."""
    from django.db import connection

    work: queue.Queue[int | None] = queue.Queue()
    sent: list[str] = []
    lock = threading.Lock()

    def sender() -> None:
        with smtplib.SMTP("127.0.0.1", port, timeout=60) as smtp:
            while (match_id := work.get()) is not None:
                message = _whole_turn(match_id)
                if message is None:
                    continue
                smtp.send_message(message)
                with lock:
                    sent.append(message["Message-ID"])
        connection.close()

    threads = [threading.Thread(target=sender, daemon=True) for _ in range(senders)]
    for thread in threads:
        thread.start()
    interval, ticks = 1 / rate, 0
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        work.put(inbox.ready.get(timeout=30))
        ticks += 1
        pause = start + ticks * interval - time.monotonic()
        if pause > 0:
            time.sleep(pause)
    for _ in threads:
        work.put(None)
    for thread in threads:
        thread.join(90)
    connection.close()
    return sent


def _first_mails(inbox: _Inbox, count: int, timeout: float = 300) -> None:
    """Wait until every match's first turn e-mail has come: the run measures replies, not the
    worker still sending the set-up's e-mails ahead of theirs."""
    deadline = time.monotonic() + timeout
    while len({m for m, _ in inbox.arrived}) < count and time.monotonic() < deadline:
        time.sleep(0.2)


def _last_mails(sent: list[str], inbox: _Inbox, timeout: float = 60) -> None:
    """Wait (up to `timeout`) for the next e-mail of every reply applied: a reply whose e-mail
    is slow is measured, not left out."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        time.sleep(1)
        if len(_latencies(sent, inbox)) >= _applied(sent):
            return


def _applied(sent: list[str]) -> int:
    from notifications.models import InboundReply

    return InboundReply.objects.filter(message_id__in=sent, outcome="applied").count()


def _p95_interval(values: list[float]) -> tuple[float, float]:
    """A distribution-free ~95% interval of the 95th percentile: the order statistics at the
    binomial ranks n*0.95 -/+ 1.96 sqrt(n*0.95*0.05)."""
    ordered, n = sorted(values), len(values)
    half = 1.96 * (n * 0.95 * 0.05) ** 0.5
    low = max(0, int(n * 0.95 - half) - 1)
    high = min(n - 1, int(n * 0.95 + half + 0.999) - 1)
    return ordered[low], ordered[high]


def _latencies(sent: list[str], inbox: _Inbox) -> list[float]:
    from notifications.models import InboundReply

    seconds = []
    for row in InboundReply.objects.filter(message_id__in=sent, outcome="applied"):
        after = row.version + len(row.applied)  # the version the reply's last line made
        arrived = inbox.arrived.get((row.match_id, after))
        if arrived is not None:
            seconds.append((arrived - row.received_at).total_seconds())
    return seconds


def _cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of these processes and their children alive now (/proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    wanted, total = set(pids), 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(entry.name), int(fields[1])
        if pid in wanted or ppid in wanted:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def _pct(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(pct / 100 * (len(ordered) - 1))))]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rate", type=float, default=20)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--matches", type=int, default=60)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--senders", type=int, default=8, help="SMTP clients sending at once")
    parser.add_argument("--profile", type=int, default=0, metavar="N")
    parser.add_argument("--timers", action="store_true", help="with --profile: no cProfile")
    args = parser.parse_args(argv)
    if args.profile:
        return _profile(args.profile, args.matches, args.timers)
    from aiosmtpd.controller import Controller

    inbox = _Inbox()
    smtp_port = _free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=smtp_port)
    controller.start()
    url = bench_database_url("tabletop_turns_bench")
    database_create(url)
    env = _environment(url, smtp_port, f"turns-bench-{uuid.uuid4().hex[:8]}")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    logs = Path("/tmp") / f"turns_bench_{os.getpid()}"
    logs.mkdir(exist_ok=True)
    worker = _worker_start(env, args.concurrency, logs / "worker.log")
    process, port = _mail_in_start(env, logs / "mail_in.log")
    try:
        _matches(args.matches)  # their first turn e-mails, through the worker, fill `ready`
        _first_mails(inbox, args.matches)
        before = loadavg()
        print("loadavg before:", before)
        site = [worker.pid, process.pid]
        cpu_before = _cpu_seconds(site)
        started = time.monotonic()
        sent = _send_at_rate(port, inbox, args.rate, args.seconds, args.senders)
        elapsed = time.monotonic() - started
        _last_mails(sent, inbox)
        cpu = _cpu_seconds(site) - cpu_before
    finally:
        process.terminate()
        worker.terminate()
        process.wait(10)
        worker.wait(30)
        controller.stop()
    seconds = _latencies(sent, inbox)
    applied = _applied(sent)
    low, high = _p95_interval(seconds)
    result = {
        "replies": len(sent),
        "applied": applied,
        "measured": len(seconds),  # applied replies whose next e-mail came (within 60 s after)
        "rate": round(len(sent) / elapsed, 1),
        "p50_ms": round(statistics.median(seconds) * 1000),
        "p95_ms": round(_pct(seconds, 95) * 1000),
        "p95_interval_ms": [round(low * 1000), round(high * 1000)],
        "max_ms": round(max(seconds) * 1000),
        "concurrency": args.concurrency,
        "senders": args.senders,
        "loadavg_before": before,
        # the site's CPU per reply (its e-mail included): 20 replies/s need 20x this in cores
        "cpu_ms_per_reply": round(cpu / max(1, len(seconds)) * 1000, 1),
        "loadavg_after": loadavg(),
    }
    print(json.dumps(result))
    ok = result["p95_ms"] <= TARGET_P95 * 1000 and len(seconds) == applied
    ok = ok and result["rate"] >= 0.95 * args.rate
    print(
        f"p95 {result['p95_ms']} ms [{result['p95_interval_ms'][0]}, "
        f"{result['p95_interval_ms'][1]}] at {result['rate']} replies/s "
        f"(asked {args.rate:g}): {'met' if ok else 'NOT met'}"
    )
    return 0


PARTS = {  # what --profile reports per reply: a function's cumulative CPU (nested ones apart)
    "the reply read (MIME, quotes)": "notifications/inbound.py:68(reply_from_mime)",
    "the reply handled, e-mail included": "notifications/inbound.py:114(reply_receive)",
    "its moves (action_submit)": "play/services.py:*(action_submit)",
    "the next turn e-mail (task)": "notifications/services.py:116(turn_email_send)",
    "its message built": "notifications/services.py:*(_turn_message)",
    "its position (view, words, picture)": "notifications/position.py:*(position_context)",
    "its picture rasterised": "boards/picture.py:*(picture_png)",
    "its SMTP hand-over": "notifications/services.py:*(_deliver)",
    "the bench's reply (bot)": "mail_turns.py:*(_whole_turn)",
}


TIMED = [  # what --profile --timers times (CPU, inclusive) with no profiler's overhead
    ("notifications.mail_server", "reply_from_mime", "the reply read (MIME, quotes)"),
    ("notifications.inbound", "_apply_lines", "its moves, applied line by line"),
    ("notifications.inbound", "seat_choices", "  the choices read before each line"),
    ("notifications.inbound", "action_submit", "  each line's move (action_submit)"),
    ("play.services", "_after_commit", "the moves' after-commit work (e-mail in it)"),
    ("play.services", "match_broadcast", "  their broadcasts"),
    ("notifications.tasks", "match_emails_schedule", "  their game-over/time-out checks"),
    ("notifications.services", "turn_email_send", "the next turn e-mail (task)"),
    ("notifications.services", "turn_notice_tell", "  its notice and pushes"),
    ("notifications.services", "_turn_email_put_off", "  its channels' checks"),
    ("notifications.services", "_turn_message", "  its message built"),
    ("notifications.services", "prompt_context", "    its choices and moves since"),
    ("notifications.services", "chat_since_last_mail", "    its chat lines"),
    ("notifications.services", "render_listed_email", "    its templates"),
    ("notifications.services", "position_context", "    its position (view, words, picture)"),
    ("notifications.position", "picture_and_words", "      its drawing and words"),
    ("notifications.position", "picture_png", "      its picture rasterised"),
    ("notifications.services", "_deliver", "  its SMTP hand-over"),
]


def _timers() -> dict[str, list[float]]:
    """Wrap the TIMED functions where they are looked up, adding each call's CPU time."""
    import functools
    import importlib

    spent: dict[str, list[float]] = {}
    for module_name, name, part in TIMED:
        module = importlib.import_module(module_name)
        inner = getattr(module, name)
        spent[part] = []

        def timed(*args, __inner=inner, __part=part, **kwargs):
            start = time.process_time()
            try:
                return __inner(*args, **kwargs)
            finally:
                spent[__part].append(time.process_time() - start)

        setattr(module, name, functools.wraps(inner)(timed))
    return spent


def _profile(count: int, matches: int, timers_only: bool = False) -> int:
    import cProfile
    import fnmatch
    import pstats

    from aiosmtpd.controller import Controller

    inbox = _Inbox()
    smtp_port = _free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=smtp_port)
    controller.start()
    url = bench_database_url("tabletop_turns_bench")
    database_create(url)
    env = _environment(url, smtp_port, "unused")
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "true"
    del env
    import django

    django.setup()
    from django.core.management import call_command

    from notifications.mail_server import _receive

    call_command("migrate", verbosity=0)
    _matches(matches)
    time.sleep(1)
    spent = _timers() if timers_only else {}
    print("loadavg before:", loadavg())
    profile, done, cpu = cProfile.Profile(time.process_time), 0, 0.0
    bot = 0.0
    while done < count:
        match_id = inbox.ready.get(timeout=30)
        start = time.process_time()
        message = _whole_turn(match_id)
        bot += time.process_time() - start
        if message is not None:
            raw = message.as_bytes()
            if not timers_only:
                profile.enable()
            start = time.process_time()
            _receive(raw, [str(message["To"])], datetime.now(UTC), message["From"])
            cpu += time.process_time() - start
            profile.disable()
            done += 1
    controller.stop()
    if timers_only:
        print(f"{done} replies, {cpu / done * 1000:.1f} ms CPU a reply in _receive (no profiler;")
        print(f"  the bench's own bot and the SMTP sink apart: {bot / done * 1000:.1f} ms)")
        for part, times in spent.items():
            ordered = sorted(times) or [0.0]
            print(
                f"  {part:40} {sum(times) / done * 1000:7.1f} ms a reply "
                f"({len(times)} calls, p50 {ordered[len(ordered) // 2] * 1000:.1f} ms)"
            )
        print("loadavg after:", loadavg())
        return 0
    stats = pstats.Stats(profile)
    entries = stats.stats  # type: ignore[attr-defined]
    print(f"{done} replies, {cpu / done * 1000:.1f} ms CPU a reply (all of this process)")
    for part, pattern in PARTS.items():
        total = sum(
            value[3]
            for (path, line, name), value in entries.items()
            if fnmatch.fnmatch(f"{path}:{line}({name})", "*" + pattern)
        )
        print(f"  {part:40} {total / done * 1000:7.1f} ms a reply")
    stats.sort_stats("cumulative").print_callees(
        r"\(action_submit\)|\(_after_commit\)|\(_apply\)|\(turn_notice\)"
    )
    stats.sort_stats("tottime").print_stats(25)
    stats.sort_stats("cumulative").print_stats(90)
    print("loadavg after:", loadavg())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
