"""A ranked result's rating changes explained, seat by seat (docs/ratings.md, "Explained"): the
place the ratings before the game predicted against the place reached, and what each opponent
gave or took, from the same formula as the stored change (ladders/elo.py), so the parts add up
to it exactly."""

from __future__ import annotations

from typing import Any

from ladders import elo
from ladders.models import Rating, RatingChange
from play.models import Match


def rating_explained(match: Match) -> dict[int, dict[str, Any]]:
    """{seat: explanation} for a finished ranked match; {} when there is nothing to explain,
    or when the stored changes can no longer be derived (a player's account was deleted)."""
    if not match.ranked or not match.pk:
        return {}
    changes = list(RatingChange.objects.filter(match_id=match.pk).order_by("seat"))
    if len(changes) < 2:
        return {}
    ratings = [c.before for c in changes]
    places = [c.place for c in changes]
    games = [_games_before(c) for c in changes]
    if elo.rating_changes(ratings, places, games) != [c.delta for c in changes]:
        return {}
    return {
        change.seat: _explained(changes, ratings, places, games, i)
        for i, change in enumerate(changes)
    }


def _games_before(change: RatingChange) -> int:
    """Rated games the player had before this one (their K): the games counted on the rating
    now, less this one and those applied after it (changes are numbered in the order they were
    applied: docs/ratings.md, "Reproducible")."""
    now = Rating.objects.filter(user_id=change.user_id, game=change.game).first()
    later = RatingChange.objects.filter(
        user_id=change.user_id, game=change.game, id__gt=change.pk
    ).count()
    return max(0, (now.games if now else 0) - 1 - later)


def _explained(
    changes: list[RatingChange],
    ratings: list[float],
    places: list[int],
    games: list[int],
    i: int,
) -> dict[str, Any]:
    change = changes[i]
    parts = elo.change_explained(ratings, places, games, i)
    return {
        "seat": change.seat,
        "before": change.before,
        "after": change.after,
        "change": change.delta,
        "place": change.place,
        "expected_place": round(elo.expected_place(ratings, i), 2),
        "k": elo.k_factor(games[i]),
        "provisional": elo.is_provisional(games[i]),
        "opponents": [
            {
                "seat": changes[part.opponent].seat,
                "rating": changes[part.opponent].before,
                "place": changes[part.opponent].place,
                "score": part.score,
                "expected": round(part.expected, 4),
                "points": part.points,
            }
            for part in parts
        ],
    }
