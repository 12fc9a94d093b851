from typing import Any

from django.apps import AppConfig


class LaddersConfig(AppConfig):
    name = "ladders"

    def ready(self) -> None:
        from play.models import Match
        from play.signals import match_finished

        match_finished.connect(_rate_finished_match, sender=Match, dispatch_uid="ladders.rate")
        from django.db.models.signals import post_delete

        from ladders.models import Rating

        post_delete.connect(_rating_deleted, sender=Rating, dispatch_uid="ladders.unbucket")


def _rate_finished_match(sender: Any, match: Any, seats: Any = None, **kwargs: Any) -> None:
    """Ranked results move ratings in the transaction that records them; casual ones never."""
    if match.ranked:
        from ladders.services import rating_apply_result

        rating_apply_result(match=match, seats=seats)


def _rating_deleted(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A player's rating row went (their account was deleted): their bucket count goes too."""
    if not instance.provisional:
        from collections import Counter

        from ladders.buckets import bucket_of, buckets_shift

        buckets_shift(game=instance.game, shift=Counter({bucket_of(instance.rating): -1}))
