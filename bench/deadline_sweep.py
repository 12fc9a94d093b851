"""The deadline sweep (issue 14, point 11): 10,000 open turn-based matches, 5,000 of them past
their deadline; every one of them gets its automatic action within 60 s.

    .venv/bin/python bench/deadline_sweep.py [--matches 10000] [--due 5000] [--ranked 0.5]
                                             [--game dicecity] [--workers 2]

A dedicated database, BENCH_DATABASE_URL (default: the DATABASE_URL server, database
"tabletop_sweep_bench"), created and migrated when missing; each run removes the previous run's
players and matches. Two-player matches are written in bulk (one engine setup copied: the sweep
cares about rows and deadlines, not about distinct games). Half of the players are seated in
due matches; those have automatic vacation turned off (else the pass would only grant vacation
days), so each due match is a real timeout: `--ranked` of them forfeit (the ranked default) and
the others get a bot's move for the seat (the casual default: the bot plays the whole turn
through `action_submit`, and the seat's missed-turn count is kept). The not-due matches are
within a reminder's reach for a share of them, so the pass also queues reminders.

As in production: `--workers` outbox workers (`manage.py outbox_work`, processes of their own)
run beside one pass of `deadlines_sweep`, which records one timeout job per due match in one
INSERT, takes its own share for SWEEP_TIMEOUTS_SECONDS, then queues the e-mails; the workers
take the rest. Celery is not eager (an in-memory broker nobody consumes: the e-mails the pass
queues are a worker's job). Prints the pass's counts and wall time, the time until no due match
is left unhandled, the CPU a due deadline of the pass and the workers from the pass's start (a
worker's start-up, Django and every module's import, is a process's, not a deadline's: it is
printed beside, not counted), and `cat /proc/loadavg` before and after; exits 1 when a due
match is left unhandled or that took over 60 s.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import resource
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "platform"), str(ROOT / "bench")]

from bench_db import bench_database_url, database_create, loadavg  # noqa: E402

PREFIX = "sweepbench"
TARGET_SECONDS = 60.0


def _environ(url: str) -> None:
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


def _django_setup(url: str) -> None:
    _environ(url)
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

    # The same script measures the tree before the time banks (no Match.banks: the deadline alone)
    has_banks = any(f.name == "banks" for f in Match._meta.get_fields())
    day = 24 * 3600
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
            match = Match(
                game=game_name, seed=7, options={"bench": PREFIX},
                ranked=is_due and i < due * ranked_share, mode="turn",
                move_seconds=day, state=state, deadline=deadline,
            )  # fmt: skip
            if has_banks:  # each owing seat's bank runs out at the deadline (simple, a day a move)
                match.clock = {
                    "kind": "simple",
                    "base": day,
                    "increment": day,
                    "cap": day,
                    "weekends": False,
                }
                since = (deadline - timedelta(seconds=day)).isoformat()
                match.banks = [
                    {"left": float(day), "since": since if s in acting else None, "parts": 0}
                    for s in range(2)
                ]
            rows.append(match)
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


def _workers_start(count: int) -> list[subprocess.Popen[bytes]]:
    """`count` outbox workers, returned once each has said it is polling (Django set up)."""
    command = [sys.executable, str(ROOT / "manage.py"), "outbox_work", "--idle", "0.2"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    workers = [
        subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, env=env) for _ in range(count)
    ]
    for worker in workers:
        assert worker.stdout is not None
        line = worker.stdout.readline()
        if b"polling" not in line:
            raise SystemExit(f"an outbox worker did not start: {line!r}")
    return workers


def _cpu_of(pid: int) -> float:
    """A running process's CPU so far (user + system), in seconds, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _unhandled(bench: object, now: object) -> int:
    from outbox.models import Job
    from play.services import TIMEOUT_JOB

    overdue = bench.filter(status="active", deadline__lt=now).count()  # type: ignore[attr-defined]
    return overdue + Job.objects.filter(kind=TIMEOUT_JOB).count()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10000)
    parser.add_argument("--due", type=int, default=5000)
    parser.add_argument("--ranked", type=float, default=0.5)
    parser.add_argument("--game", default="dicecity")
    parser.add_argument("--workers", type=int, default=2, help="outbox worker processes")
    parser.add_argument(
        "--profile",
        metavar="FILE",
        help="cProfile of the pass into FILE (with --workers 0 "
        "and SWEEP_TIMEOUTS_SECONDS=600 the pass handles every due match itself)",
    )
    args = parser.parse_args()
    url = bench_database_url("tabletop_sweep_bench")
    database_create(url)
    _django_setup(url)
    from django.utils import timezone

    from notifications.sweep import deadlines_sweep
    from outbox.models import Job
    from play.models import Match

    started = time.perf_counter()
    Job.objects.all().delete()  # the bench database's own leftovers
    _populate(args.matches, args.due, args.ranked, args.game)
    setup = time.perf_counter() - started
    print(f"setup: {args.matches} matches, {args.due} due, in {setup:.1f} s")
    bench = Match.objects.filter(options__bench=PREFIX)
    workers = _workers_start(args.workers)
    try:
        time.sleep(1)  # the workers are up and polling
        # What the workers spent before the pass (Django's start-up, idle polls) is not a
        # deadline's: the pass's own CPU is counted from its start, the workers' likewise.
        before_pass = sum(_cpu_of(worker.pid) for worker in workers)
        print("loadavg before:", loadavg())
        now = timezone.now()
        started = time.perf_counter()
        cpu_started = time.process_time()
        profile = cProfile.Profile() if args.profile else None
        if profile is not None:
            profile.enable()
        done = deadlines_sweep(now=now)
        if profile is not None:
            profile.disable()
            profile.dump_stats(args.profile)
        swept = time.perf_counter() - started
        pass_cpu = time.process_time() - cpu_started
        while _unhandled(bench, now) and time.perf_counter() - started < 20 * TARGET_SECONDS:
            time.sleep(0.2)
        took = time.perf_counter() - started
        print("loadavg after: ", loadavg())
    finally:
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.wait(timeout=60)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    workers_all = children.ru_utime + children.ru_stime
    workers_cpu = workers_all - before_pass
    left = _unhandled(bench, now)
    forfeits = bench.filter(seats__forfeited=True).count()
    timed_out = bench.filter(log__timed_out=True).distinct().count()
    print(f"pass: {done}")
    print(
        f"the pass itself: {swept:.1f} s ({done['timeouts']} of the timeouts done by it, "
        f"{args.workers} outbox workers beside it)"
    )
    print(
        f"all due deadlines handled: {took:.1f} s for {args.due} "
        f"({args.due / took:.0f}/s; {forfeits} forfeits, {timed_out} turns played by the bot); "
        f"still unhandled: {left}; target {TARGET_SECONDS:.0f} s"
    )
    cpu = pass_cpu + workers_cpu
    print(
        f"CPU of these processes from the pass's start (PostgreSQL's own not counted): pass "
        f"{pass_cpu:.1f} s, workers {workers_cpu:.1f} s, {1000 * cpu / max(1, args.due):.2f} ms "
        f"a due deadline (the workers' start-up and idle polls before it, not counted: "
        f"{before_pass:.2f} s; counted, {1000 * (cpu + before_pass) / max(1, args.due):.2f} ms)"
    )
    return 0 if left == 0 and took <= TARGET_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
