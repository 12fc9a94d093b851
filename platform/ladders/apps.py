from typing import Any

from django.apps import AppConfig


class LaddersConfig(AppConfig):
    name = "ladders"

    def ready(self) -> None:
        from play.models import Match
        from play.signals import match_finished

        match_finished.connect(_rate_finished_match, sender=Match, dispatch_uid="ladders.rate")


def _rate_finished_match(sender: Any, match: Any, **kwargs: Any) -> None:
    """Ranked results move ratings in the transaction that records them; casual ones never."""
    if match.ranked:
        from ladders.services import rating_apply_result

        rating_apply_result(match=match)
