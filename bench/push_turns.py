""" "Your turn" for 10,000 due turns through the outbox (issue 29, point 6): push and e-mail
mixed, against the same run with e-mail only; CPU and wall time per notification.

    .venv/bin/python bench/push_turns.py [--turns 10000] [--devices 0.5] [--block 250]
                                         [--workers 1]

A dedicated database, BENCH_DATABASE_URL (default: the DATABASE_URL server, database
"tabletop_push_bench"), created and migrated when missing; each run removes the previous run's
players and matches. 2 x `--turns` two-player turn-based Dice City matches are written in bulk,
each with its own player to act (to_act_since 0), for two configurations:

- "e-mail only": nobody has a push device;
- "mixed": `--devices` of the players have one (a real P-256 subscription) that has not
  acknowledged a push, so they get the push and the e-mail (the dearer case: a device that
  acknowledges within the minute would save the e-mail).

`--workers N` runs each block in N worker processes at once (its turns dealt round-robin), as
N outbox workers would: the same work per turn, the waits on PostgreSQL and the push service
overlapped, so the run's wall time is the throughput of N workers; a turn's CPU is still its
own process's. (With one worker it is one process, as before.)

The two run in alternating blocks of `--block` turns (e-mail only, mixed, e-mail only, ...), so
a shared machine's load moves both alike; each block pair's ratio is printed as it ends, and
an interrupt (SIGINT or SIGTERM) stops at the last whole pair and still prints the figures.

Each due turn goes the production way: `turn_email_send` (the Celery task's body) tells the
player (notifications/tell.py: the centre's row and one outbox job per device), the outbox job
runs after the commit (pywebpush: ECDH, aes128gcm, a VAPID JWT, an HTTP POST to a push service),
then the e-mail is claimed, rendered and handed to Django's locmem backend (SMTP itself is not
measured here: bench/mail_turns.py does). The push service is a loopback HTTP server in a
process of its own that answers 201 (its CPU is not counted). Prints, for each configuration,
wall and CPU time per due turn (mean with its 95% interval, p50, p95, max) and per notification
(push or e-mail), the ratio mixed / e-mail only overall and its spread over the block pairs,
and `cat /proc/loadavg` before, after each block pair and after. With N workers a block's wall
time per notification is the block's elapsed time (all N at once) over what it sent.
"""

from __future__ import annotations

import argparse
import base64
import json
import multiprocessing
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "platform"), str(ROOT / "bench")]

from bench_db import bench_database_url, database_create, loadavg  # noqa: E402

PREFIX = "pushbench"
PORT = int(os.environ.get("PUSH_BENCH_PORT", "18431"))
# A push service on loopback that takes every push (201), as a browser's would.
SERVICE = f"""
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
class H(BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(201)
        self.send_header("Content-Length", "0")
        self.end_headers()
    def log_message(self, *args):
        pass
ThreadingHTTPServer(("127.0.0.1", {PORT}), H).serve_forever()
"""


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _vapid_key() -> str:
    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP256R1())
    return _b64(key.private_numbers().private_value.to_bytes(32, "big"))


def _environ(url: str) -> None:
    os.environ.pop("REDIS_URL", None)
    os.environ.update(
        {
            "DATABASE_URL": url,
            "CELERY_BROKER_URL": "memory://",
            "CELERY_TASK_ALWAYS_EAGER": "true",
            "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
            "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only-not-a-secret-" + "x" * 40),
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "LOG_LEVEL": "WARNING",
            "VAPID_PRIVATE_KEY": _vapid_key(),
            "PUSH_ALLOW_HTTP": "true",
        }
    )


def _django_setup(url: str) -> None:
    _environ(url)
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    call_command("migrate", verbosity=0)


def _clear() -> None:
    from accounts.models import User
    from notifications.models import Notice, PushSubscription, TurnEmail
    from outbox.models import Job
    from play.models import Match

    Job.objects.all().delete()
    TurnEmail.objects.filter(seat__match__options__bench=PREFIX).delete()
    Notice.objects.filter(user__email__startswith=PREFIX).delete()
    PushSubscription.objects.filter(user__email__startswith=PREFIX).delete()
    Match.objects.filter(options__bench=PREFIX).delete()
    User.objects.filter(email__startswith=PREFIX).delete()


def _populate(turns: int) -> list[int]:
    """The matches and their players; the seat ids to act."""
    from django.db import transaction
    from django.utils import timezone

    from accounts.models import User
    from games.core import get_game
    from play.models import Match, Seat

    game = get_game("dicecity")
    state = game.setup(2, 7, {})
    deadline = timezone.now() + timezone.timedelta(days=2)
    with transaction.atomic():
        users = User.objects.bulk_create(
            (
                User(email=f"{PREFIX}{i}@example.com", display_name=f"b{i}", turn_emails=True)
                for i in range(turns + 1)
            ),
            batch_size=2000,
        )
        other = users[-1]
        matches = Match.objects.bulk_create(
            (
                Match(
                    game="dicecity",
                    seed=7,
                    options={"bench": PREFIX},
                    mode="turn",
                    move_seconds=3 * 86400,
                    state=state,
                    deadline=deadline,
                )
                for _ in range(turns)
            ),  # fmt: skip
            batch_size=1000,
        )
        seats = []
        for match, user in zip(matches, users, strict=False):
            seats.append(Seat(match=match, index=0, user=user, to_act=True, to_act_since=0))
            seats.append(Seat(match=match, index=1, user=other, to_act=False))
        Seat.objects.bulk_create(seats, batch_size=2000)
    return list(
        Seat.objects.filter(match__options__bench=PREFIX, index=0).values_list("pk", flat=True)
    )


