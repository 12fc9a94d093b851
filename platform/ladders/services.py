"""Writes of the ladders: apply a ranked result, join/leave the queue, form ranked tables.

`rating_apply_result` runs inside the transaction that records a match's result (it listens
to play.signals.match_finished), so a result and the ratings it moves commit together.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.core import get_game
from ladders import elo, tasks
from ladders.buckets import bucket_moves, bucket_of, buckets_shift
from ladders.matchmaking import ranked_live_seats
from ladders.models import QueueEntry, Rating, RatingChange
from ladders.ratings_sql import ratings_lock, ratings_write, ratings_write_many
from play.models import Match, Seat
from shared.errors import ServiceError


class LadderError(ServiceError):
    """A refused ladder or queue request; nothing was changed."""


def rated_seats(match: Match, seats: Sequence[Seat] | None = None) -> list[Seat]:
    """The seats whose players are rated: people, never bots (nor seats of deleted users).
    `seats`: the match's seats when the caller has them in hand (play does), saving a query."""
    rows = match.seats.all() if seats is None else seats
    return [s for s in rows if s.user_id is not None and not s.bot]


def rating_apply_result(*, match: Match, seats: Sequence[Seat] | None = None) -> list[RatingChange]:
    """Move the ratings of a finished ranked match's players; safe to call twice."""
    if not match.ranked or match.status != Match.Status.FINISHED:
        return []
    seats = rated_seats(match, seats)
    if len(seats) < 2:
        return []
    with transaction.atomic(savepoint=False):
        ratings = ratings_lock(match.game, [s.user_id for s in seats])
        changes = result_rate(match, seats, ratings)
        shift = bucket_moves(  # an unlisted player (banned, erased) is in no bucket
            (c.before, ratings[c.user_id].games - 1, c.after, ratings[c.user_id].games)
            for c in changes
            if ratings[c.user_id].listed
        )
        stored = ratings_write(match.pk, list(ratings.values()), changes, shift)
    return changes if stored else []


def ratings_apply_results(
    *, finished: Sequence[tuple[Match, Sequence[Seat]]]
) -> list[RatingChange]:
    """Several finished matches' results at once (the deadline sweep's chunk), as
    rating_apply_result applies each in match id order: per game, one lock of all their
    players' ratings (in user order), one statement of writes. A player in several of them is
    rated by each in turn; a result stored already is left out (safe to call twice)."""
    by_game: dict[str, list[tuple[Match, list[Seat]]]] = defaultdict(list)
    for match, seats in sorted(finished, key=lambda pair: pair[0].pk):
        rated = rated_seats(match, seats)
        if match.ranked and match.status == Match.Status.FINISHED and len(rated) >= 2:
            by_game[match.game].append((match, rated))
    applied: list[RatingChange] = []
    with transaction.atomic(savepoint=False):
        for game in sorted(by_game):
            results = by_game[game]
            ratings = ratings_lock(game, sorted({s.user_id for _m, ss in results for s in ss}))
            stored = set(
                RatingChange.objects.filter(match_id__in=[m.pk for m, _s in results])
                .values_list("match_id", flat=True)
                .distinct()
            )
            changes, moves = [], []
            for match, seats in results:
                if match.pk in stored:
                    continue
                for change in result_rate(match, seats, ratings):
                    rating = ratings[change.user_id]
                    if rating.listed:  # an unlisted player (banned, erased) is in no bucket
                        moves.append((change.before, rating.games - 1, change.after, rating.games))
                    changes.append(change)
            if changes:
                moved = {c.user_id: ratings[c.user_id] for c in changes}
                ratings_write_many(list(moved.values()), changes, bucket_moves(moves))
                applied.extend(changes)
    return applied


def ratings_list(*, user: Any, listed: bool) -> int:
    """Put the account's ratings in the standings or take them out (a ban, an erasure, a
    lifted ban); established ones enter or leave their bucket in the same transaction.
    Returns how many rows changed; safe to call twice."""
    with transaction.atomic():
        rows = list(
            Rating.objects.select_for_update().filter(user=user, listed=not listed).order_by("game")
        )
        for row in rows:
            if not row.provisional:
                buckets_shift(
                    game=row.game, shift=Counter({bucket_of(row.rating): 1 if listed else -1})
                )
        Rating.objects.filter(pk__in=[r.pk for r in rows]).update(listed=listed)
    return len(rows)


def result_rate(match: Match, seats: list[Seat], ratings: dict[Any, Rating]) -> list[RatingChange]:
    """Update `ratings` in memory for this result; return the changes (unsaved).

    Shared by the live update and the recomputation, so both do exactly the same arithmetic.
    """
    when = match.finished_at or timezone.now()
    rows = [ratings[s.user_id] for s in seats]
    places = [int(s.place or len(seats)) for s in seats]
    deltas = elo.rating_changes([r.rating for r in rows], places, [r.games for r in rows])
    changes = []
    for seat, row, place, delta in zip(seats, rows, places, deltas, strict=True):
        before = row.rating
        row.rating = round(before + delta, 2)
        row.games += 1
        row.wins += place == 1
        row.last_played = when
        changes.append(
            RatingChange(
                match_id=match.pk,
                user_id=row.user_id,
                game=match.game,
                seat=seat.index,
                place=place,
                before=before,
                after=row.rating,
                delta=delta,
                created_at=when,
            )
        )
    return changes


def queue_join(*, user: Any, game: str, seats: int, now: datetime | None = None) -> QueueEntry:
    """Wait for a ranked table of `game` with `seats` players (replaces a finished wait)."""
    engine = _engine(game)
    if not isinstance(seats, int) or isinstance(seats, bool) or seats not in engine.seat_range():
        raise LadderError(
            "bad_seats", f"{engine.title} takes {engine.min_seats} to {engine.max_seats} players."
        )
    if _in_ranked_live_match(user):
        raise LadderError("in_match", _("Finish your ranked game before queueing again."), 409)
    rating = Rating.objects.filter(user=user, game=game).values_list("rating", flat=True).first()
    try:
        with transaction.atomic():
            QueueEntry.objects.filter(user=user, table__isnull=False).delete()
            now = now or timezone.now()
            entry = QueueEntry.objects.create(
                user=user,
                game=game,
                seats=seats,
                rating=rating if rating is not None else elo.INITIAL_RATING,
                joined_at=now,
                seen_at=now,
            )
    except IntegrityError as exc:
        raise LadderError(
            "already_queued", _("You are already waiting in the queue."), 409
        ) from exc
    transaction.on_commit(_pairing_schedule)
    return entry


def _engine(game: str) -> Any:
    try:
        return get_game(game)
    except KeyError as exc:
        raise LadderError(
            "unknown_game", _("There is no game called %(game)s.") % {"game": repr(game)}, 404
        ) from exc


def _in_ranked_live_match(user: Any) -> bool:
    return ranked_live_seats().filter(user=user).exists()


def _pairing_schedule() -> None:
    tasks.matchmaking_pair.delay()


def queue_touch(*, user: Any, now: datetime | None = None) -> None:
    """The player still waits (their queue page or client polled)."""
    waiting = QueueEntry.objects.filter(user=user, table__isnull=True)
    waiting.update(seen_at=now or timezone.now())


def queue_leave(*, user: Any) -> None:
    """Stop waiting. Waits for a pairing in progress, so a seated player learns it."""
    with transaction.atomic():
        entry = QueueEntry.objects.select_for_update().filter(user=user).first()
        if entry is None or not entry.waiting:
            raise LadderError("not_queued", _("You are not waiting in the queue."), 409)
        entry.delete()
