"""The rating update's writes in plain SQL on PostgreSQL: two statements for a whole table.

The ORM's bulk_update builds a CASE expression per field and row, which alone cost more CPU
than the 5 ms the whole update may take (bench/ratings_bench.py); these statements say the same
thing directly. Other databases (SQLite for `make run` without services) use the ORM.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.db import connection

from ladders import elo
from ladders.buckets import buckets_shift
from ladders.models import Rating, RatingChange

_LOCK_SQL = """
INSERT INTO ladders_rating (user_id, game, rating, games, wins) VALUES {values}
ON CONFLICT (user_id, game) DO UPDATE SET game = EXCLUDED.game
RETURNING id, user_id, rating, games, wins, last_played, listed
"""

# One statement for one result or several. `fresh` makes it a no-op when one match's changes
# are stored already (the statement's snapshot sees them if another transaction applied the
# result and committed while this one waited for the rating rows' locks): applying a result
# twice changes nothing. For several results (ratings_write_many) it is always true: the caller
# has checked, under the rating rows' locks, that none of them is stored yet.
_WRITE_SQL = """
WITH fresh AS ({fresh}), moved AS (
    UPDATE ladders_rating AS r
    SET rating = v.rating, games = v.games, wins = v.wins, last_played = v.last_played
    FROM (VALUES {ratings}) AS v(id, rating, games, wins, last_played), fresh
    WHERE r.id = v.id AND fresh.yes
    RETURNING 1
), noted AS (
    INSERT INTO ladders_ratingchange
        (match_id, user_id, game, seat, place, before, after, delta, created_at)
    SELECT c.* FROM (VALUES {changes}) AS c, fresh WHERE fresh.yes
    RETURNING 1
){buckets}
SELECT (SELECT count(*) FROM moved)
"""
_FRESH_MATCH = "SELECT NOT EXISTS (SELECT 1 FROM ladders_ratingchange WHERE match_id = %s) AS yes"
_FRESH_ALL = "SELECT TRUE AS yes"
# Buckets in ascending order, so concurrent updates lock them in the same order (no deadlock).
_BUCKETS_SQL = """, shifted AS (
    INSERT INTO ladders_ladderbucket (game, bucket, count)
    SELECT b.* FROM (VALUES {values}) AS b, fresh WHERE fresh.yes
    ON CONFLICT (game, bucket) DO UPDATE SET count = ladders_ladderbucket.count + EXCLUDED.count
    RETURNING 1
)"""
_RATING_ROW = "(%s::bigint, %s::double precision, %s::integer, %s::integer, %s::timestamptz)"
_CHANGE_ROW = "(%s, %s, %s, %s, %s, %s, %s, %s, %s)"


def ratings_lock(game: str, user_ids: list[Any]) -> dict[Any, Rating]:
    """Each player's rating row, created if new, locked in user order (no deadlocks)."""
    if connection.vendor != "postgresql":
        Rating.objects.bulk_create(
            [Rating(user_id=u, game=game) for u in user_ids], ignore_conflicts=True
        )
        rows = Rating.objects.select_for_update().filter(game=game, user_id__in=user_ids)
        return {r.user_id: r for r in rows.order_by("user_id")}
    ordered = sorted(user_ids)
    values = ", ".join(["(%s, %s, %s, 0, 0)"] * len(ordered))
    params = [p for u in ordered for p in (u, game, elo.INITIAL_RATING)]
    with connection.cursor() as cursor:
        cursor.execute(_LOCK_SQL.format(values=values), params)
        fetched = cursor.fetchall()
    return {
        user_id: Rating(
            id=pk,
            user_id=user_id,
            game=game,
            rating=r,
            games=n,
            wins=w,
            last_played=last,
            listed=listed,
        )
        for pk, user_id, r, n, w, last, listed in fetched
    }


def ratings_write(
    match_id: int, ratings: list[Rating], changes: list[RatingChange], shift: Counter[int]
) -> bool:
    """Store the new ratings, the changes and the bucket counts in one statement; False (and
    nothing stored) when this match's result was applied already."""
    if connection.vendor != "postgresql":
        if RatingChange.objects.filter(match_id=match_id).exists():
            return False
        _write_with_orm(ratings, changes, shift)
        return True
    return _write(_FRESH_MATCH, [match_id], ratings, changes, shift) > 0


def ratings_write_many(
    ratings: list[Rating], changes: list[RatingChange], shift: Counter[int]
) -> None:
    """Store several results of one game (ratings moved by all of them, their changes, the
    bucket counts) in one statement; the caller holds the rating rows' locks and has left out
    the results stored already."""
    if connection.vendor != "postgresql":
        _write_with_orm(ratings, changes, shift)
        return
    _write(_FRESH_ALL, [], ratings, changes, shift)


def _write_with_orm(
    ratings: list[Rating], changes: list[RatingChange], shift: Counter[int]
) -> None:
    Rating.objects.bulk_update(ratings, ["rating", "games", "wins", "last_played"])
    RatingChange.objects.bulk_create(changes)
    buckets_shift(game=ratings[0].game, shift=shift)


def _write(
    fresh: str,
    fresh_params: list[Any],
    ratings: list[Rating],
    changes: list[RatingChange],
    shift: Counter[int],
) -> int:
    """Run _WRITE_SQL with `fresh` as its guard; how many rating rows it moved."""
    game = ratings[0].game
    moves = sorted((bucket, n) for bucket, n in shift.items() if n)
    sql = _WRITE_SQL.format(
        fresh=fresh,
        ratings=", ".join([_RATING_ROW] * len(ratings)),
        changes=", ".join([_CHANGE_ROW] * len(changes)),
        buckets=_BUCKETS_SQL.format(values=", ".join(["(%s, %s, %s)"] * len(moves)))
        if moves
        else "",
    )
    params = list(fresh_params)
    params.extend(p for r in ratings for p in (r.pk, r.rating, r.games, r.wins, r.last_played))
    params.extend(
        p
        for c in changes
        for p in (
            c.match_id, c.user_id, c.game, c.seat, c.place, c.before, c.after, c.delta,
            c.created_at,
        )
    )  # fmt: skip
    params.extend(p for bucket, n in moves for p in (game, bucket, n))
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        (moved,) = cursor.fetchone()
    return int(moved)
