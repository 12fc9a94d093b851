"""Arena pairing (issue 32): an arena of 300 players at 4-player tables; each time a game ends,
the advance that the outbox runs after the result's commit (services.tournament_advance: the
tournament row locked, live standings stored, every group of waiting players seated at new
matches, committed) must take under 1 s.

    .venv/bin/python bench/arena_pairing.py [--players 300] [--table 4] [--results 200]

PostgreSQL database BENCH_DATABASE_URL (default "tabletop_arena_bench" on DATABASE_URL's
server), created and migrated when missing; each run removes the previous run's event. A result
is written as the receiver writes it (places on the table), then the advance is timed. Prints
p50 / p95 / max of all advances, of those that seated a table and of those that seated nobody
(the reference: the same lock, standings and commit in the same run), their ratio, and
`cat /proc/loadavg`.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "platform"), str(ROOT / "bench")]
PREFIX = "abench"

from bench_db import bench_database_url, database_create, loadavg  # noqa: E402


def _django_setup(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ.pop("REDIS_URL", None)
    os.environ["CELERY_BROKER_URL"] = "memory://"
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "false"
    os.environ.setdefault("DEBUG", "false")
    os.environ.setdefault("SECRET_KEY", "bench-only-not-a-secret-" + "x" * 40)  # noqa: S105
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    os.environ.setdefault("EMAIL_HOST", "")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _figures(name: str, times: list[float]) -> str:
    if not times:
        return f"{name}: none"
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return (
        f"{name}: n={len(ms)} p50 {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, "
        f"max {ms[-1]:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--table", type=int, default=4)
    parser.add_argument("--results", type=int, default=200)
    parser.add_argument("--game", default="dicecity")
    args = parser.parse_args()
    url = bench_database_url("tabletop_arena_bench")
    database_create(url)
    _django_setup(url)
    print("loadavg before:", loadavg())
    from django.contrib.auth.hashers import make_password
    from django.db import transaction
    from django.utils import timezone

    from accounts.models import User
    from play.models import Match
    from tournaments.models import Registration, Tournament, TournamentTable
    from tournaments.services import tournament_advance, tournament_create, tournament_start

    old = Tournament.objects.filter(name__startswith=PREFIX)
    Match.objects.filter(tournament_table__tournament__in=old).delete()
    old.delete()
    User.objects.filter(display_name__startswith=PREFIX).delete()
    password = make_password(None)
    users = User.objects.bulk_create(
        User(
            email=f"{PREFIX}{i}@example.com",
            display_name=f"{PREFIX}{i}",
            password=password,
            turn_emails=False,
        )
        for i in range(args.players)
    )
    t = tournament_create(
        organiser=users[0],
        name=f"{PREFIX} arena",
        game=args.game,
        format="arena",
        table_size=args.table,
        arena_minutes=60,
    )
    Registration.objects.bulk_create(Registration(tournament=t, user=u) for u in users)
    started = time.perf_counter()
    tournament_start(tournament_id=t.pk)
    print(f"start ({args.players} players seated): {time.perf_counter() - started:.2f} s")
    rng = random.Random(7)
    every, seating, idle = [], [], []
    per_group: list[float] = []  # a seating advance's time over the groups it seated
    groups_seated: list[int] = []
    for _ in range(args.results):
        tables = list(TournamentTable.objects.filter(tournament=t, places__isnull=True))
        table = rng.choice(tables)
        order = list(range(1, len(table.players) + 1))
        rng.shuffle(order)
        with transaction.atomic():
            table.places = order
            table.scores = [float(20 - p) for p in order]
            table.finished_at = timezone.now()
            table.save(update_fields=["places", "scores", "finished_at"])
        before = TournamentTable.objects.filter(tournament=t).count()
        began = time.perf_counter()
        tournament_advance(tournament_id=t.pk)
        spent = time.perf_counter() - began
        every.append(spent)
        made = TournamentTable.objects.filter(tournament=t).count() - before
        if made > 0:
            seating.append(spent)
            per_group.append(spent / made)
            groups_seated.append(made)
        else:
            idle.append(spent)
    waiting = args.players - sum(
        len(p)
        for p in TournamentTable.objects.filter(tournament=t, places__isnull=True).values_list(
            "players", flat=True
        )
    )
    print(_figures("every advance after a result", every))
    print(_figures("advances that seated a waiting group", seating))
    print(_figures("advances that seated nobody (the reference, same run)", idle))
    print(_figures("per group seated (a seating advance / its groups)", per_group))
    if groups_seated:
        print(
            f"groups per seating advance: mean {statistics.mean(groups_seated):.2f}, "
            f"max {max(groups_seated)}"
        )
    if seating and idle:
        ratio = statistics.median(seating) / statistics.median(idle)
        print(f"seating / reference, p50: {ratio:.2f}x")
    print(f"players waiting at the end: {waiting}; target: max < 1000 ms")
    print("loadavg after:", loadavg())


if __name__ == "__main__":
    main()
