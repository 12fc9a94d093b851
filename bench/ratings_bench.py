"""Ratings at scale (issue 6): the rating update per finished 5-player match (target <= 5 ms)
and the ladder page p95 (target <= 50 ms) with 100,000 rated players.

    .venv/bin/python bench/ratings_bench.py [--players 100000] [--matches 300] [--pages 300]
                                            [--game dicecity] [--reseed]

It uses a dedicated database, BENCH_DATABASE_URL (default: the DATABASE_URL server, database
"tabletop_ratings_bench"), creates and migrates it when missing, seeds the players once (kept
for the next run; --reseed starts over), runs VACUUM ANALYZE as autovacuum would, then measures:

- the update: `rating_apply_result` for a finished ranked match of 5 random rated players,
  inside the transaction as in play (the match row itself is made beforehand, untimed; the
  commit, which the finished match pays with or without ratings, is printed apart);
- the ladder page: GET /ladders/<game>/ through the Django test client (URL routing, view,
  the one query, template), random pages across the whole ladder plus name searches.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

# This process's CPU time per operation, next to the wall time: on a machine shared with other
# work the wall time also counts the waits for a core (the load average is printed too).
CPU: dict[str, list[float]] = {"update": [], "page": [], "search": []}
COMMITS: list[float] = []
BENCH_SEED = -6  # marks the matches this script makes
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "platform")]


def _bench_database_url() -> str:
    url = os.environ.get("BENCH_DATABASE_URL")
    if url:
        return url
    base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tabletop")
    return base.rsplit("/", 1)[0] + "/tabletop_ratings_bench"


def _database_create(url: str) -> None:
    import psycopg

    server, name = url.rsplit("/", 1)
    with psycopg.connect(server + "/postgres", autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')


def _django_setup(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DEBUG", "false")  # as in production: no template debug info
    os.environ.setdefault("SECRET_KEY", "bench-only-not-a-secret")  # noqa: S105 - local bench
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    os.environ.setdefault("CELERY_TASK_ALWAYS_EAGER", "true")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def seed(players: int, game: str, reseed: bool) -> None:
    from django.db import connection

    from accounts.models import User
    from ladders.buckets import buckets_rebuild
    from ladders.models import Rating, RatingChange
    from play.models import Match

    have = Rating.objects.filter(game=game).count()
    if have >= players and not reseed:
        buckets_rebuild(game)
        print(f"seed: {have} ratings already in the bench database")
        return
    RatingChange.objects.filter(game=game).delete()
    Match.objects.filter(seed=BENCH_SEED).delete()
    Rating.objects.filter(game=game).delete()
    User.objects.filter(email__endswith="@bench.invalid").delete()
    rng = random.Random(6)
    started = time.perf_counter()
    for start in range(0, players, 5000):
        batch = range(start, min(players, start + 5000))
        users = User.objects.bulk_create(
            User(email=f"b{i}@bench.invalid", display_name=f"bench{i}", password="!") for i in batch
        )
        Rating.objects.bulk_create(_rating(u, game, rng) for u in users)
    buckets_rebuild(game)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE accounts_user")
        cursor.execute("VACUUM ANALYZE ladders_rating")
    print(f"seed: {players} rated players in {time.perf_counter() - started:.1f} s")


def _rating(user: object, game: str, rng: random.Random) -> object:
    from django.utils import timezone

    from ladders.models import Rating

    games = rng.choice([rng.randint(1, 19), *[rng.randint(20, 400)] * 5])
    return Rating(
        user=user,
        game=game,
        rating=round(rng.gauss(1500, 220), 2),
        games=games,
        wins=rng.randint(0, games),
        last_played=timezone.now(),
    )


def bench_updates(matches: int, game: str) -> list[float]:
    from django.db import transaction
    from django.utils import timezone

    from ladders.models import Rating
    from ladders.services import rating_apply_result
    from play.models import Match, Seat

    user_ids = list(Rating.objects.filter(game=game).values_list("user_id", flat=True))
    rng = random.Random(60)
    timings = []
    for _ in range(matches):
        players = rng.sample(user_ids, 5)
        places = [1, 2, 3, 3, 5]
        rng.shuffle(places)
        match = Match.objects.create(
            game=game, seed=BENCH_SEED, ranked=True, state={}, status=Match.Status.FINISHED,
            finished_at=timezone.now(),
        )  # fmt: skip
        seats = Seat.objects.bulk_create(
            Seat(match=match, index=i, user_id=u, place=p)
            for i, (u, p) in enumerate(zip(players, places, strict=True))
        )
        match = Match.objects.get(pk=match.pk)
        with transaction.atomic():
            # As in play: the update runs inside the transaction that records the result, whose
            # commit the finished match pays anyway; that commit is timed apart.
            started, cpu = time.perf_counter(), time.process_time()
            rating_apply_result(match=match, seats=seats)  # play hands over its seat rows
            timings.append((time.perf_counter() - started) * 1000)
            CPU["update"].append((time.process_time() - cpu) * 1000)
            committing = time.perf_counter()
        COMMITS.append((time.perf_counter() - committing) * 1000)
    return timings


def bench_pages(pages: int, game: str) -> tuple[list[float], list[float]]:
    from django.test import Client

    from ladders import elo
    from ladders.models import Rating
    from ladders.selectors import PAGE_SIZE

    ranked = Rating.objects.filter(game=game, games__gte=elo.PROVISIONAL_GAMES).count()
    last = max(1, -(-ranked // PAGE_SIZE))
    client = Client()
    rng = random.Random(66)
    client.get(f"/ladders/{game}/")  # warm up: imports, template loading
    browse, search = [], []
    for _ in range(pages):
        page = rng.choice([1, 2, 3, rng.randint(1, last), rng.randint(1, last), last])
        browse.append(_timed_get(client, f"/ladders/{game}/?page={page}"))
    for _ in range(max(1, pages // 3)):
        name = f"bench{rng.randrange(100_000)}"
        search.append(_timed_get(client, f"/ladders/{game}/?q={name}"))
    return browse, search


def _timed_get(client: object, url: str) -> float:
    started, cpu = time.perf_counter(), time.process_time()
    response = client.get(url)  # type: ignore[attr-defined]
    elapsed = (time.perf_counter() - started) * 1000
    CPU["search" if "?q=" in url else "page"].append((time.process_time() - cpu) * 1000)
    assert response.status_code == 200, (url, response.status_code)
    return elapsed


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


LOAD = ""


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--game", default="dicecity")
    parser.add_argument("--reseed", action="store_true")
    args = parser.parse_args(argv)
    global LOAD
    LOAD = " ".join(f"{x:.2f}" for x in os.getloadavg())
    url = _bench_database_url()
    _database_create(url)
    _django_setup(url)
    seed(args.players, args.game, args.reseed)
    updates = bench_updates(args.matches, args.game)
    browse, search = bench_pages(args.pages, args.game)
    print(f"load average at the start: {LOAD}")
    print(
        f"commit of the result's transaction (paid by every finish, rated or not): median "
        f"{statistics.median(COMMITS):.2f} ms, p95 {_p95(COMMITS):.2f} ms"
    )
    for label, wall, cpu, target in (
        ("rating update, 5-player match", updates, CPU["update"], "median <= 5 ms"),
        ("ladder page", browse, CPU["page"], "p95 <= 50 ms"),
        ("ladder search by name", search, CPU["search"], "no target"),
    ):
        print(
            f"{label}: median {statistics.median(wall):.2f} ms, p95 {_p95(wall):.2f} ms wall "
            f"(process CPU median {statistics.median(cpu):.2f} ms, p95 {_p95(cpu):.2f} ms) "
            f"over {len(wall)} runs; target {target}"
        )
    ok = statistics.median(updates) <= 5 and _p95(browse) <= 50
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
