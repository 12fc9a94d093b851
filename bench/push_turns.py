""" "Your turn" for 10,000 due turns through the outbox (issue 29, point 6): push and e-mail
mixed, against the same run with e-mail only; CPU and wall time per notification.

    .venv/bin/python bench/push_turns.py [--turns 10000] [--devices 0.5]

A dedicated database, BENCH_DATABASE_URL (default: the DATABASE_URL server, database
"tabletop_push_bench"), created and migrated when missing; each run removes the previous run's
players and matches. `--turns` two-player turn-based Dice City matches are written in bulk, each
with its own player to act (to_act_since 0). Two runs over the same rows:

- "e-mail only": nobody has a push device;
- "mixed": `--devices` of the players have one (a real P-256 subscription) that has not
  acknowledged a push, so they get the push and the e-mail (the dearer case: a device that
  acknowledges within the minute would save the e-mail).

Each due turn goes the production way: `turn_email_send` (the Celery task's body) tells the
player (notifications/tell.py: the centre's row and one outbox job per device), the outbox job
runs after the commit (pywebpush: ECDH, aes128gcm, a VAPID JWT, an HTTP POST to a push service),
then the e-mail is claimed, rendered and handed to Django's locmem backend (SMTP itself is not
measured here: bench/mail_turns.py does). The push service is a loopback HTTP server in a
process of its own that answers 201 (its CPU is not counted). Prints, for each run, wall and
CPU time per due turn and per notification (push or e-mail), the ratio mixed / e-mail only, and
`cat /proc/loadavg` before and after.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "platform"), str(ROOT / "bench")]

from bench_db import bench_database_url, database_create, loadavg  # noqa: E402

PREFIX = "pushbench"
PORT = 18431
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


def _devices(share: float) -> int:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    from accounts.models import User
    from notifications.models import PushSubscription

    users = list(User.objects.filter(email__startswith=PREFIX).order_by("pk"))[:-1]
    chosen = users[:: max(1, round(1 / share))] if share > 0 else []
    rows = []
    for user in chosen:
        key = ec.generate_private_key(ec.SECP256R1()).public_key()
        public = key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        rows.append(
            PushSubscription(
                user=user,
                endpoint=f"http://127.0.0.1:{PORT}/push/{user.pk}",
                p256dh=_b64(public),
                auth=_b64(os.urandom(16)),
                device="bench",
            )
        )
    PushSubscription.objects.bulk_create(rows, batch_size=2000)
    return len(rows)


def _run(label: str, seat_ids: list[int]) -> dict[str, float]:
    from django.core import mail

    from notifications.models import PushDelivery
    from notifications.services import turn_email_send

    mail.outbox = []
    wall, cpu = time.perf_counter(), time.process_time()
    for seat_id in seat_ids:
        turn_email_send(seat_id=seat_id, since=0)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    emails = len(mail.outbox)
    pushes = PushDelivery.objects.filter(status=PushDelivery.Status.SENT).count()
    told = emails + pushes
    result = {
        "turns": len(seat_ids),
        "emails": emails,
        "pushes": pushes,
        "wall_s": round(wall, 2),
        "cpu_s": round(cpu, 2),
        "wall_ms_per_turn": round(1000 * wall / len(seat_ids), 2),
        "cpu_ms_per_turn": round(1000 * cpu / len(seat_ids), 2),
        "wall_ms_per_notification": round(1000 * wall / max(1, told), 2),
        "cpu_ms_per_notification": round(1000 * cpu / max(1, told), 2),
    }
    print(f"{label}: {json.dumps(result)}")
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=10000)
    parser.add_argument("--devices", type=float, default=0.5, help="share of players with push")
    args = parser.parse_args()
    url = bench_database_url("tabletop_push_bench")
    database_create(url)
    _django_setup(url)
    service = subprocess.Popen([sys.executable, "-c", SERVICE])
    try:
        time.sleep(1)
        results = {}
        for label, share in (("e-mail only", 0.0), ("mixed", args.devices)):
            _clear()
            seat_ids = _populate(args.turns)
            devices = _devices(share)
            print(f"{label}: {args.turns} due turns, {devices} players with a push device")
            print("loadavg before:", loadavg())
            results[label] = _run(label, seat_ids)
            print("loadavg after: ", loadavg())
        _clear()
    finally:
        service.terminate()
        service.wait(timeout=10)
    base, mixed = results["e-mail only"], results["mixed"]
    print(
        "mixed / e-mail only: per due turn "
        f"wall {mixed['wall_s'] / base['wall_s']:.2f}x, cpu {mixed['cpu_s'] / base['cpu_s']:.2f}x; "
        "per notification "
        f"wall {mixed['wall_ms_per_notification'] / base['wall_ms_per_notification']:.2f}x, "
        f"cpu {mixed['cpu_ms_per_notification'] / base['cpu_ms_per_notification']:.2f}x"
    )
    ok = base["emails"] == base["turns"] and mixed["emails"] == mixed["turns"]
    ok = ok and mixed["pushes"] > 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
