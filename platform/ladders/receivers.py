"""ladders listens to play: a ranked result moves ratings in the transaction that records it;
the result table shows each seat's rating change; a deleted rating leaves its bucket."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ladders import selectors
from ladders.buckets import bucket_of, buckets_shift
from ladders.explain import rating_explained
from ladders.models import QueueEntry
from ladders.services import rating_apply_result, ratings_apply_results, ratings_list


def rate_finished_match(sender: Any, match: Any, seats: Any = None, **kwargs: Any) -> None:
    """Ranked results move ratings in the transaction that records them; casual ones never."""
    if match.ranked:
        rating_apply_result(match=match, seats=seats)


def rate_finished_matches(sender: Any, finished: Any, **kwargs: Any) -> None:
    """Several results in one transaction (the deadline sweep's chunk): rated together."""
    ratings_apply_results(finished=[(m, s) for m, s in finished if m.ranked])


def rating_notes(sender: Any, match: Any, **kwargs: Any) -> dict[int, str]:
    """Each seat's rating change ("+12") for the result table of a ranked match."""
    return selectors.changes_by_seat(match)


def rating_why(sender: Any, match: Any, **kwargs: Any) -> dict[int, dict[str, Any]]:
    """Each seat's rating change explained, for the end screen and the API."""
    return rating_explained(match)


def profile_ratings(sender: Any, person: Any, **kwargs: Any) -> dict[str, Any]:
    """The profile page's ratings section: every ladder and the latest rated games."""
    return {
        "ratings": selectors.player_ratings(person),
        "recent_rated": selectors.recent_changes(person, limit=10, viewer=kwargs.get("viewer")),
    }


def rating_deleted(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A player's rating row went (their account was deleted): their bucket count goes too."""
    if not instance.provisional and instance.listed:
        buckets_shift(game=instance.game, shift=Counter({bucket_of(instance.rating): -1}))


def queue_leave_banned(sender: Any, user: Any, **kwargs: Any) -> None:
    """A banned account stops waiting for a ranked table and leaves the ladders' standings
    (chat.signals.account_banned)."""
    QueueEntry.objects.filter(user=user, table__isnull=True).delete()
    ratings_list(user=user, listed=False)


def relist_unbanned(sender: Any, user: Any, **kwargs: Any) -> None:
    """A lifted ban puts the account back in the standings (chat.signals.account_unbanned)."""
    ratings_list(user=user, listed=True)
