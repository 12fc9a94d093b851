"""ladders' part of "Your data" and of erasing an account (accounts.signals): ratings and the
change each ranked match made. At erasure the account leaves the queue; its ratings and their
history stay, so every other player's history still adds up."""

from __future__ import annotations

from typing import Any

from ladders.models import QueueEntry, Rating, RatingChange
from ladders.services import ratings_list


def data_section(sender: Any, user: Any, **kwargs: Any) -> dict[str, Any]:
    return {
        "ratings": [
            {"game": r.game, "rating": r.rating, "games": r.games, "wins": r.wins}
            for r in Rating.objects.filter(user=user).order_by("game")
        ],
        "rating_history": [
            {
                "match": c.match_id,
                "game": c.game,
                "place": c.place,
                "before": c.before,
                "after": c.after,
                "change": c.delta,
                "at": c.created_at.isoformat(),
            }
            for c in RatingChange.objects.filter(user=user).order_by("pk")
        ],
    }


def let_go(sender: Any, user: Any, **kwargs: Any) -> None:
    """An erased account leaves the queue and the standings; its rows and history stay."""
    QueueEntry.objects.filter(user=user, table__isnull=True).delete()
    ratings_list(user=user, listed=False)
