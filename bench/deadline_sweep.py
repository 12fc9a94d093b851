"""The deadline sweep (issue 14, point 11): 10,000 open turn-based matches, 5,000 of them past
their deadline; one pass of `notifications.sweep.deadlines_sweep` handles them within 60 s.

    .venv/bin/python bench/deadline_sweep.py [--matches 10000] [--due 5000] [--ranked 0.5]
                                             [--game dicecity]

A dedicated database, BENCH_DATABASE_URL (default: the DATABASE_URL server, database
"tabletop_sweep_bench"), created and migrated when missing; each run removes the previous run's
players and matches. Two-player matches are written in bulk (one engine setup copied: the sweep
cares about rows and deadlines, not about distinct games). Half of the players are seated in
due matches; those have automatic vacation turned off (else the pass would only grant vacation
days), so each due match is a real timeout: `--ranked` of them forfeit (the ranked default) and
the others get a bot's move for the seat (the casual default: the bot plays the whole turn
through `action_submit`, and the seat's missed-turn count is kept). The not-due matches are
within a reminder's reach for a share of them, so the pass also queues reminders. Celery is
not eager (an in-memory broker nobody consumes), as in production where workers send the
e-mails the pass queues. Prints the pass's counts, its wall time, and `cat /proc/loadavg`
before and after; exits 1 when a due match is left unhandled or the pass took over 60 s.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "platform"), str(ROOT / "bench")]

from bench_db import bench_database_url, database_create, loadavg  # noqa: E402

PREFIX = "sweepbench"
TARGET_SECONDS = 60.0


def _django_setup(url: str) -> None:
    os.environ.pop("REDIS_URL", None)
    os.environ.update(
        {
            "DATABASE_URL": url,
            "CELERY_BROKER_URL": "memory://",
            "CELERY_TASK_ALWAYS_EAGER": "false",
            "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only-not-a-secret-" + "x" * 40),
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "LOG_LEVEL": "WARNING",
        }
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _populate(matches: int, due: int, ranked_share: float, game_name: str) -> None:
    from django.db import transaction
    from django.utils import timezone

    from accounts.models import User
    from games.core import get_game
    from notifications.models import Preferences
    from play.models import Match, Seat

    User.objects.filter(email__startswith=PREFIX).delete()
    Match.objects.filter(game=game_name, options__bench=PREFIX).delete()
    game = get_game(game_name)
    state = game.setup(2, 7, {})
    acting = game.to_act(state)
    now = timezone.now()
    players = 2000
    with transaction.atomic():
        users = User.objects.bulk_create(
            User(email=f"{PREFIX}{i}@example.com", display_name=f"{PREFIX}{i}", turn_emails=True)
            for i in range(players)
        )
        Preferences.objects.bulk_create(
            Preferences(user=u, auto_vacation=False) for u in users[: players // 2]
        )
        rows = []
        for i in range(matches):
            is_due = i < due
            deadline = (
                now - timedelta(minutes=1 + i % 50)
                if is_due
                else now + timedelta(hours=1 + (i % 40))
            )
            rows.append(
                Match(
                    game=game_name, seed=7, options={"bench": PREFIX},
                    ranked=is_due and i < due * ranked_share, mode="turn",
                    move_seconds=24 * 3600, state=state, deadline=deadline,
                )
            )  # fmt: skip
        created = Match.objects.bulk_create(rows, batch_size=1000)
        half = players // 2
        seats = []
        for i, match in enumerate(created):
            pool = users[:half] if i < due else users[half:]
            a, b = pool[(2 * i) % half], pool[(2 * i + 1) % half]
            for index, user in enumerate((a, b)):
                seats.append(
                    Seat(match=match, index=index, user=user, to_act=index in acting,
                         to_act_since=0 if index in acting else None)
                )  # fmt: skip
        Seat.objects.bulk_create(seats, batch_size=2000)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10000)
    parser.add_argument("--due", type=int, default=5000)
    parser.add_argument("--ranked", type=float, default=0.5)
    parser.add_argument("--game", default="dicecity")
    args = parser.parse_args()
    url = bench_database_url("tabletop_sweep_bench")
    database_create(url)
    _django_setup(url)
    from django.utils import timezone

    from notifications.sweep import deadlines_sweep
    from play.models import Match

    started = time.perf_counter()
    _populate(args.matches, args.due, args.ranked, args.game)
    setup = time.perf_counter() - started
    print(f"setup: {args.matches} matches, {args.due} due, in {setup:.1f} s")
    bench = Match.objects.filter(options__bench=PREFIX)
    print("loadavg before:", loadavg())
    started = time.perf_counter()
    done = deadlines_sweep(now=timezone.now())
    took = time.perf_counter() - started
    print("loadavg after: ", loadavg())
    left = bench.filter(status="active", deadline__lt=timezone.now()).count()
    forfeits = bench.filter(seats__forfeited=True).count()
    print(f"pass: {done}")
    print(
        f"sweep: {took:.1f} s for {args.due} due deadlines "
        f"({args.due / took:.0f}/s; {forfeits} forfeits, {done['timeouts'] - forfeits} bot turns); "
        f"still overdue after the pass: {left}; target {TARGET_SECONDS:.0f} s"
    )
    return 0 if left == 0 and took <= TARGET_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