def _devices(user_ids: list[int], share: float) -> int:
    """A push device (a real P-256 subscription) for `share` of these players."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    from notifications.models import PushSubscription

    chosen = user_ids[:: max(1, round(1 / share))] if share > 0 else []
    rows = []
    for user_id in chosen:
        key = ec.generate_private_key(ec.SECP256R1()).public_key()
        public = key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        rows.append(
            PushSubscription(
                user_id=user_id,
                endpoint=f"http://127.0.0.1:{PORT}/push/{user_id}",
                p256dh=_b64(public),
                auth=_b64(os.urandom(16)),
                device="bench",
            )
        )
    PushSubscription.objects.bulk_create(rows, batch_size=2000)
    return len(rows)


def turns_run(seat_ids: list[int]) -> tuple[list[float], list[float], int]:
    """Each due turn the production way, in this process: its wall and CPU time, and the
    e-mails it handed to the (locmem) backend."""
    from django.core import mail

    from notifications.services import turn_email_send

    mail.outbox = []
    walls, cpus = [], []
    for seat_id in seat_ids:
        wall, cpu = time.perf_counter(), time.process_time()
        turn_email_send(seat_id=seat_id, since=0)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return walls, cpus, len(mail.outbox)


def _worker(tasks: Any, results: Any) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the run
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # and ends the workers
    for seat_ids in iter(tasks.get, None):
        results.put(turns_run(seat_ids))


class Pool:
    """N worker processes forked from the set-up parent (each opens its own connection)."""

    def __init__(self, workers: int) -> None:
        from django.db import connections

        connections.close_all()
        connection = connections["default"]
        if connection.settings_dict.get("OPTIONS", {}).get("pool"):
            connection.close_pool()  # its connections and threads are not the children's
        context = multiprocessing.get_context("fork")
        self.tasks, self.results = context.Queue(), context.Queue()
        self.processes = [
            context.Process(target=_worker, args=(self.tasks, self.results), daemon=True)
            for _ in range(workers)
        ]
        for process in self.processes:
            process.start()

    def run(self, seat_ids: list[int]) -> list[tuple[list[float], list[float], int]]:
        slices = [seat_ids[i :: len(self.processes)] for i in range(len(self.processes))]
        slices = [s for s in slices if s]
        for part in slices:
            self.tasks.put(part)
        return [self.results.get() for _ in slices]

    def close(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            process.join(timeout=10)


class Tally:
    """One configuration's samples: each due turn's wall and CPU time, and what it sent."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.emails = 0
        self.pushes = 0
        self.blocks: list[tuple[float, float]] = []  # (wall, cpu) ms per notification a block
        self.sent: list[tuple[int, int, int]] = []  # (turns, e-mails, pushes) a block
        self.elapsed: list[float] = []  # each block's elapsed seconds (N workers at once)

    def block(self, seat_ids: list[int], pool: Pool | None = None) -> None:
        from notifications.models import PushDelivery

        sent = PushDelivery.objects.filter(status=PushDelivery.Status.SENT).count()
        wall0 = time.perf_counter()
        done = pool.run(seat_ids) if pool is not None else [turns_run(seat_ids)]
        wall0 = time.perf_counter() - wall0
        emails = 0
        cpu0 = 0.0
        for walls, cpus, mailed in done:
            self.wall.extend(walls)
            self.cpu.extend(cpus)
            cpu0 += sum(cpus)
            emails += mailed
        pushes = PushDelivery.objects.filter(status=PushDelivery.Status.SENT).count() - sent
        told = emails + pushes
        self.emails += emails
        self.pushes += pushes
        self.sent.append((len(seat_ids), emails, pushes))
        self.blocks.append((1000 * wall0 / max(1, told), 1000 * cpu0 / max(1, told)))
        self.elapsed.append(wall0)

    def keep(self, blocks: int) -> None:
        """Only the first `blocks` whole blocks (a run stopped early)."""
        turns = sum(n for n, _, _ in self.sent[:blocks])
        del self.wall[turns:], self.cpu[turns:], self.blocks[blocks:], self.sent[blocks:]
        del self.elapsed[blocks:]
        self.emails = sum(e for _, e, _ in self.sent)
        self.pushes = sum(p for _, _, p in self.sent)

    def summary(self) -> dict[str, Any]:
        told = max(1, self.emails + self.pushes)
        wall, cpu = sum(self.wall), sum(self.cpu)
        return {
            "turns": len(self.wall),
            "emails": self.emails,
            "pushes": self.pushes,
            "wall_s": round(wall, 1),
            "elapsed_s": round(sum(self.elapsed), 1),
            "cpu_s": round(cpu, 1),
            "per_turn_wall_ms": _spread(self.wall),
            "per_turn_cpu_ms": _spread(self.cpu),
            "wall_ms_per_notification": round(1000 * sum(self.elapsed) / told, 2),
            "cpu_ms_per_notification": round(1000 * cpu / told, 2),
        }


