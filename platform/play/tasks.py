"""Celery tasks of play: they take ids and call a service; running one twice is harmless."""

from celery import shared_task
from django.conf import settings

from play import background, bots, services, watchdog
from shared.retry import retried


@shared_task(name="play.tasks.bots_play", **retried())
def bots_play(match_id: int, version: int = 0) -> int:
    return bots.bots_play(match_id=match_id)


@shared_task(name="play.tasks.clocks_enforce")
def clocks_enforce() -> int:
    return services.clocks_enforce()


def bots_wake_match(match_id: int, version: int) -> None:
    """Wake a match's bots: a Celery task, or a thread of this process under `make run`."""
    if settings.BOTS_IN_BACKGROUND:
        background.bots_play_in_thread(match_id)
    else:
        bots_play.delay(match_id, version)


@shared_task(name="play.tasks.watchdog_pass")
def watchdog_pass() -> dict[str, int]:
    return watchdog.watchdog_pass(wake=bots_wake_match)
