"""Rebuild every rating from the stored results, in the order they were applied.

The live update and this replay share `services.result_rate`, and changes are rounded to
hundredths, so the replay arrives at exactly the stored numbers; any difference is a bug (or a
hand edit) and is reported.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import F, Min

from ladders.buckets import bucket_of, buckets_rebuild
from ladders.models import LadderBucket, Rating, RatingChange
from ladders.services import rated_seats, result_rate
from play.models import Match

RatingKey = tuple[Any, str]


def ratings_replay() -> tuple[dict[RatingKey, Rating], list[RatingChange]]:
    """Every rating and every change, recomputed from the finished ranked matches."""
    matches = (
        Match.objects.filter(ranked=True, status=Match.Status.FINISHED)
        .only("id", "game", "ranked", "status", "finished_at")
        .annotate(applied=Min("rating_changes__id"))
        .order_by(F("applied").asc(nulls_last=True), "finished_at", "id")
        .prefetch_related("seats")
    )
    ratings: dict[RatingKey, Rating] = {}
    changes: list[RatingChange] = []
    for match in matches.iterator(chunk_size=2000):
        seats = rated_seats(match)
        if len(seats) < 2:
            continue
        rows = {
            user_id: ratings.setdefault(
                (user_id, match.game), Rating(user_id=user_id, game=match.game)
            )
            for user_id in (s.user_id for s in seats)
            if user_id is not None  # rated_seats keeps only seats with a user
        }
        changes.extend(result_rate(match, seats, rows))
    _mark_listed(ratings)
    return ratings, changes


def _mark_listed(ratings: dict[RatingKey, Rating]) -> None:
    """A banned or erased account (inactive) stays out of the standings after a replay."""
    users = {user_id for user_id, _game in ratings}
    inactive = set(
        get_user_model().objects.filter(pk__in=users, is_active=False).values_list("pk", flat=True)
    )
    for (user_id, _game), rating in ratings.items():
        rating.listed = user_id not in inactive


def ratings_compare(ratings: dict[RatingKey, Rating], changes: list[RatingChange]) -> list[str]:
    """Sentences naming each stored number that differs from the recomputed one."""
    problems = []
    stored = {(r.user_id, r.game): r for r in Rating.objects.filter(games__gt=0)}
    for key in sorted(set(stored) | set(ratings), key=str):
        mine, theirs = ratings.get(key), stored.get(key)
        if _rating_tuple(mine) != _rating_tuple(theirs):
            problems.append(
                f"rating {key}: stored {_rating_tuple(theirs)}, recomputed {_rating_tuple(mine)}"
            )
    stored_changes = {(c.match_id, c.user_id): c for c in RatingChange.objects.all()}
    for change in changes:
        old = stored_changes.pop((change.match_id, change.user_id), None)
        if _change_tuple(old) != _change_tuple(change):
            problems.append(
                f"change {change.match_id}/{change.user_id}: stored "
                f"{_change_tuple(old)}, recomputed {_change_tuple(change)}"
            )
    problems.extend(f"change {key}: stored but not recomputed" for key in stored_changes)
    problems.extend(_buckets_compare(ratings))
    return problems


def _buckets_compare(ratings: dict[RatingKey, Rating]) -> list[str]:
    counted = Counter(
        (r.game, bucket_of(r.rating)) for r in ratings.values() if not r.provisional and r.listed
    )
    stored = Counter({(b.game, b.bucket): b.count for b in LadderBucket.objects.exclude(count=0)})
    return [
        f"bucket {key}: stored {stored[key]}, recounted {counted[key]}"
        for key in sorted(set(counted) | set(stored))
        if counted[key] != stored[key]
    ]


def _rating_tuple(rating: Rating | None) -> tuple[Any, ...] | None:
    if rating is None:
        return None
    return (rating.rating, rating.games, rating.wins, rating.last_played)


def _change_tuple(change: RatingChange | None) -> tuple[Any, ...] | None:
    if change is None:
        return None
    return (change.place, change.before, change.after, change.delta, change.created_at)


def ratings_store(ratings: dict[RatingKey, Rating], changes: list[RatingChange]) -> None:
    """Replace the stored ratings and changes by the recomputed ones, in one transaction."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "LOCK TABLE ladders_rating, ladders_ratingchange, ladders_ladderbucket"
                    " IN EXCLUSIVE MODE"
                )
        # Plain deletes: no per-row signals (the buckets are recounted below).
        RatingChange.objects.all()._raw_delete(RatingChange.objects.db)
        Rating.objects.all()._raw_delete(Rating.objects.db)
        Rating.objects.bulk_create(ratings.values(), batch_size=2000)
        RatingChange.objects.bulk_create(changes, batch_size=2000)
        buckets_rebuild()
