"""Counts of established players per rating point, kept in step with their ratings.

A B-tree cannot say "the 75,000th row" or "how many rows rank above this one" without walking
them, so a ladder page deep down (or a searched player's rank) would cost a walk over most of
the ladder. With these counts, the rows above any rating are a sum over ~2,000 small rows.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable

from django.db import connection, transaction
from django.db.models import Count
from django.db.models.functions import Floor

from ladders import elo
from ladders.models import LadderBucket, Rating


def bucket_of(rating: float) -> int:
    return math.floor(rating)


def bucket_moves(moves: Iterable[tuple[float, int, float, int]]) -> Counter[int]:
    """Count changes for (rating before, games before, rating after, games after) of players:
    an established player leaves the bucket of the old rating and enters that of the new."""
    shift: Counter[int] = Counter()
    for before, games_before, after, games_after in moves:
        if not elo.is_provisional(games_before):
            shift[bucket_of(before)] -= 1
        if not elo.is_provisional(games_after):
            shift[bucket_of(after)] += 1
    return shift


def buckets_shift(*, game: str, shift: Counter[int]) -> None:
    """Apply the count changes in one statement, locking the buckets in order (no deadlock)."""
    rows = sorted((bucket, n) for bucket, n in shift.items() if n)
    if not rows:
        return
    table = LadderBucket._meta.db_table
    values = ", ".join(["(%s, %s, %s)"] * len(rows))
    params = [p for bucket, n in rows for p in (game, bucket, n)]
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (game, bucket, count) VALUES {values} "  # noqa: S608 - fixed names
            f"ON CONFLICT (game, bucket) DO UPDATE SET count = {table}.count + EXCLUDED.count",
            params,
        )


def buckets_rebuild(game: str | None = None) -> None:
    """Recount every bucket from the ratings (after a recomputation or a bulk import)."""
    ratings = Rating.objects.filter(games__gte=elo.PROVISIONAL_GAMES, listed=True)
    buckets = LadderBucket.objects.all()
    if game is not None:
        ratings, buckets = ratings.filter(game=game), buckets.filter(game=game)
    counts = (
        ratings.annotate(point=Floor("rating"))
        .values("game", "point")
        .annotate(n=Count("id"))
        .order_by()
    )
    with transaction.atomic():
        buckets.delete()
        LadderBucket.objects.bulk_create(
            (LadderBucket(game=c["game"], bucket=int(c["point"]), count=c["n"]) for c in counts),
            batch_size=2000,
        )