def _spread(seconds: list[float]) -> dict[str, float]:
    """Mean with its 95% interval, p50, p95, max, in milliseconds."""
    ms = sorted(1000 * s for s in seconds)
    mean = statistics.fmean(ms)
    half = 1.96 * statistics.stdev(ms) / len(ms) ** 0.5 if len(ms) > 1 else 0.0
    return {
        "mean": round(mean, 2),
        "ci95": round(half, 2),
        "p50": round(ms[len(ms) // 2], 2),
        "p95": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 2),
        "max": round(ms[-1], 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=10000, help="due turns per configuration")
    parser.add_argument("--devices", type=float, default=0.5, help="share of players with push")
    parser.add_argument("--block", type=int, default=250, help="turns a block (runs alternate)")
    parser.add_argument("--workers", type=int, default=1, help="processes running each block")
    args = parser.parse_args()
    # SIGINT or SIGTERM stops at the last whole block pair (a shell's background job starts
    # with SIGINT ignored, so both are set here).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    url = bench_database_url("tabletop_push_bench")
    database_create(url)
    _django_setup(url)
    service = subprocess.Popen([sys.executable, "-c", SERVICE])
    try:
        time.sleep(1)
        _clear()
        print("loadavg before populating:", loadavg(), flush=True)
        seats = _populate(2 * args.turns)
        base_seats, mixed_seats = seats[: args.turns], seats[args.turns :]
        from play.models import Seat

        users = dict(Seat.objects.filter(pk__in=mixed_seats).values_list("pk", "user_id"))
        devices = _devices([users[s] for s in mixed_seats], args.devices)
        from notifications.models import PushSubscription

        pushed = set(PushSubscription.objects.values_list("user_id", flat=True))
        print(
            f"{args.turns} due turns a configuration; mixed: {devices} players with a push "
            f"device; blocks of {args.block}, alternating",
            flush=True,
        )
        print("loadavg before:", loadavg(), flush=True)
        base, mixed = Tally("e-mail only"), Tally("mixed")
        pool = Pool(args.workers) if args.workers > 1 else None
        try:
            for start in range(0, args.turns, args.block):
                for tally, ids in ((base, base_seats), (mixed, mixed_seats)):
                    tally.block(ids[start : start + args.block], pool)
                done = min(args.turns, start + args.block)
                ratio = mixed.blocks[-1][1] / base.blocks[-1][1]
                print(
                    f"  {done} turns each: last block cpu/notification mixed/e-mail "
                    f"{ratio:.2f}x; loadavg {loadavg()}",
                    flush=True,
                )
        except KeyboardInterrupt:  # stopped early (SIGINT): the whole block pairs so far
            pairs = len(mixed.blocks)
            base.keep(pairs)
            mixed.keep(pairs)
            print(f"STOPPED EARLY after {len(mixed.wall)} turns each", flush=True)
        finally:
            if pool is not None:
                pool.close()
        print("loadavg after: ", loadavg(), flush=True)
        _clear()
    finally:
        service.terminate()
        service.wait(timeout=10)
    results = {}
    for tally in (base, mixed):
        results[tally.label] = tally.summary()
        print(f"{tally.label}: {json.dumps(results[tally.label])}")
    b, m = results["e-mail only"], results["mixed"]
    cpu_ratios = sorted(mb[1] / bb[1] for mb, bb in zip(mixed.blocks, base.blocks, strict=True))
    wall_ratios = sorted(mb[0] / bb[0] for mb, bb in zip(mixed.blocks, base.blocks, strict=True))
    print(
        "mixed / e-mail only: per due turn "
        f"wall {m['wall_s'] / b['wall_s']:.2f}x, cpu {m['cpu_s'] / b['cpu_s']:.2f}x; "
        "per notification "
        f"wall {m['wall_ms_per_notification'] / b['wall_ms_per_notification']:.2f}x, "
        f"cpu {m['cpu_ms_per_notification'] / b['cpu_ms_per_notification']:.2f}x"
    )
    print(
        f"  per-notification ratio over the {len(cpu_ratios)} block pairs: cpu min "
        f"{cpu_ratios[0]:.2f} / median {statistics.median(cpu_ratios):.2f} / max "
        f"{cpu_ratios[-1]:.2f}x; wall {wall_ratios[0]:.2f} / "
        f"{statistics.median(wall_ratios):.2f} / {wall_ratios[-1]:.2f}x"
    )
    ok = b["emails"] == b["turns"] and m["emails"] == m["turns"]
    ok = ok and m["pushes"] == sum(1 for s in mixed_seats[: m["turns"]] if users[s] in pushed)
    ok = ok and b["turns"] == m["turns"] == args.turns
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
