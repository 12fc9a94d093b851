"""Tournaments at scale (issue 13, point 9): starting a round of 125 tables (creating the
matches) <= 5 s, and the standings page p95 <= 50 ms for a 500-player event.

    .venv/bin/python bench/tournament_rounds.py [--players 500] [--table 4] [--pages 200]
                                                [--game dicecity]

It uses a dedicated database, BENCH_DATABASE_URL (default: the DATABASE_URL server, database
"tabletop_tournament_bench"), created and migrated when missing; each run removes the previous
run's event and players. Celery is not eager here (an in-memory broker nobody consumes), as in
production where the worker, not the request, sends the e-mails and plays the bots: the round
start measured is `tournament_start` (seeding, the 125 matches through play.services.match_create,
the tables, the e-mail rows and outbox jobs, the commit and the after-commit queueing).

Then every table of round 1 gets a result, the event advances (standings stored, round 2
paired and started: timed too), and GET /tournaments/<id>/standings/ is fetched `--pages`
times through the Django test client (routing, view, template): p50 / p95 / max, with the
event page (/tournaments/<id>/) for comparison. Prints `cat /proc/loadavg` before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "platform")]
PREFIX = "tbench"


def _loadavg() -> str:
    return Path("/proc/loadavg").read_text().strip()


def _bench_database_url() -> str:
    url = os.environ.get("BENCH_DATABASE_URL")
    if url:
        return url
    base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tabletop")
    return base.rsplit("/", 1)[0] + "/tabletop_tournament_bench"


def _database_create(url: str) -> None:
    import psycopg

    server, name = url.rsplit("/", 1)
    with psycopg.connect(server + "/postgres", autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')


def _django_setup(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ.pop("REDIS_URL", None)
    os.environ["CELERY_BROKER_URL"] = "memory://"
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "false"
    os.environ.setdefault("DEBUG", "false")  # as in production: no template debug info
    os.environ.setdefault("SECRET_KEY", "bench-only-not-a-secret-" + "x" * 40)  # noqa: S105
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    os.environ.setdefault("EMAIL_HOST", "")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _clean() -> None:
    from accounts.models import User
    from play.models import Match
    from tournaments.models import Tournament

    old = Tournament.objects.filter(name__startswith=PREFIX)
    Match.objects.filter(tournament_table__tournament__in=old).delete()
    old.delete()
    User.objects.filter(display_name__startswith=PREFIX).delete()


def _event(players: int, table: int, game: str) -> object:
    from django.contrib.auth.hashers import make_password

    from accounts.models import User
    from tournaments.models import Registration
    from tournaments.services import tournament_create

    password = make_password(None)
    users = User.objects.bulk_create(
        User(
            email=f"{PREFIX}{i}@example.com",
            display_name=f"{PREFIX}{i}",
            password=password,
            turn_emails=False,
        )
        for i in range(players)
    )
    organiser = users[0]
    t = tournament_create(
        organiser=organiser,
        name=f"{PREFIX} Swiss",
        game=game,
        format="swiss",
        table_size=table,
        rounds=3,
    )
    Registration.objects.bulk_create(Registration(tournament=t, user=u) for u in users)
    return t


def _results(t: object) -> None:
    """Every table of the round in play gets a result, as if its game had ended."""
    from django.utils import timezone

    from tournaments.models import TournamentTable

    rng = random.Random(7)
    tables = list(TournamentTable.objects.filter(tournament=t, places__isnull=True))
    for table in tables:
        order = list(range(1, len(table.players) + 1))
        rng.shuffle(order)
        table.places = order
        table.scores = [float(20 - p) for p in order]
        table.finished_at = timezone.now()
    TournamentTable.objects.bulk_update(tables, ["places", "scores", "finished_at"])


def _pages(url: str, count: int) -> dict[str, float]:
    from django.test import Client

    client = Client()
    assert client.get(url, secure=True).status_code == 200
    times = []
    for _ in range(count):
        start = time.perf_counter()
        response = client.get(url, secure=True)  # DEBUG off: HTTPS as in production
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200
    times.sort()
    return {
        "p50_ms": round(statistics.median(times), 1),
        "p95_ms": round(times[int(len(times) * 0.95) - 1], 1),
        "max_ms": round(times[-1], 1),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--table", type=int, default=4)
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--game", default="dicecity")
    args = parser.parse_args(argv)
    url = _bench_database_url()
    _database_create(url)
    _django_setup(url)
    from tournaments.models import TournamentTable
    from tournaments.services import tournament_advance, tournament_start

    print("loadavg before:", _loadavg())
    _clean()
    t = _event(args.players, args.table, args.game)
    start = time.perf_counter()
    tournament_start(tournament_id=t.pk, user=None)
    round1_s = time.perf_counter() - start
    tables = TournamentTable.objects.filter(tournament=t).count()
    _results(t)
    start = time.perf_counter()
    outcome = tournament_advance(tournament_id=t.pk)
    round2_s = time.perf_counter() - start
    standings = _pages(f"/tournaments/{t.pk}/standings/", args.pages)
    overview = _pages(f"/tournaments/{t.pk}/", max(20, args.pages // 4))
    print("loadavg after:", _loadavg())
    result = {
        "players": args.players,
        "table_size": args.table,
        "tables_round1": tables,
        "round1_start_s": round(round1_s, 2),
        "round2_advance_s": round(round2_s, 2),
        "advance": outcome,
        "standings_page": standings,
        "event_page": overview,
    }
    print(json.dumps(result))
    ok = round1_s <= 5 and standings["p95_ms"] <= 50
    print("targets (round start <= 5 s, standings p95 <= 50 ms):", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
